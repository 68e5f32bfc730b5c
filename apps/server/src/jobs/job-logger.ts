import { Logger } from 'graphile-worker';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { databaseStatusOf } from '../db/database-status.js';

/** For the job queue's schema migrations at start-up: only its errors. */
export const quietJobLogger = new Logger(() => (level, message) => {
  if (level === 'error') console.error(`job queue: ${message}`);
});

/**
 * The job queue's messages in the app's log (pino), at the queue's levels; its routine messages are debug. A
 * failure to reach the database is left to the database status, which logs an outage once.
 */
export const jobLogger = (db: Db, log: FastifyBaseLogger): Logger =>
  new Logger(() => (level, message, meta) => {
    const error = (meta as { error?: unknown } | undefined)?.error;
    if ((level === 'error' || level === 'warning') && databaseStatusOf(db)?.noteFailure(error ?? { message })) return;
    if (level === 'error') log.error({ err: error }, `job queue: ${message}`);
    else if (level === 'warning') log.warn({ err: error }, `job queue: ${message}`);
    else log.debug(`job queue: ${message}`);
  });
