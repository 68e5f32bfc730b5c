import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './client.js';

/** Error codes of a database that cannot be reached: the socket's, and PostgreSQL's connection and shutdown classes. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '53300', // too_many_connections
]);
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed|connect ECONNREFUSED/i;

/** Whether `error` says the database cannot be reached (as opposed to a failing statement). */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnreachable);
  return typeof message === 'string' && UNREACHABLE_MESSAGES.test(message);
}

/** Seconds a caller is asked to wait (Retry-After) while the database cannot be reached. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Whether this process can reach PostgreSQL, as its failures and new connections tell. It logs once when an
 * outage starts and once when the database is back, whatever number of requests, jobs and reconnections fail in
 * between, so an outage does not flood the log.
 */
export type DatabaseStatus = {
  isReachable: () => boolean;
  /** Notes a failure; answers true (and logs the start of an outage once) when it means the database is unreachable. */
  noteFailure: (error: unknown) => boolean;
  /** Notes that the database answered; logs the end of an outage once. */
  noteReachable: () => void;
};

const statuses = new WeakMap<Db, DatabaseStatus>();

/** The status of the database behind `db`, started on first use; a new connection of the pool ends an outage. */
export function watchDatabase(db: Db, log: FastifyBaseLogger): DatabaseStatus {
  const existing = statuses.get(db);
  if (existing) return existing;
  let outageStartedAt: number | undefined;
  const status: DatabaseStatus = {
    isReachable: () => outageStartedAt === undefined,
    noteFailure: (error) => {
      if (!isDatabaseUnreachable(error)) return false;
      if (outageStartedAt === undefined) {
        outageStartedAt = Date.now();
        log.error({ err: error }, 'database unreachable: API calls answer 503, cached pages are still served');
      }
      return true;
    },
    noteReachable: () => {
      if (outageStartedAt === undefined) return;
      const seconds = Math.round((Date.now() - outageStartedAt) / 1000);
      outageStartedAt = undefined;
      log.warn({ outageSeconds: seconds }, 'database reachable again');
    },
  };
  // The pool opens new connections after an outage: the first that succeeds ends it.
  db.on('connect', () => status.noteReachable());
  statuses.set(db, status);
  return status;
}

/** The status of `db` if something watches it; failures of unwatched pools are not tracked. */
export const databaseStatusOf = (db: Db): DatabaseStatus | undefined => statuses.get(db);
