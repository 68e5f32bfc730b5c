import { transactionValue, type Queryable } from '../db/client.js';

export type MailAttachment = { filename: string; content: string; contentType?: string };
export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  /** The HTML alternative of `text`, when the mail has one. */
  html?: string;
  replyTo?: string;
  attachments?: MailAttachment[];
  /** What the mail is (`password-reset`, ...), shown to the administrator; it stays after a secret is cleared. */
  kind?: string;
  /**
   * The mail carries a secret (a mailed password, a set-password or confirmation link): once sent over SMTP its
   * text, HTML and attachments are cleared from the database; in the development mailbox, after 24 hours.
   */
  containsSecret?: boolean;
  /** Further headers (release mail's List-Unsubscribe, RFC 8058). */
  headers?: Record<string, string>;
};

/** The outbox's columns a new mail writes, in the order mailValues gives them. */
const MAIL_COLUMNS = 'recipient, reply_to, subject, body_text, body_html, attachments, kind, contains_secret, headers';

const MAIL_WIDTH = MAIL_COLUMNS.split(',').length;

/** Transactions holding more mails than this (none does today) insert them with a statement that is not kept. */
const MAX_PREPARED_MAILS = 4;

const mailValues = (mail: OutgoingMail) => [
  mail.to,
  mail.replyTo ?? null,
  mail.subject,
  mail.text,
  mail.html ?? null,
  JSON.stringify(mail.attachments ?? []),
  mail.kind ?? null,
  mail.containsSecret === true,
  JSON.stringify(mail.headers ?? {}),
];

/**
 * Writes a mail to the outbox, due now; the relay (mail/relay.ts) sends it once the transaction commits. Call it with
 * the transaction of the change that causes the mail, so the mail exists exactly when the change does. Answers the
 * mail's id.
 */
export async function enqueueMail(db: Queryable, mail: OutgoingMail): Promise<number> {
  const { rows } = await db.query<{ id: number }>({
    name: 'mail-insert',
    text: `INSERT INTO mail_outbox (${MAIL_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    values: mailValues(mail),
  });
  return rows[0]!.id;
}

/**
 * Like enqueueMail, for a caller that needs no id back (decision 072): inside withTransaction the transaction's mails
 * are inserted together just before the commit, in one statement, so a mail costs no round trip of its own. Outside
 * a transaction it is enqueueMail. The insert is part of the transaction: a rollback leaves no mail.
 */
export async function enqueueMailAtCommit(db: Queryable, mail: OutgoingMail): Promise<void> {
  const batch = transactionValue(db, 'mail-at-commit', () => {
    const mails: OutgoingMail[] = [];
    return { value: mails, beforeCommit: () => insertMails(db, mails) };
  });
  if (batch) batch.push(mail);
  else await enqueueMail(db, mail);
}

/**
 * Inserts the mails a transaction held for its commit, in one statement: a row of parameters per mail, so their
 * text and HTML reach PostgreSQL as they are (as one JSON document they were escaped here and parsed there, which
 * cost more than the insert). Prepared for the few mails a transaction holds (one or two in nearly every one).
 */
async function insertMails(db: Queryable, mails: OutgoingMail[]): Promise<void> {
  if (mails.length === 0) return;
  const rows = mails.map(
    (_, row) => `(${Array.from({ length: MAIL_WIDTH }, (_, column) => `$${row * MAIL_WIDTH + column + 1}`).join(', ')})`,
  );
  await db.query({
    name: mails.length <= MAX_PREPARED_MAILS ? `mail-insert-${mails.length}` : undefined,
    text: `INSERT INTO mail_outbox (${MAIL_COLUMNS}) VALUES ${rows.join(', ')}`,
    values: mails.flatMap(mailValues),
  });
}

export type OutboxRow = {
  id: number;
  recipient: string;
  reply_to: string | null;
  subject: string;
  body_text: string;
  body_html: string | null;
  attachments: MailAttachment[];
  headers: Record<string, string>;
  kind: string | null;
  contains_secret: boolean;
  created_at: Date;
  attempts: number;
  sent_at: Date | null;
  failed_at: Date | null;
  last_error: string | null;
};

const outboxColumns = `id, recipient, reply_to, subject, body_text, body_html, attachments, headers, kind, contains_secret, created_at,
  attempts, sent_at, failed_at, last_error`;

/** The newest mails, for the development mailbox. */
export async function listRecentMail(db: Queryable, limit = 100, recipient?: string): Promise<OutboxRow[]> {
  const { rows } = await db.query<OutboxRow>(
    `SELECT ${outboxColumns}
       FROM mail_outbox WHERE ($2::text IS NULL OR lower(recipient) = lower($2)) ORDER BY id DESC LIMIT $1`,
    [limit, recipient ?? null],
  );
  return rows;
}

/** The mails that failed for good (every attempt refused), newest first. */
export async function listFailedMail(db: Queryable, limit = 200): Promise<OutboxRow[]> {
  const { rows } = await db.query<OutboxRow>(
    `SELECT ${outboxColumns} FROM mail_outbox WHERE failed_at IS NOT NULL ORDER BY failed_at DESC, id DESC LIMIT $1`,
    [limit],
  );
  return rows;
}

/** Gives a mail that failed for good a fresh set of attempts, due now; false when it has not failed. */
export async function retryFailedMail(db: Queryable, mailId: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE mail_outbox SET failed_at = NULL, attempts = 0, claimed_at = NULL, next_attempt_at = now()
      WHERE id = $1 AND failed_at IS NOT NULL`,
    [mailId],
  );
  return rowCount === 1;
}

/** Minutes after which a delivery attempt's claim on a mail counts as abandoned (its process died, or lost its answer). */
export const MAIL_CLAIM_MINUTES = 15;

/**
 * Claims up to `limit` due mails for one delivery attempt each, in one statement and without holding a transaction:
 * the claim is the row's `claimed_at`, and the mail's next attempt moves to the claim's expiry, so a mail whose
 * attempt never records a result (its process died, its answer was lost) is due again MAIL_CLAIM_MINUTES later.
 * SKIP LOCKED lets relays claim side by side; the claimed_at condition also keeps them off a mail that a `send_mail`
 * job of the previous version claimed during a rolling deploy (decision 114).
 */
export async function claimDueMail(db: Queryable, limit: number): Promise<OutboxRow[]> {
  const { rows } = await db.query<OutboxRow>({
    name: 'mail-claim-due',
    text: `UPDATE mail_outbox SET claimed_at = now(), attempts = attempts + 1,
              next_attempt_at = now() + interval '${MAIL_CLAIM_MINUTES} minutes'
        WHERE id IN (SELECT id FROM mail_outbox
                      WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
                        AND (claimed_at IS NULL OR claimed_at < now() - interval '${MAIL_CLAIM_MINUTES} minutes')
                      ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING ${outboxColumns}`,
    values: [limit],
  });
  return rows;
}

/** Records delivered mails; a mail with a secret keeps only what shows it was sent (recipient, subject, kind, time). */
export async function recordMailsSent(db: Queryable, mailIds: readonly number[]): Promise<void> {
  if (mailIds.length === 0) return;
  await db.query({
    name: 'mail-record-sent',
    text: `UPDATE mail_outbox SET sent_at = now(), claimed_at = NULL, last_error = NULL,
       body_text = CASE WHEN contains_secret THEN '' ELSE body_text END,
       body_html = CASE WHEN contains_secret THEN NULL ELSE body_html END,
       attachments = CASE WHEN contains_secret THEN '[]'::jsonb ELSE attachments END,
       body_cleared_at = CASE WHEN contains_secret THEN now() END
     WHERE id = ANY($1::bigint[])`,
    values: [mailIds],
  });
}

/**
 * Records a failed attempt: the mail is due again after e^attempts seconds (at most e^10 s, about 6 hours), the
 * back-off the job queue gave it before (decision 020), or has failed for good once its attempts are used up.
 * Answers whether it has.
 */
export async function recordMailFailure(db: Queryable, mailId: number, error: string, maxAttempts: number): Promise<boolean> {
  const { rows } = await db.query<{ has_failed: boolean }>({
    name: 'mail-record-failure',
    text: `UPDATE mail_outbox SET claimed_at = NULL, last_error = $2,
       failed_at = CASE WHEN attempts >= $3 THEN now() END,
       next_attempt_at = now() + make_interval(secs => exp(least(attempts, 10)))
     WHERE id = $1 RETURNING failed_at IS NOT NULL AS has_failed`,
    values: [mailId, error.slice(0, 500), maxAttempts],
  });
  return rows[0]?.has_failed ?? false;
}

/**
 * Without SMTP the development mailbox is the delivery: the unsent mail written so far is taken out of the relay's
 * way (due at 'infinity'), so that a process started later with SMTP does not send it (decision 114, as decision 020
 * had it). The job runner calls it when it starts and stops in mailbox mode, and with the hourly clean-up. Answers
 * how many mails it held.
 */
export async function holdMailboxMail(db: Queryable): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE mail_outbox SET next_attempt_at = 'infinity'
      WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now() AND claimed_at IS NULL`,
  );
  return rowCount ?? 0;
}

/** Gives back claimed mails that were not tried (a relay stopping mid-batch): due at once, their attempt not counted. */
export async function releaseMailClaims(db: Queryable, mailIds: readonly number[]): Promise<void> {
  await db.query(
    `UPDATE mail_outbox SET claimed_at = NULL, next_attempt_at = now(), attempts = greatest(attempts - 1, 0)
      WHERE id = ANY($1::bigint[]) AND sent_at IS NULL AND failed_at IS NULL`,
    [mailIds],
  );
}

/**
 * The periodic clean-up of the outbox: mail written more than `retentionDays` ago and sent (or failed for good)
 * is deleted.
 * When the development mailbox is the delivery (no SMTP), a mail counts as delivered when it is written, and the
 * text, HTML and attachments of a mail with a secret are cleared after 24 hours. So is the mailbox's held mail
 * (due at 'infinity', holdMailboxMail) once the shop runs with SMTP: it was delivered to the mailbox, and is never sent.
 */
export async function purgeOldMail(
  db: Queryable,
  options: { retentionDays: number; isMailboxDelivery: boolean },
): Promise<{ deleted: number; cleared: number }> {
  const deleted = await db.query(
    `DELETE FROM mail_outbox
      WHERE created_at < now() - make_interval(days => $1)
        AND (sent_at IS NOT NULL OR failed_at IS NOT NULL OR next_attempt_at = 'infinity' OR $2)`,
    [options.retentionDays, options.isMailboxDelivery],
  );
  const cleared = await db.query(
    `UPDATE mail_outbox SET body_text = '', body_html = NULL, attachments = '[]'::jsonb, body_cleared_at = now()
      WHERE contains_secret AND body_cleared_at IS NULL AND created_at < now() - interval '24 hours'
        AND ($1 OR next_attempt_at = 'infinity')`,
    [options.isMailboxDelivery],
  );
  return { deleted: deleted.rowCount ?? 0, cleared: cleared.rowCount ?? 0 };
}
