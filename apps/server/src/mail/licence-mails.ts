import { serialKeyFileName } from '@store/contracts/constants';
import { actualKeyOf } from '@store/contracts/licence-keys';
import { createElement } from 'react';
import { composeMail } from './compose-mail.js';
import type { MailAttachment, OutgoingMail } from './outbox.js';
import { LicenceKeys, OrderConfirmation, type MailedLicence } from './templates/licence-keys.js';
import { LicenceReceived } from './templates/licence-transfer.js';
import { loginPageLink, type SignInLink } from './templates/sign-in-link.js';

/**
 * A mail's way into the account: the login page unless the caller has a single-use link for it. A mail with such
 * a link carries a secret, so its body is cleared once sent (outbox.ts).
 */
const signInOf = (options: { siteUrl: string; signIn?: SignInLink | undefined }) => {
  const signIn = options.signIn ?? loginPageLink(options.siteUrl);
  return { signIn, secret: signIn.kind === 'signIn' ? {} : { containsSecret: true, kind: 'licence-with-account-link' } };
};

// Every mail that carries a licence (its activation, a key resend, a paid order's confirmation, a transfer's new
// owner) shows it with the same block (LicenceDetails) and attaches the same key file, chosen by keyFileOfLicence.

/** A licence as a mail carries it: its product, and the order row with its serial and key files. */
export type LicenceOfMail = {
  productName: string;
  useRsa2048: boolean;
  order: { id: number; serial: string; serial_new: string; serial_2048: string };
};

/** The key file a mail carries for a licence: the current releases' (`actualKeyOf`, the customer area's rule). */
const keyFileOfLicence = ({ useRsa2048, order }: LicenceOfMail): string =>
  actualKeyOf({ useRsa2048, serialNew: order.serial_new, serial2048: order.serial_2048 });

/**
 * The key file names of the licences of one mail: `{product}_SerialKey.txt`, and `{product}_SerialKey_{licence}.txt`
 * where the mail holds more than one licence of that product, so no attachment hides another.
 */
export const keyFileNamesOf = (licences: readonly { orderId: number; productName: string }[]): string[] =>
  licences.map((licence) =>
    licences.filter((other) => other.productName === licence.productName).length > 1
      ? serialKeyFileName(licence.productName).replace(/\.txt$/, `_${licence.orderId}.txt`)
      : serialKeyFileName(licence.productName),
  );

/** The licences of one mail as its template shows them, and their key files as its attachments. */
function licencesOfMail(licences: readonly LicenceOfMail[]): { shown: MailedLicence[]; attachments: MailAttachment[] } {
  const names = keyFileNamesOf(licences.map((licence) => ({ orderId: licence.order.id, productName: licence.productName })));
  return {
    shown: licences.map((licence, index) => ({
      orderId: licence.order.id,
      productName: licence.productName,
      serial: licence.order.serial,
      keyFileName: names[index]!,
    })),
    attachments: licences.map((licence, index) => ({
      filename: names[index]!,
      content: keyFileOfLicence(licence),
      contentType: 'text/plain',
    })),
  };
}

/** One licence's keys: after redeeming an activation code, or on a Send License Key request. */
export const licenceMail = (options: {
  to: string;
  ownerName: string;
  licence: LicenceOfMail;
  siteUrl: string;
  signIn?: SignInLink;
  reason: 'activation' | 'resend' | 'replaced';
}): OutgoingMail => {
  const { shown, attachments } = licencesOfMail([options.licence]);
  const { signIn, secret } = signInOf(options);
  return composeMail({
    ...secret,
    to: options.to,
    subject: `Your ${options.licence.productName} licence`,
    body: createElement(LicenceKeys, {
      to: options.to,
      ownerName: options.ownerName,
      licence: shown[0]!,
      siteUrl: options.siteUrl,
      signIn,
      reason: options.reason,
    }),
    attachments,
  });
};

/** The one confirmation of a paid order: all its licences, each key file attached. */
export const orderConfirmationMail = (options: {
  to: string;
  ownerName: string;
  orderReference: string;
  licences: readonly LicenceOfMail[];
  siteUrl: string;
  signIn?: SignInLink;
}): OutgoingMail => {
  const { shown, attachments } = licencesOfMail(options.licences);
  const { signIn, secret } = signInOf(options);
  return composeMail({
    ...secret,
    to: options.to,
    subject: `Your order ${options.orderReference}: ${[...new Set(shown.map((licence) => licence.productName))].join(', ')}`,
    body: createElement(OrderConfirmation, {
      to: options.to,
      ownerName: options.ownerName,
      orderReference: options.orderReference,
      licences: shown,
      siteUrl: options.siteUrl,
      signIn,
    }),
    attachments,
  });
};

/** To the new owner of a transferred licence: what they got, its new key file attached, and how to start. */
export const licenceReceivedMail = (options: {
  to: string;
  ownerName: string;
  licence: LicenceOfMail;
  siteUrl: string;
  signIn?: SignInLink;
}): OutgoingMail => {
  const { shown, attachments } = licencesOfMail([options.licence]);
  const { signIn, secret } = signInOf(options);
  return composeMail({
    ...secret,
    to: options.to,
    subject: `A ${options.licence.productName} licence is now yours`,
    body: createElement(LicenceReceived, {
      to: options.to,
      ownerName: options.ownerName,
      licence: shown[0]!,
      siteUrl: options.siteUrl,
      signIn,
    }),
    attachments,
  });
};
