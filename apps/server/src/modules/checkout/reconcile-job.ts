import type { FastifyInstance } from 'fastify';
import type { Task } from 'graphile-worker';
import { isSandboxCheckout, type Config } from '../../config.js';
import { databaseStatusOf } from '../../db/database-status.js';
import { selfBaseUrl } from '../../sandbox/self-webhook.js';
import { fastSpringApiOf, hasFastSpringApi, type FastSpringApi } from './fastspring-api.js';
import { reconcileOrders } from './reconcile.service.js';

/** The job queue's task that runs the periodic reconciliation (jobs/job-runner.ts). */
export const RECONCILE_TASK = 'reconcile_orders';

/**
 * The API the reconciliation asks: FastSpring's, or the sandbox's copy on this server's own address. Only the
 * sandbox needs the server listening; without it (before `app.listen`, after `app.close()`) this throws
 * ('unavailable', from `selfBaseUrl`) rather than answer no API.
 */
export function reconcileApiOf(app: FastifyInstance): FastSpringApi | undefined {
  return fastSpringApiOf(app.config, isSandboxCheckout(app.config) ? selfBaseUrl(app.server) : undefined);
}

/** Whether the reconciliation runs by itself: every RECONCILE_INTERVAL_MINUTES (0: never), with an API to ask. */
export const isReconcileScheduled = (config: Config): boolean => config.RECONCILE_INTERVAL_MINUTES > 0 && hasFastSpringApi(config);

const greatestCommonDivisor = (a: number, b: number): number => (b === 0 ? a : greatestCommonDivisor(b, a % b));

/**
 * The reconciliation's line of the queue's crontab. A crontab cannot say "every N minutes" for every N up to a
 * week, so the line ticks every gcd(N, 60) minutes (a divisor of 60: the same minutes of every hour, UTC) and the
 * task runs at the ticks whose minute since the Unix epoch is a multiple of N. One attempt per tick (`max=1`):
 * the next run is the retry.
 */
export function reconcileCrontabLine(config: Config): string {
  const step = greatestCommonDivisor(config.RECONCILE_INTERVAL_MINUTES, 60);
  const minutes = step === 60 ? '0' : step === 1 ? '*' : `*/${step}`;
  return `${minutes} * * * * ${RECONCILE_TASK} ?max=1`;
}

/**
 * The queue's task: at a due tick (or at once, for a job queued without one) it reconciles the last
 * RECONCILE_DAYS, once per cluster. The job runner starts before `app.listen` and stops after `app.close()`
 * (main.ts), and the queue makes one job per tick for the whole cluster, so the task runs whether or not this
 * process's server listens. Only the sandbox, asked at the server's own address, needs it to: a sandbox tick taken
 * while the server does not listen is skipped (a development server's next tick comes). A failure is logged and
 * left to the next run; a lost database is the database status's to log, once per outage (decision 021).
 */
export function createReconcileTask(app: FastifyInstance): Task {
  return async (payload) => {
    const tick = (payload as { _cron?: { ts?: string } } | null)?._cron?.ts;
    if (tick !== undefined && Math.round(Date.parse(tick) / 60_000) % app.config.RECONCILE_INTERVAL_MINUTES !== 0) return;
    if (isSandboxCheckout(app.config) && !app.server.listening) return;
    const api = reconcileApiOf(app);
    if (!api) return;
    const to = new Date();
    const from = new Date(to.getTime() - app.config.RECONCILE_DAYS * 86_400_000);
    try {
      await reconcileOrders({ db: app.db, api, from, to, secretBox: app.secretBox, config: app.config, log: app.log });
    } catch (error) {
      if (!databaseStatusOf(app.db)?.noteFailure(error)) app.log.error({ err: error }, 'reconciliation failed');
    }
  };
}
