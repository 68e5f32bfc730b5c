import { serialKeyFileName } from '@store/contracts/constants';
import type { OutgoingMail } from './outbox.js';

/** The password-request mail. */
export const passwordResetMail = (options: { to: string; password: string }): OutgoingMail => ({
  to: options.to,
  subject: 'Your new password',
  kind: 'password-reset',
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
