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

/** The job queue's task that delivers one mail (see mail/worker.ts), and the key of a mail's job. */
export const SEND_MAIL_TASK = 'send_mail';
/**
 * The queue's own ceiling of attempts for a mail's job, above MAIL_MAX_ATTEMPTS: the worker decides when a mail
 * has failed for good (it marks the mail and ends the job), so that the admin sees it in the failed-mail list.
 */
const JOB_MAX_ATTEMPTS = 100;
/** A mail's delivery job for the queue's `add_jobs`: the task, the mail's id, its key and the attempts. */
const jobSpec = (id: string) =>
  `('${SEND_MAIL_TASK}', json_build_object('mailId', ${id}), null, null, ${JOB_MAX_ATTEMPTS}, 'mail:' || ${id}, null, null)::graphile_worker.job_spec`;
/** Queues the job of the mail whose id is the column `id` of the statement it is part of. */
const queueMailJob = `(SELECT count(*) FROM graphile_worker.add_jobs(ARRAY[${jobSpec('id')}])) = 1`;

/**
 * Queues a mail in the outbox, and its delivery job in the job queue (graphile-worker). Call it with the
 * transaction of the change that causes the mail, so the mail exists exactly when the change does. Inside
 * withTransaction, the jobs of all the transaction's mails are queued together just before it commits: one
 * call of the queue's `add_jobs` (and one notification of the workers) instead of one per mail.
 */
export async function enqueueMail(db: Queryable, mail: OutgoingMail): Promise<number> {
  const batch = commitBatchOf(db)?.ids;
  const values = [
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
  const insert = `INSERT INTO mail_outbox (recipient, reply_to, subject, body_text, body_html, attachments, kind, contains_secret, headers)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`;
  if (batch) {
    const { rows } = await db.query<{ id: number }>({ name: 'mail-insert', text: insert, values });
    batch.push(rows[0]!.id);
    return rows[0]!.id;
  }
  const { rows } = await db.query<{ id: number }>({
    name: 'mail-insert-and-queue',
    text: `WITH mail AS (${insert}) SELECT id, ${queueMailJob} AS is_queued FROM mail`,
    values,
  });
  return rows[0]!.id;
}

/**
 * Like enqueueMail, for a caller that needs no id back (decision 072): inside withTransaction the mail is inserted
 * just before the commit, in the one statement that queues the jobs of the transaction's mails, so a mail costs no
 * round trip of its own. Outside a transaction it is enqueueMail. The mail exists exactly when the change does, as
 * with enqueueMail: its insert is part of the transaction, and a rollback leaves neither mail nor job.
 */
export async function enqueueMailAtCommit(db: Queryable, mail: OutgoingMail): Promise<void> {
  const batch = commitBatchOf(db);
  if (batch) batch.mails.push(mail);
  else await enqueueMail(db, mail);
}

/** The mails of withTransaction's transaction: ids inserted already, and mails to insert at commit; all queued then. */
type CommitBatch = { ids: number[]; mails: OutgoingMail[] };
const commitBatchOf = (db: Queryable) =>
  transactionValue(db, 'mail-jobs', () => {
    const batch: CommitBatch = { ids: [], mails: [] };
    return { value: batch, beforeCommit: () => queueMailJobs(db, batch) };
  });

/** Inserts the batch's deferred mails and queues the jobs of all its mails, in one call of the queue's `add_jobs`. */
async function queueMailJobs(db: Queryable, { ids, mails }: CommitBatch): Promise<void> {
  if (mails.length === 0) {
    if (ids.length === 0) return;
    await db.query({
      name: 'mail-queue-jobs',
      text: `SELECT count(*) FROM graphile_worker.add_jobs(ARRAY(SELECT ${jobSpec('id')} FROM unnest($1::bigint[]) AS id ORDER BY id))`,
      values: [ids],
    });
    return;
  }
  const rows = mails.map((mail) => ({
    recipient: mail.to,
    reply_to: mail.replyTo ?? null,
    subject: mail.subject,
    body_text: mail.text,
    body_html: mail.html ?? null,
    attachments: mail.attachments ?? [],
    kind: mail.kind ?? null,
    contains_secret: mail.containsSecret === true,
    headers: mail.headers ?? {},
  }));
  await db.query({
    name: 'mail-insert-many-and-queue-jobs',
    text: `WITH mail AS (
         INSERT INTO mail_outbox (recipient, reply_to, subject, body_text, body_html, attachments, kind, contains_secret, headers)
         SELECT recipient, reply_to, subject, body_text, body_html, attachments::jsonb, kind, contains_secret, headers::jsonb
           FROM json_to_recordset($1::json) AS m(recipient text, reply_to text, subject text, body_text text, body_html text,
                                                 attachments json, kind text, contains_secret boolean, headers json)
         RETURNING id)
       SELECT count(*) FROM graphile_worker.add_jobs(ARRAY(
         SELECT ${jobSpec('id')} FROM (SELECT id FROM mail UNION ALL SELECT unnest($2::bigint[])) AS queued(id) ORDER BY id))`,
    values: [JSON.stringify(rows), ids],
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

/** Gives a mail that failed for good a fresh set of attempts and queues it; false when it has not failed. */
export async function retryFailedMail(db: Queryable, mailId: number): Promise<boolean> {
  const { rows } = await db.query(
    `WITH mail AS (
       UPDATE mail_outbox SET failed_at = NULL, attempts = 0, claimed_at = NULL
        WHERE id = $1 AND failed_at IS NOT NULL RETURNING id
     )
     SELECT ${queueMailJob} AS is_queued FROM mail`,
    [mailId],
  );
  return rows.length === 1;
}

/** Minutes after which a delivery attempt's claim on a mail counts as abandoned (its process died, or lost its answer). */
export const MAIL_CLAIM_MINUTES = 15;
const claimExpiry = `now() - interval '${MAIL_CLAIM_MINUTES} minutes'`;

/**
 * Claims a mail for one delivery attempt without holding a transaction: the claim is the row's `claimed_at`
 * (a claim older than MAIL_CLAIM_MINUTES belongs to an attempt that never finished). Undefined when it is sent,
 * has failed for good or an attempt holds it (see isMailClaimed).
 */
export async function claimMail(db: Queryable, mailId: number): Promise<OutboxRow | undefined> {
  const { rows } = await db.query<OutboxRow>(
    `UPDATE mail_outbox SET claimed_at = now(), attempts = attempts + 1
      WHERE id = $1 AND sent_at IS NULL AND failed_at IS NULL
        AND (claimed_at IS NULL OR claimed_at < ${claimExpiry})
      RETURNING ${outboxColumns}`,
    [mailId],
  );
  return rows[0];
}

/** Whether a mail is still to be sent but claimed by an attempt: its own, or one that has not recorded its result. */
export async function isMailClaimed(db: Queryable, mailId: number): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM mail_outbox WHERE id = $1 AND sent_at IS NULL AND failed_at IS NULL AND claimed_at IS NOT NULL',
    [mailId],
  );
  return rows.length === 1;
}

/**
 * Queues again every unsent mail whose claim has expired: its attempt never recorded a result and its job is
 * gone (ended by a version before decision 020's amendment of 2026-11-25, or lost otherwise). A mail whose job
 * still waits keeps that one job (its key is `mail:<id>`), due now. A mail whose job a worker holds is left to it:
 * its attempt may still be talking to SMTP, and a second job would claim the mail and send it again.
 * Answers how many were queued.
 */
export async function requeueAbandonedMail(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ queued: number }>(
    `SELECT count(*)::int AS queued FROM graphile_worker.add_jobs(ARRAY(
       SELECT ${jobSpec('id')} FROM mail_outbox
        WHERE sent_at IS NULL AND failed_at IS NULL AND claimed_at < ${claimExpiry}
          AND NOT EXISTS (SELECT 1 FROM graphile_worker.jobs AS job WHERE job.key = 'mail:' || mail_outbox.id AND job.locked_at IS NOT NULL)
        ORDER BY id))`,
  );
  return rows[0]?.queued ?? 0;
}

/** Records a delivered mail; a mail with a secret keeps only what shows it was sent (recipient, subject, kind, time). */
export async function recordMailSent(db: Queryable, mailId: number): Promise<void> {
  await db.query(
    `UPDATE mail_outbox SET sent_at = now(), claimed_at = NULL, last_error = NULL,
       body_text = CASE WHEN contains_secret THEN '' ELSE body_text END,
       body_html = CASE WHEN contains_secret THEN NULL ELSE body_html END,
       attachments = CASE WHEN contains_secret THEN '[]'::jsonb ELSE attachments END,
       body_cleared_at = CASE WHEN contains_secret THEN now() END
     WHERE id = $1`,
    [mailId],
  );
}

/** Records a failed attempt; answers whether the mail has now failed for good (its attempts used up). */
export async function recordMailFailure(db: Queryable, mailId: number, error: string, maxAttempts: number): Promise<boolean> {
  const { rows } = await db.query<{ has_failed: boolean }>(
    `UPDATE mail_outbox SET claimed_at = NULL, last_error = $2,
       failed_at = CASE WHEN attempts >= $3 THEN now() END
     WHERE id = $1 RETURNING failed_at IS NOT NULL AS has_failed`,
    [mailId, error.slice(0, 500), maxAttempts],
  );
  return rows[0]?.has_failed ?? false;
}

/**
 * The periodic clean-up of the outbox: mail written more than `retentionDays` ago and sent (or failed for good)
 * is deleted.
 * When the development mailbox is the delivery (no SMTP), a mail counts as delivered when it is written, and the
 * text, HTML and attachments of a mail with a secret are cleared after 24 hours.
 */
export async function purgeOldMail(
  db: Queryable,
  options: { retentionDays: number; isMailboxDelivery: boolean },
): Promise<{ deleted: number; cleared: number }> {
  const deleted = await db.query(
    `DELETE FROM mail_outbox
      WHERE created_at < now() - make_interval(days => $1) AND (sent_at IS NOT NULL OR failed_at IS NOT NULL OR $2)`,
    [options.retentionDays, options.isMailboxDelivery],
  );
  const cleared = options.isMailboxDelivery
    ? await db.query(
        `UPDATE mail_outbox SET body_text = '', body_html = NULL, attachments = '[]'::jsonb, body_cleared_at = now()
          WHERE contains_secret AND body_cleared_at IS NULL AND created_at < now() - interval '24 hours'`,
      )
    : { rowCount: 0 };
  return { deleted: deleted.rowCount ?? 0, cleared: cleared.rowCount ?? 0 };
}
