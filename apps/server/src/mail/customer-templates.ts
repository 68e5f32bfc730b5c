import { serialKeyFileName } from '@store/contracts/constants';
import { createElement } from 'react';
import type { Config } from '../config.js';
import { composeMail } from './compose-mail.js';
import type { OutgoingMail } from './outbox.js';
import { licenceMail } from './templates.js';
import { LicenceReceived, LicenceTransferred } from './templates/licence-transfer.js';
import { SupportRequest, TransferFailed } from './templates/staff-alerts.js';

/** The site's address for links in mails. */
export const siteUrlOf = (config: Config): string => config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;

/** The key the current releases use ("Download Actual Key": serial2048 when the product uses RSA 2048, else serialNew). */
const actualKeyOf = (useRsa2048: boolean, order: { serial_new: string; serial_2048: string }) =>
  useRsa2048 && order.serial_2048 ? order.serial_2048 : order.serial_new;

/**
 * The licence mail of one licence: the key the current releases use attached as {product}_SerialKey.txt.
 */
export const licenceMailOfOrder = (options: {
  to: string;
  ownerName: string;
  productName: string;
  useRsa2048: boolean;
  order: { id?: number; serial: string; serial_new: string; serial_2048: string };
  siteUrl: string;
  reason?: 'activation' | 'resend' | 'admin';
}): OutgoingMail =>
  licenceMail({
    to: options.to,
    ownerName: options.ownerName,
    productName: options.productName,
    serial: options.order.serial,
    keyFile: actualKeyOf(options.useRsa2048, options.order),
    publicUrl: options.siteUrl,
    ...(options.order.id === undefined ? {} : { orderId: options.order.id }),
    ...(options.reason === undefined ? {} : { reason: options.reason }),
  });

/** To the new owner of a transferred licence: what they got, its new key file attached, and how to start. */
export const licenceReceivedMail = (options: {
  to: string;
  ownerName: string;
  productName: string;
  useRsa2048: boolean;
  order: { id: number; serial: string; serial_new: string; serial_2048: string };
  siteUrl: string;
}): OutgoingMail => {
  const keyFileName = serialKeyFileName(options.productName);
  const licence = { orderId: options.order.id, productName: options.productName, serial: options.order.serial, keyFileName };
  return composeMail({
    to: options.to,
    subject: `A ${options.productName} licence is now yours`,
    body: createElement(LicenceReceived, { to: options.to, ownerName: options.ownerName, licence, siteUrl: options.siteUrl }),
    attachments: [{ filename: keyFileName, content: actualKeyOf(options.useRsa2048, options.order), contentType: 'text/plain' }],
  });
};

/** A customer's support request, to the support address; replying answers the customer. */
export const supportRequestMail = (options: {
  to: string;
  customerEmail: string;
  productName: string;
  operatingSystem: string;
  problemDescription: string;
  requestId: number;
}): OutgoingMail =>
  composeMail({
    to: options.to,
    replyTo: options.customerEmail,
    subject: `Support request #${options.requestId}: ${options.productName}`,
    body: createElement(SupportRequest, options),
  });

/** To the previous owner: their licence now belongs to someone else. */
export const licenceTransferredMail = (options: {
  to: string;
  ownerName: string;
  productName: string;
  newOwnerName: string;
  siteUrl: string;
}): OutgoingMail =>
  composeMail({
    to: options.to,
    subject: `Your ${options.productName} licence was transferred`,
    body: createElement(LicenceTransferred, options),
  });

/** To the support address: a paid transfer that could not be carried out and needs a person. */
export const transferFailedMail = (options: {
  to: string;
  providerOrderId: string;
  customerEmail: string;
  reason: string;
  tag: string;
}): OutgoingMail =>
  composeMail({
    to: options.to,
    subject: `Licence transfer of order ${options.providerOrderId} needs attention`,
    body: createElement(TransferFailed, options),
  });
