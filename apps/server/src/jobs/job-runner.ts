import type { FastifyBaseLogger } from 'fastify';
import { run, type TaskList } from 'graphile-worker';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { purgeOldMail, SEND_MAIL_TASK } from '../mail/outbox.js';
import { createSendMailTask } from '../mail/worker.js';
import { purgeExpiredSessions } from '../modules/auth/auth.service.js';
import { jobLogger } from './job-logger.js';

/**
 * The periodic clean-ups, as the queue's crontab: each runs once per hour across all processes (the queue
 * records each run), at minutes that keep them apart.
 */
export const CRONTAB = ['7 * * * * purge_expired_sessions', '37 * * * * purge_old_mail'].join('\n');

/** Every task of the job queue: mail delivery and the clean-ups. */
export function createTaskList(options: { db: Db; config: Config; log: FastifyBaseLogger }): { taskList: TaskList; close: () => void } {
  const { db, config, log } = options;
  const sendMail = createSendMailTask({
    db,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    maxAttempts: config.MAIL_MAX_ATTEMPTS,
    log,
  });
  const taskList: TaskList = {
    [SEND_MAIL_TASK]: sendMail.task,
    // Expired sessions, and rate-limit windows older than a day.
    purge_expired_sessions: () => purgeExpiredSessions(db),
    purge_old_mail: async () => {
      const purged = await purgeOldMail(db, { retentionDays: config.MAIL_RETENTION_DAYS, isMailboxDelivery: !config.SMTP_URL });
      if (purged.deleted + purged.cleared > 0) log.info(purged, 'old mail purged');
    },
  };
  return { taskList, close: sendMail.close };
}

/**
 * Starts the job queue's worker (graphile-worker) on the app's pool: it delivers mail and runs the clean-ups.
 * Jobs are picked up at once through LISTEN/NOTIFY, or by polling every 2 s.
 */
export async function startJobRunner(options: { db: Db; config: Config; log: FastifyBaseLogger }): Promise<{ stop: () => Promise<void> }> {
  const { taskList, close } = createTaskList(options);
  const runner = await run({
    pgPool: options.db,
    taskList,
    crontab: CRONTAB,
    concurrency: 2,
    noHandleSignals: true,
    pollInterval: 2_000,
    logger: jobLogger(options.db, options.log),
  });
  return {
    stop: async () => {
      await runner.stop();
      close();
    },
  };
}
