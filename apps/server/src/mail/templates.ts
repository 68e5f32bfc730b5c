import { serialKeyFileName } from '@store/contracts/constants';
import type { OutgoingMail } from './outbox.js';

/** The password-request mail. */
export const passwordResetMail = (options: { to: string; password: string }): OutgoingMail => ({
  to: options.to,
  subject: 'Your new password',
  containsSecret: true,
  text: [
    'Hello,',
    '',
    'somebody (hopefully you) asked for a new password for this email address.',
    '',
    `Your new password: ${options.password}`,
    '',
    'Your old password keeps working until you log in with the new one. The new password expires in 24 hours',
    'if it is not used. If you did not ask for it, you can ignore this email.',
  ].join('\n'),
});

/** Alert to the administrator: a product's serial list ran out, an order got no serial. */
export const emptySerialPoolMail = (options: { to: string; productName: string; orderId: number }): OutgoingMail => ({
  to: options.to,
  subject: `Serial list of ${options.productName} is empty`,
  text: [
    `Order ${options.orderId} of ${options.productName} was completed without a serial: the product's serial list is used up.`,
    '',
    'Paste new serials in the product editor; the order keeps its key files either way.',
  ].join('\n'),
});

/** The licence mail: the key file attached as {product}_SerialKey.txt. */
export const licenceMail = (options: {
  to: string;
  ownerName: string;
  productName: string;
  serial: string;
  keyFile: string;
  publicUrl: string;
}): OutgoingMail => ({
  to: options.to,
  subject: `Your ${options.productName} licence`,
  text: [
    `Hello ${options.ownerName || options.to},`,
    '',
    `thank you for choosing ${options.productName}. Your licence key file is attached.`,
    options.serial ? `Your serial number: ${options.serial}` : '',
    '',
    `Log in at ${options.publicUrl}/login with this email address to download your keys and manage your computers.`,
    'If you have no account yet, register there with this email address.',
  ]
    .filter((line, index, lines) => line !== '' || lines[index - 1] !== '')
    .join('\n'),
  attachments: [{ filename: serialKeyFileName(options.productName), content: options.keyFile, contentType: 'text/plain' }],
});

/** Alert to the administrator: a paid order names products the store does not know, so they made no licence. */
export const unknownProductMail = (options: { to: string; providerOrderId: string; customerEmail: string; paths: string[] }): OutgoingMail => ({
  to: options.to,
  subject: `Order ${options.providerOrderId} names unknown products`,
  text: [
    `The paid order ${options.providerOrderId} of ${options.customerEmail} names products that no product of the store is`,
    `called: ${options.paths.join(', ')}. They made no licence; the order's other products did.`,
    '',
    "Make the storefront's product paths match the product names (in lower case), then create the customer's",
    'licences in the person editor (New order/license), or resend the order from FastSpring.',
  ].join('\n'),
});

/** The confirmation link mailed at registration (and on "send the link again"). */
export const accountConfirmationMail = (options: { to: string; link: string }): OutgoingMail => ({
  to: options.to,
  subject: 'Confirm your email address',
  containsSecret: true,
  text: [
    'Hello,',
    '',
    'an account was registered with this email address. Open this link to confirm that the address is yours;',
    'your licences appear in your account once it is confirmed:',
    '',
    options.link,
    '',
    'The link works once, for 7 days. If you did not register, you can ignore this email: nobody sees your',
    'licences without this link.',
  ].join('\n'),
});

/**
 * The account link mailed with a purchase or a redeemed activation code to an address without a proven login:
 * opening it sets a password and opens the account (the address is proven by the link).
 */
export const accountLinkMail = (options: { to: string; link: string; hasLogin: boolean }): OutgoingMail => ({
  to: options.to,
  subject: options.hasLogin ? 'Confirm your email address to see your licence' : 'Open your account',
  containsSecret: true,
  text: [
    'Hello,',
    '',
    options.hasLogin
      ? 'your new licence is waiting in your account. Open this link to confirm your email address and choose a password:'
      : 'your licence is ready. Open this link to choose a password for your account, where you download your keys and manage your computers:',
    '',
    options.link,
    '',
    'The link works once, for 30 days. After that, use "Lost your password?" on the login page.',
  ].join('\n'),
});

/** The invitation of a new staff login: the link sets its password. */
export const staffInvitationMail = (options: { to: string; role: string; link: string }): OutgoingMail => ({
  to: options.to,
  subject: 'Your staff login',
  containsSecret: true,
  text: [
    'Hello,',
    '',
    `you have been given a staff login (${options.role}) for the shop's back office. Open this link to choose your password:`,
    '',
    options.link,
    '',
    'The link works once, for 7 days. Log in with this email address; you can then turn on two-factor login in your account.',
  ].join('\n'),
});
