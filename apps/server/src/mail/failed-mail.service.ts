import { withTransaction, type Db } from '../db/client.js';
import { notFound } from '../lib/app-error.js';
import { recordAudit } from '../modules/audit/audit.service.js';
import { retryFailedMail } from './outbox.js';

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
