import type { Queryable } from '../db/client.js';

export type MailAttachment = { filename: string; content: string; contentType?: string };
export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  /** The HTML part; mails written in the text-only style have none (see mail/compose-mail.ts). */
  html?: string;
  replyTo?: string;
  attachments?: MailAttachment[];
  /** The mail carries a secret (a password or a one-time link): its body is not kept once it is sent. */
  containsSecret?: boolean;
};

/**
 * Queues a mail in the outbox. Call it with the transaction of the change that causes the mail, so the mail
 * exists exactly when the change does; the worker delivers it.
 */
export async function enqueueMail(db: Queryable, mail: OutgoingMail): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO mail_outbox (recipient, reply_to, subject, body_text, body_html, attachments)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [mail.to, mail.replyTo ?? null, mail.subject, mail.text, mail.html ?? null, JSON.stringify(mail.attachments ?? [])],
  );
  return rows[0]!.id;
}

export type OutboxRow = {
  id: number;
  recipient: string;
  reply_to: string | null;
  subject: string;
  body_text: string;
  body_html: string | null;
  attachments: MailAttachment[];
  created_at: Date;
  attempts: number;
  sent_at: Date | null;
  last_error: string | null;
};

/** The newest mails, for the development mailbox. */
export async function listRecentMail(db: Queryable, limit = 100, recipient?: string): Promise<OutboxRow[]> {
  const { rows } = await db.query<OutboxRow>(
    `SELECT id, recipient, reply_to, subject, body_text, body_html, attachments, created_at, attempts, sent_at, last_error
       FROM mail_outbox WHERE ($2::text IS NULL OR lower(recipient) = lower($2)) ORDER BY id DESC LIMIT $1`,
    [limit, recipient ?? null],
  );
  return rows;
}
