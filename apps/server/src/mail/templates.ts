import { createElement } from 'react';
import { composeMail } from './compose-mail.js';
import type { OutgoingMail } from './outbox.js';
import { AccountConfirmation, StaffInvitation } from './templates/account-links.js';
import { PasswordReset } from './templates/password-reset.js';
import { BoughtOnEnded, EmptySerialPool, UnknownProduct, type BoughtOnEndedProps } from './templates/staff-alerts.js';
import { GiftReceipt } from './templates/gift-receipt.js';

// Each mail: a template component in ./templates/ (what the mail says, readable as a page), and here the
// function callers use (to, subject, attachments). composeMail renders the HTML part and the plain-text part.
// The mails that carry a licence are in ./licence-mails.ts.

/** The password-request mail. */
export const passwordResetMail = (options: { to: string; password: string; siteUrl?: string }): OutgoingMail =>
  composeMail({
    to: options.to,
    subject: 'Your new password',
    kind: 'password-reset',
    containsSecret: true,
    body: createElement(PasswordReset, { password: options.password, siteUrl: options.siteUrl ?? '' }),
  });

/** Alert to the administrator: a product's serial list ran out, an order got no serial. */
export const emptySerialPoolMail = (options: { to: string; productName: string; orderId: number }): OutgoingMail =>
  composeMail({
    to: options.to,
    subject: `Serial list of ${options.productName} is empty`,
    body: createElement(EmptySerialPool, { productName: options.productName, orderId: options.orderId }),
  });

/** Alert to the administrator: a paid order names products the store does not know, so they made no licence. */
export const unknownProductMail = (options: {
  to: string;
  providerOrderId: string;
  customerEmail: string;
  paths: string[];
}): OutgoingMail =>
  composeMail({
    to: options.to,
    subject: `Order ${options.providerOrderId} names unknown products`,
    body: createElement(UnknownProduct, options),
  });

/** Alert to support: licences bought at an upgrade or crossgrade price on licences a chargeback or return ended. */
export const boughtOnEndedMail = (options: { to: string } & BoughtOnEndedProps): OutgoingMail => {
  const { to, ...props } = options;
  const what = props.cause === 'chargeback' ? 'the chargeback' : 'the return';
  const ids = [...props.revoked, ...props.left].map((licence) => licence.id).join(', ');
  return composeMail({
    to,
    subject: `Upgrades bought on licences ${what} of order ${props.providerOrderId} ended: licence ${ids}`,
    kind: 'bought-on-ended',
    body: createElement(BoughtOnEnded, props),
  });
};

/** The payer's receipt of a gift purchase: names who received the licences (no keys: they went to the recipient). */
export const giftReceiptMail = (options: {
  to: string;
  payerName: string;
  recipientName: string;
  recipientEmail: string;
  orderReference: string;
  products: readonly string[];
  siteUrl: string;
}): OutgoingMail =>
  composeMail({
    to: options.to,
    subject: `Your gift ${options.orderReference} was delivered to ${options.recipientName || options.recipientEmail}`,
    body: createElement(GiftReceipt, options),
  });

/** The confirmation link mailed at registration (and on "send the link again"). */
export const accountConfirmationMail = (options: { to: string; link: string }): OutgoingMail =>
  composeMail({
    to: options.to,
    subject: 'Confirm your email address',
    kind: 'account-confirmation',
    containsSecret: true,
    body: createElement(AccountConfirmation, { link: options.link, siteUrl: siteOf(options.link) }),
  });

/** The invitation of a new staff login: the link sets its password. */
export const staffInvitationMail = (options: { to: string; role: string; link: string }): OutgoingMail =>
  composeMail({
    to: options.to,
    subject: 'Your staff login',
    kind: 'staff-invitation',
    containsSecret: true,
    body: createElement(StaffInvitation, { link: options.link, role: options.role, siteUrl: siteOf(options.link) }),
  });

/** The site's address of a link into it (`{site}/account/confirm/{token}`). */
const siteOf = (link: string): string => link.slice(0, Math.max(0, link.indexOf('/account/')));
