import type { Config } from '../config.js';
import type { OutgoingMail } from './outbox.js';
import { licenceMail } from './templates.js';

/** The site's address for links in mails. */
export const siteUrlOf = (config: Config): string => config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;

/**
 * The licence mail of one licence: the key the current releases use ("Download Actual Key": serial2048 when
 * the product uses RSA 2048, else serialNew) attached as {product}_SerialKey.txt.
 */
export const licenceMailOfOrder = (options: {
  to: string;
  ownerName: string;
  productName: string;
  useRsa2048: boolean;
  order: { serial: string; serial_new: string; serial_2048: string };
  siteUrl: string;
}): OutgoingMail =>
  licenceMail({
    to: options.to,
    ownerName: options.ownerName,
    productName: options.productName,
    serial: options.order.serial,
    keyFile: options.useRsa2048 && options.order.serial_2048 ? options.order.serial_2048 : options.order.serial_new,
    publicUrl: options.siteUrl,
  });

/** A customer's support request, to the support address; replying answers the customer. */
export const supportRequestMail = (options: {
  to: string;
  customerEmail: string;
  productName: string;
  operatingSystem: string;
  problemDescription: string;
  requestId: number;
}): OutgoingMail => ({
  to: options.to,
  replyTo: options.customerEmail,
  subject: `Support request #${options.requestId}: ${options.productName}`,
  text: [
    `From: ${options.customerEmail}`,
    `Product: ${options.productName}`,
    `Operating system and host: ${options.operatingSystem}`,
    '',
    options.problemDescription,
  ].join('\n'),
});

/** To the previous owner: their licence now belongs to someone else. */
export const licenceTransferredMail = (options: {
  to: string;
  ownerName: string;
  productName: string;
  newOwnerName: string;
  siteUrl: string;
}): OutgoingMail => ({
  to: options.to,
  subject: `Your ${options.productName} licence was transferred`,
  text: [
    `Hello ${options.ownerName || options.to},`,
    '',
    `your ${options.productName} licence has been transferred to ${options.newOwnerName || 'its new owner'}.`,
    'Its computers were removed and its keys no longer work on your computers.',
    '',
    `If you did not ask for this transfer, please contact us through ${options.siteUrl}/support.`,
  ].join('\n'),
});

/** To the support address: a paid transfer that could not be carried out and needs a person. */
export const transferFailedMail = (options: {
  to: string;
  providerOrderId: string;
  customerEmail: string;
  reason: string;
  tag: string;
}): OutgoingMail => ({
  to: options.to,
  subject: `Licence transfer of order ${options.providerOrderId} needs attention`,
  text: [
    `A licence transfer was paid (order ${options.providerOrderId}, ${options.customerEmail || 'no email'}) but not carried out:`,
    options.reason,
    '',
    `Checkout tag: ${options.tag || '(none)'}`,
    '',
    'Transfer the licence in the person editor ("Transfer license") or refund the order.',
  ].join('\n'),
});
