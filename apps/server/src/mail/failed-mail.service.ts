import type { FailedMailEntry } from '@store/contracts/mailbox';
import { withTransaction, type Db } from '../db/client.js';
import { notFound } from '../lib/app-error.js';
import { recordAudit } from '../modules/audit/index.js';
import { listFailedMail, retryFailedMail } from './outbox.js';

/** Mail that failed for good, with or without SMTP: what the administrator must see and may send again. */
export async function listFailedMails(db: Db): Promise<FailedMailEntry[]> {
  const mails = await listFailedMail(db);
  return mails.map((mail) => ({
    id: mail.id,
    to: mail.recipient,
    subject: mail.subject,
    kind: mail.kind,
    createdAt: mail.created_at.toISOString(),
    attempts: mail.attempts,
    lastError: mail.last_error,
    failedAt: (mail.failed_at ?? mail.created_at).toISOString(),
  }));
}

/** The administrator sends a mail that failed for good again: a fresh set of attempts, audited. */
export async function retryMail(options: { db: Db; actor: string; mailId: number }): Promise<void> {
  await withTransaction(options.db, async (client) => {
    if (!(await retryFailedMail(client, options.mailId))) throw notFound('There is no failed mail with this id.');
    await recordAudit(client, {
      actor: options.actor,
      action: 'update',
      entity: 'mail',
      entityId: options.mailId,
      after: { retried: true },
    });
  });
}
