import { serialKeyFileName } from '@store/contracts/constants';
import { actualKeyOf } from '@store/contracts/licence-keys';
import { createElement } from 'react';
import { composeMail, renderMailBodyOfValues } from './compose-mail.js';
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

/**
 * The one confirmation of a paid order: all its licences, each key file attached. Its template is rendered once per
 * shape (its products, which values are equal or empty, which sign-in link) and the order's values put into it (decision 072):
 * every paid order makes one, inside the webhook's transaction.
 */
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
  // Each distinct value once, by its slot: the template's output may depend on which values are equal (products).
  const values: string[] = [];
  const slot = (value: string) => {
    const at = values.indexOf(value);
    return at >= 0 ? at : values.push(value) - 1;
  };
  // The sign-in button turns a login page's link into the account's (SignInButton): that suffix stays outside the value.
  const isLoginPage = signIn.url.endsWith('/login');
  const slots = {
    to: slot(options.to),
    ownerName: slot(options.ownerName),
    orderReference: slot(options.orderReference),
    siteUrl: slot(options.siteUrl),
    signInUrl: slot(isLoginPage ? signIn.url.slice(0, -'/login'.length) : signIn.url),
    licences: shown.map((licence) => ({
      orderId: slot(String(licence.orderId)),
      // The products are few, and the preview pads its text to a fixed length (React Email): their names are the shape's.
      productName: licence.productName,
      serial: slot(licence.serial),
      keyFileName: slot(licence.keyFileName),
    })),
  };
  const shape = `order-confirmation:${signIn.kind}:${isLoginPage}:${JSON.stringify(slots)}`;
  const body = renderMailBodyOfValues(shape, values, (put) =>
    createElement(OrderConfirmation, {
      to: put[slots.to]!,
      ownerName: put[slots.ownerName]!,
      orderReference: put[slots.orderReference]!,
      licences: slots.licences.map((licence) => ({
        // The template only prints the licence's number (`#12`): its text stands in for it.
        orderId: put[licence.orderId] as unknown as number,
        productName: licence.productName,
        serial: put[licence.serial]!,
        keyFileName: put[licence.keyFileName]!,
      })),
      siteUrl: put[slots.siteUrl]!,
      signIn: { kind: signIn.kind, url: `${put[slots.signInUrl]!}${isLoginPage ? '/login' : ''}` },
    }),
  );
  return composeMail({
    ...secret,
    to: options.to,
    subject: `Your order ${options.orderReference}: ${[...new Set(shown.map((licence) => licence.productName))].join(', ')}`,
    body,
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
