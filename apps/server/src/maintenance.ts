import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client.js';
import { deleteExpiredSessions } from './modules/auth/auth.repository.js';

/** Hourly clean-up of expired sessions and old rate-limit windows; harmless when several processes run it. */
export function startMaintenance(db: Db, log: FastifyBaseLogger): { stop: () => void } {
  const run = () => deleteExpiredSessions(db).catch((error: unknown) => log.warn({ err: error }, 'maintenance failed'));
  const timer = setInterval(run, 60 * 60 * 1000);
  timer.unref();
  void run();
  return { stop: () => clearInterval(timer) };
}
