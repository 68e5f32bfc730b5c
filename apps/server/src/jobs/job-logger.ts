import { Logger } from 'graphile-worker';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { databaseStatusOf, isDatabaseUnreachable } from '../db/database-status.js';

/**
 * For the job queue's schema migrations at start-up (and tests): only its errors. The queue keeps listening to the
 * pool's errors afterwards; a lost database connection among them is the database status's to log.
 */
export const quietJobLogger = new Logger(() => (level, message, meta) => {
  if (String(level) !== 'error' || isDatabaseUnreachable((meta as { error?: unknown } | undefined)?.error)) return;
  console.error(`job queue: ${message}`);
});

/**
 * The job queue's messages in the app's log (pino), at the queue's levels; its routine messages are debug. A
 * failure to reach the database is left to the database status, which logs an outage once.
 */
export const jobLogger = (db: Db, log: FastifyBaseLogger): Logger =>
  new Logger(() => (logLevel, message, meta) => {
    const level = String(logLevel);
    const error = (meta as { error?: unknown } | undefined)?.error;
    if ((level === 'error' || level === 'warning') && databaseStatusOf(db)?.noteFailure(error ?? { message })) return;
    if (level === 'error') log.error({ err: error }, `job queue: ${message}`);
    else if (level === 'warning') log.warn({ err: error }, `job queue: ${message}`);
    else log.debug(`job queue: ${message}`);
  });
