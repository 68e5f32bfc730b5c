import type { MailboxEntry } from '@store/contracts/mailbox';
import type { Db } from '../db/client.js';
import { AppError } from '../lib/app-error.js';
import { listRecentMail } from './outbox.js';

/** What support reads in place of a mail that carries a password or a sign-in link. */
export const SECRET_WITHHELD = 'This mail carries a password or a sign-in link: only an administrator can read it.';

/**
 * The development mailbox (decision 020): the newest outgoing mails, all or those to one address; off (404) when
 * mail is delivered over SMTP. A password or a sign-in link lets whoever reads it in as the recipient, staff logins
 * included: only an administrator, who may do everything anyway, reads those; support sees that they were sent.
 */
export async function readMailbox(options: { db: Db; isSmtpOn: boolean; to?: string; isAdmin: boolean }): Promise<MailboxEntry[]> {
  if (options.isSmtpOn) throw new AppError('notFound', 'The mailbox is off: mail is delivered over SMTP.');
  const mails = await listRecentMail(options.db, 100, options.to);
  return mails.map((mail) => ({
    id: mail.id,
    to: mail.recipient,
    replyTo: mail.reply_to,
    subject: mail.subject,
    ...(mail.contains_secret && !options.isAdmin
      ? { text: SECRET_WITHHELD, html: null, attachments: [] }
      : {
          text: mail.body_text,
          html: mail.body_html,
          attachments: mail.attachments.map((file) => ({ filename: file.filename, content: file.content })),
        }),
    createdAt: mail.created_at.toISOString(),
    sentAt: mail.sent_at?.toISOString() ?? null,
  }));
}
