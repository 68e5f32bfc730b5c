import type { OutgoingMail } from './outbox.js';

/** The password-request mail. */
export const passwordResetMail = (options: { to: string; password: string }): OutgoingMail => ({
  to: options.to,
  subject: 'Your new password',
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
