import { createElement } from 'react';
import type { Config } from '../config.js';
import { composeMail } from './compose-mail.js';
import type { OutgoingMail } from './outbox.js';
import { LicenceTransferred } from './templates/licence-transfer.js';
import { ReleaseNotice } from './templates/release-notice.js';
import { RefundNotice, type RefundedLicence } from './templates/refund.js';
import { SupportRequest, TransferFailed } from './templates/staff-alerts.js';
import { SupportAcknowledgement } from './templates/support-acknowledgement.js';

/** The site's address for links in mails. */
export const siteUrlOf = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string => config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;

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

/**
 * To whoever sent a support request: its number, and that a person will answer. It repeats nothing they typed:
 * anyone can type any address, so the mail must not carry a stranger's text (decision 053).
 */
export const supportAcknowledgementMail = (options: {
  to: string;
  supportEmail: string;
  requestId: number;
  siteUrl: string;
}): OutgoingMail =>
  composeMail({
    to: options.to,
    replyTo: options.supportEmail,
    subject: `We received your support request #${options.requestId}`,
    body: createElement(SupportAcknowledgement, { requestId: options.requestId, siteUrl: options.siteUrl }),
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

/** To the payer of a refunded purchase: the amount, and the licences that ended with it. */
export const refundMail = (options: {
  to: string;
  customerName: string;
  orderReference: string;
  amount: number | null;
  currency: string;
  endedLicences: readonly RefundedLicence[];
  siteUrl: string;
}): OutgoingMail => {
  const amountText = options.amount === null ? '' : `${options.currency} ${options.amount.toFixed(2)}`.trim();
  return composeMail({
    to: options.to,
    subject: `Refund of your order ${options.orderReference}`,
    body: createElement(RefundNotice, { ...options, amountText }),
  });
};

/**
 * To an owner who agreed to release mail: a new version and its notes, with the unsubscribe page's link in the
 * text and RFC 8058's headers, so a mail program unsubscribes with one POST and no login (decision 055).
 */
export const releaseNoticeMail = (options: {
  to: string;
  ownerName: string;
  title: string;
  notes: string;
  siteUrl: string;
  unsubscribeUrl: string;
  oneClickUrl: string;
}): OutgoingMail =>
  composeMail({
    to: options.to,
    subject: options.title,
    kind: 'release',
    body: createElement(ReleaseNotice, options),
    headers: { 'List-Unsubscribe': `<${options.oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
