import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { run, type TaskList, type WorkerEvents } from 'graphile-worker';
import { RETRYABLE_ERROR_CODES } from 'graphile-worker/dist/lib.js';
import type { Config } from '../config.js';
import { CONNECTION_FAILURE, type Db } from '../db/client.js';
import { jobRuns } from '../lib/metrics.js';
import { purgeOldRateLimitWindows } from '../lib/rate-limit.js';
import { holdMailboxMail, purgeOldMail } from '../mail/outbox.js';
import { createMailRelay, type MailRelay } from '../mail/relay.js';
import { purgeExpiredSessions } from '../modules/auth/index.js';
import { foldRollupShards } from '../modules/dashboard/index.js';
import { createReconcileTask, isReconcileScheduled, RECONCILE_TASK, reconcileCrontabLine } from '../modules/checkout/index.js';
import { createSecretBox } from '../lib/secret-box.js';
import { createDeliverWebhookTask, DELIVER_WEBHOOK_TASK, purgeOldWebhookEvents } from '../modules/outbound-webhook/index.js';
import { SEND_RELEASE_MAIL_TASK, sendReleaseMail } from '../modules/release/index.js';
import { activeTracing } from '../tracing/tracing-hooks.js';
import { jobLogger } from './job-logger.js';
import { listJobsLockedBy, startPoolRecovery, type PoolRecoveryTimings } from './worker-pool-recovery.js';

type JobRunnerOptions = {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** The app, for the reconciliation (it asks FastSpring's API, or the sandbox's at the app's address); none without it. */
  app?: FastifyInstance;
  /** The worker pool's heartbeat and how long until a pool is lost (tests shorten them; decision 118). */
  poolRecovery?: PoolRecoveryTimings;
  /** No periodic jobs: a test's job is then the only one of its task, whatever the minute (purge_expired_sessions at :07). */
  withoutCrontab?: boolean;
};

/**
 * The periodic jobs, as the queue's crontab: each runs once per schedule across all processes (the queue records
 * each run). The clean-ups and the folding of the rollups' shard rows run hourly, at minutes that keep them apart;
 * the reconciliation every RECONCILE_INTERVAL_MINUTES when it is on.
 */
function crontabOf(options: Pick<JobRunnerOptions, 'config' | 'app'>): string {
  const lines = [
    '7 * * * * purge_expired_sessions',
    '37 * * * * purge_old_mail',
    '52 * * * * purge_old_rate_limit_windows',
    '47 * * * * purge_old_webhooks',
    '27 * * * * fold_rollup_shards',
  ];
  if (options.app && isReconcileScheduled(options.config)) lines.push(reconcileCrontabLine(options.config));
  return lines.join('\n');
}

/**
 * The task of a mail's job before decision 114 (one job per mail). Migration 100 made each such job's mail due when
 * the job was, and left the job; a process of the previous version may add more during a rolling deploy. The relay
 * sends their mails (they are unsent in the outbox), so the job only ends. To be removed in a release after the
 * one that brings the relay.
 */
const SEND_MAIL_TASK_BEFORE_RELAY = 'send_mail';

/** Every task of the job queue: webhook delivery, the release mail, the clean-ups and, given the app, the reconciliation. */
export function createTaskList(options: JobRunnerOptions): TaskList {
  const { db, config, log } = options;
  const taskList: TaskList = {
    [SEND_MAIL_TASK_BEFORE_RELAY]: async () => undefined,
    purge_expired_sessions: () => purgeExpiredSessions(db),
    purge_old_rate_limit_windows: () => purgeOldRateLimitWindows(db),
    // Closed days' rollup rows, one per key, so the dashboard's reads stay short (decision 077).
    fold_rollup_shards: async () => {
      const folded = await foldRollupShards(db);
      if (folded > 0) log.info({ keys: folded }, 'rollup shards folded');
    },
    [DELIVER_WEBHOOK_TASK]: createDeliverWebhookTask({
      db,
      secretBox: createSecretBox(config.KEY_ENCRYPTION_SECRET ?? ''),
      timeoutMs: config.WEBHOOK_TIMEOUT_SECONDS * 1000,
      allowPrivateAddresses: config.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
      log,
    }),
    purge_old_webhooks: async () => {
      const deleted = await purgeOldWebhookEvents(db, config.WEBHOOK_RETENTION_DAYS);
      if (deleted > 0) log.info({ events: deleted }, 'old webhook events purged');
    },
    purge_old_mail: async () => {
      if (!config.SMTP_URL) await holdMailboxMail(db);
      const purged = await purgeOldMail(db, { retentionDays: config.MAIL_RETENTION_DAYS, isMailboxDelivery: !config.SMTP_URL });
      if (purged.deleted + purged.cleared > 0) log.info(purged, 'old mail purged');
    },
    [SEND_RELEASE_MAIL_TASK]: async (payload) => {
      const sent = await sendReleaseMail({ db, config, releaseId: (payload as { releaseId: number }).releaseId });
      log.info({ mails: sent }, 'release mail queued');
    },
    ...(options.app ? { [RECONCILE_TASK]: createReconcileTask(options.app) } : {}),
  };
  return taskList;
}

/**
 * With SMTP, the mail relay (decision 114). Without it the development mailbox is the delivery: nothing runs, and
 * the mail shown there is held from a relay of a later start with SMTP (holdMailboxMail, here and at the stop).
 */
async function startMailRelay({ db, config, log }: JobRunnerOptions): Promise<MailRelay | undefined> {
  if (!config.SMTP_URL) {
    // Not fatal: the stop and the hourly clean-up hold it too, and the job runner is already running.
    await holdMailboxMail(db).catch((error: unknown) => log.warn({ err: error }, 'mailbox mail not yet held from a relay'));
    return undefined;
  }
  const relay = createMailRelay({ db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, maxAttempts: config.MAIL_MAX_ATTEMPTS, log });
  relay.start();
  return relay;
}

/**
 * The errors of a database that is restarting or briefly unreachable, which the queue's own bookkeeping (a job
 * marked done or failed, a job fetched) waits out and retries. graphile-worker 0.17 retries only serialization
 * failures, deadlocks, "cannot connect now", EHOSTUNREACH and ETIMEDOUT, and records a job's outcome without awaiting
 * it: any other error there is an unhandled rejection, and Node.js ends the process on one. A PostgreSQL restart
 * while a job ran therefore took the whole server down, with its pages kept for outages (review P4,
 * 2026-11-28-production; decision 092). A lost connection's error carries CONNECTION_FAILURE (db/client.ts).
 */
export const DATABASE_RESTART_CODES = [
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ENOTFOUND', // the database's host name no longer resolves (a stopped container's, in compose)
  'EAI_AGAIN',
  'ENETUNREACH',
  '57P01', // admin_shutdown: the server was stopped or restarted
  '57P02', // crash_shutdown
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  CONNECTION_FAILURE,
] as const;

/** Makes the queue retry these, with back-off from 1 s to 30 s (up to graphile-worker's 100 attempts). */
export function retryDatabaseRestarts(): void {
  for (const code of DATABASE_RESTART_CODES) RETRYABLE_ERROR_CODES[code] ??= { minDelay: 1_000, maxDelay: 30_000 };
}

/**
 * Starts the job queue's worker (graphile-worker) on the app's pool, which delivers webhooks and runs the clean-ups
 * and the reconciliation (jobs are picked up at once through LISTEN/NOTIFY, or by polling every 2 s), and with SMTP
 * the mail relay. A stop lets both finish and record what they are doing.
 */
export async function startJobRunner(options: JobRunnerOptions): Promise<{ stop: () => Promise<void> }> {
  const taskList = createTaskList(options);
  retryDatabaseRestarts();
  // The worker pool's id: the jobs it holds are those locked by it.
  const events: WorkerEvents = new EventEmitter();
  let poolId: string | undefined;
  events.on('pool:create', ({ workerPool }) => (poolId = workerPool.id));
  // The jobs given to this pool's workers: one the pool holds but never gave out had its fetch's answer lost.
  const startedHere = new Set<string>();
  events.on('job:start', ({ job }) => startedHere.add(String(job.id))); // a number, as the pool parses bigint
  const runner = await run({
    events,
    pgPool: options.db,
    // With tracing on, each run of a task is a span (decision 038).
    taskList: activeTracing()?.traceTasks(taskList) ?? taskList,
    crontab: options.withoutCrontab ? '' : crontabOf(options),
    concurrency: 2,
    noHandleSignals: true,
    pollInterval: 2_000,
    logger: jobLogger(options.db, options.log),
  });
  // A failed run is retried with back-off until its attempts run out (job:failed then follows its last job:error).
  runner.events.on('job:success', ({ job }) => jobRuns.inc({ task: job.task_identifier, outcome: 'success' }));
  runner.events.on('job:error', ({ job }) => jobRuns.inc({ task: job.task_identifier, outcome: 'failure' }));
  const workerPoolId = poolId;
  if (workerPoolId === undefined) throw new Error('the job queue started no worker pool');
  const recovery = startPoolRecovery({
    db: options.db,
    poolId: workerPoolId,
    log: options.log,
    startedHere,
    timings: options.poolRecovery,
  });
  const relay = await startMailRelay(options);
  return {
    stop: async () => {
      await Promise.all([
        relay ? relay.stop() : holdMailboxMail(options.db).catch(() => undefined),
        (async () => {
          await runner.stop();
          const isHoldingJobs = await awaitBookkeeping(options.db, workerPoolId, options.log);
          await recovery.stop({ isHoldingJobs });
        })(),
      ]);
    },
  };
}

/** How long a stop waits for the queue's last records; main.ts ends the process 20 s after a signal. */
const BOOKKEEPING_DEADLINE_MS = 10_000;

/**
 * Waits until the stopped worker pool holds no job, or the deadline passes; answers whether it still holds some.
 * graphile-worker records a job's outcome (done, or failed and due again) without awaiting it, and its stop does not
 * wait for that record: one still being retried after a database restart would otherwise run on into a pool the
 * caller has ended, an unhandled rejection. A job is unlocked (or deleted) exactly when its record is written, so no
 * job locked by the pool means none is pending (decision 092). A job still held after the deadline (its record never
 * came, or its fetch's answer was lost on the way) goes back to the queue with the pool's next sweep (decision 118).
 */
async function awaitBookkeeping(db: Db, poolId: string, log: FastifyBaseLogger): Promise<boolean> {
  const deadline = Date.now() + BOOKKEEPING_DEADLINE_MS;
  let held: string[] = [];
  for (;;) {
    try {
      held = (await listJobsLockedBy(db, poolId)).map((job) => job.id);
      if (held.length === 0) return false;
    } catch {
      // The database is still away: the records are being retried; wait on.
    }
    if (Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  log.warn({ jobs: held }, 'the job queue stopped before recording the outcome of these jobs; the next sweep hands them back to the queue');
  return true;
}
