// The job queue (graphile-worker) across a PostgreSQL restart: review P4 of docs/reviews/2026-11-28-production.md.
import { run } from 'graphile-worker';
import { RETRYABLE_ERROR_CODES } from 'graphile-worker/dist/lib.js';
import type { PoolClient } from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startDatabaseProxy, type DatabaseProxy } from '../../test/database-proxy.js';
import { createTestApp } from '../../test/test-app.js';
import { CONNECTION_FAILURE, createPool } from '../db/client.js';
import { jobRuns } from '../lib/metrics.js';
import { jobLogger } from './job-logger.js';
import { DATABASE_RESTART_CODES, startJobRunner } from './job-runner.js';
import type { PoolRecoveryTimings } from './worker-pool-recovery.js';

const t = await createTestApp();

// A PostgreSQL restart: the proxy resets every open connection and refuses new ones until it is restored.
const proxies: DatabaseProxy[] = [];
afterAll(() => Promise.all(proxies.map((proxy) => proxy.close())));
const lockSessions = async (blocker: PoolClient) => {
  await blocker.query('BEGIN');
  await blocker.query('LOCK TABLE session IN ACCESS EXCLUSIVE MODE');
};
/** Waits until one session of the database runs `query`, waiting on a lock held. */
const awaitWaitingOnLock = (query: string) =>
  expect
    .poll(
      async () =>
        (
          await t.db.query(
            `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query = $1`,
            [query],
          )
        ).rowCount,
      { timeout: 15_000 },
    )
    .toBe(1);
/**
 * Waits until the purge of expired sessions runs: its DELETE waits on the held lock. The job being locked is not
 * enough: the worker may not have its fetch's answer yet, and a restart then loses the answer, not the running job.
 */
const awaitPurgeRunning = () => awaitWaitingOnLock('DELETE FROM session WHERE expires_at <= now()');

/** A job runner on a pool behind a proxy, a connection to hold locks with, and the unhandled rejections seen. */
const startBehindProxy = async (poolRecovery?: PoolRecoveryTimings) => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  const proxy = await startDatabaseProxy(t.config.DATABASE_URL!);
  proxies.push(proxy);
  const db = createPool(proxy.url); // the product's size: a connection whose answers are dropped stays taken
  const jobs = await startJobRunner({ db, config: t.config, log: t.app.log, poolRecovery, withoutCrontab: true });
  const blocker = await t.db.connect();
  const end = async () => {
    process.off('unhandledRejection', onUnhandled);
    blocker.release();
    await jobs.stop().catch(() => undefined);
    await db.end().catch(() => undefined);
  };
  /**
   * Leaves the runner as a frozen process leaves it: not stopped, its pool not ended (its statements wait for answers
   * the proxy drops until the file's end closes the proxy, and a record retried then is refused, not rejected).
   */
  const abandon = () => {
    process.off('unhandledRejection', onUnhandled);
    blocker.release();
  };
  return { proxy, db, jobs, blocker, unhandled, end, abandon };
};

const addJob = async (task: string) => (await t.db.query<{ id: string }>('SELECT id FROM graphile_worker.add_job($1)', [task])).rows[0]!.id;
/** The ids of the jobs of `task` in the queue, waiting, running or failed. */
const jobsOf = async (task: string) =>
  (await t.db.query<{ id: string }>('SELECT id::text FROM graphile_worker.jobs WHERE task_identifier = $1', [task])).rows.map(
    (row) => row.id,
  );
const isJobWaiting = async (id: string) => (await t.db.query('SELECT 1 FROM graphile_worker.jobs WHERE id = $1', [id])).rowCount === 1;

describe('the job queue across a database restart (decision 092)', () => {
  it(
    'a PostgreSQL restart while a job runs leaves no unhandled rejection (which would end the production process), and the queue goes on',
    { timeout: 60_000 },
    async () => {
      // Node.js ends a process on an unhandled rejection: graphile-worker's unawaited bookkeeping must not give one.
      const { proxy, blocker, unhandled, end } = await startBehindProxy();
      try {
        // The queue works.
        const first = await addJob('purge_old_rate_limit_windows');
        await expect.poll(() => isJobWaiting(first), { timeout: 15_000 }).toBe(false);

        // A job is running (held on a table lock, so the restart comes while it runs) when PostgreSQL restarts.
        await lockSessions(blocker);
        const interrupted = await addJob('purge_expired_sessions');
        await awaitPurgeRunning();
        proxy.cut();
        await new Promise((resolve) => setTimeout(resolve, 3_000)); // a brief restart
        await blocker.query('ROLLBACK');
        proxy.restore();

        // PostgreSQL is back: a mail, a webhook delivery or (here) a clean-up queued now must still run.
        const after = await addJob('purge_old_rate_limit_windows');
        await expect.poll(() => isJobWaiting(after), { timeout: 30_000 }).toBe(false);
        // So does the interrupted job, once its back-off has passed.
        await expect.poll(() => isJobWaiting(interrupted), { timeout: 30_000 }).toBe(false);
        expect(unhandled.map(String)).toEqual([]);
      } finally {
        await end();
      }
    },
  );

  it(
    'a stop that comes while a restart fails a job waits until the failure is recorded: the job is not left locked, no rejection follows',
    { timeout: 60_000 },
    async () => {
      const { proxy, db, jobs, blocker, unhandled, end } = await startBehindProxy();
      try {
        await lockSessions(blocker);
        const interrupted = await addJob('purge_expired_sessions');
        await awaitPurgeRunning();
        const refusedBefore = proxy.refused;
        proxy.cut();
        // The job fails with its connection; the queue's first attempt to record that is refused, and it retries later.
        await expect.poll(() => proxy.refused, { timeout: 15_000 }).toBeGreaterThan(refusedBefore);
        await blocker.query('ROLLBACK');
        const stopping = jobs.stop();
        proxy.restore();
        await stopping;
        // graphile-worker's own stop returns before the retried record: the job would stay locked for four hours.
        const { rows } = await t.db.query<{ locked_by: string | null; last_error: string | null }>(
          'SELECT locked_by, last_error FROM graphile_worker.jobs WHERE id = $1',
          [interrupted],
        );
        expect(rows).toEqual([{ locked_by: null, last_error: expect.stringMatching(/\S/) }]);
        // Due again in seconds: the next test's pool would run it beside its own job of the task.
        await t.db.query('SELECT graphile_worker.complete_jobs(ARRAY[$1]::bigint[])', [interrupted]);
        await db.end();
        expect(unhandled.map(String)).toEqual([]);
      } finally {
        await end();
      }
    },
  );
});

describe('the jobs of a lost worker pool (decision 118)', () => {
  /**
   * A heartbeat every 100 ms, and a pool lost after 3 s unseen (the product's 30 s and five minutes, shortened): on
   * a loaded machine a beat can take a second, and a pool that is alive must not look lost.
   */
  const fast: PoolRecoveryTimings = { heartbeatMs: 100, lostAfterMs: 3_000 };
  /** A job runner on the test's own pool with the fast timings. */
  const startFastRunner = () => startJobRunner({ db: t.db, config: t.config, log: t.app.log, poolRecovery: fast, withoutCrontab: true });
  const lockOf = async (id: string) =>
    (
      await t.db.query<{ locked_by: string | null; locked_at: Date | null }>(
        'SELECT locked_by, locked_at FROM graphile_worker.jobs WHERE id = $1',
        [id],
      )
    ).rows[0]!;
  const recoveredJobs = async (task: string) =>
    (await jobRuns.get()).values.find((value) => value.labels.task === task && value.labels.outcome === 'recovered')?.value ?? 0;
  /** Whether each of the pools was seen well after the job's lock was older than the lost period: each then swept. */
  const seenWellAfter = async (pools: string[], lockedAt: Date) =>
    (
      await t.db.query('SELECT 1 FROM job_worker_pool WHERE pool_id = ANY($1) AND seen_at > $2::timestamptz + $3::interval', [
        pools,
        lockedAt,
        `${fast.lostAfterMs + 2_000} milliseconds`,
      ])
    ).rowCount === pools.length;

  it(
    "runs a job again in another pool once the pool running it is lost, instead of graphile-worker's four hours",
    { timeout: 60_000 },
    async () => {
      // No other job of the task: the count of recovered ones below is this job's.
      expect(await jobsOf('purge_expired_sessions')).toEqual([]);
      const lost = await startBehindProxy(fast);
      let other: Awaited<ReturnType<typeof startJobRunner>> | undefined;
      try {
        await lockSessions(lost.blocker);
        const job = await addJob('purge_expired_sessions');
        await awaitPurgeRunning();
        const lostPool = (await lockOf(job)).locked_by!;
        const recoveredBefore = await recoveredJobs('purge_expired_sessions');
        // The process stands still for good, as a frozen or partitioned one does: its statements reach the database,
        // their answers never come back, and nothing records its job.
        lost.proxy.dropAnswers();
        await lost.blocker.query('ROLLBACK');
        other = await startFastRunner();
        await expect.poll(() => isJobWaiting(job), { timeout: 30_000 }).toBe(false);
        expect(await recoveredJobs('purge_expired_sessions')).toBe(recoveredBefore + 1);
        expect((await t.db.query('SELECT 1 FROM job_worker_pool WHERE pool_id = $1', [lostPool])).rowCount).toBe(0);
        expect(lost.unhandled.map(String)).toEqual([]);
      } finally {
        await other?.stop();
        lost.abandon();
      }
    },
  );

  it(
    'leaves the job of a pool that is seen, however long it runs, and the job of a pool with no heartbeat (a previous version)',
    { timeout: 60_000 },
    async () => {
      const blocker = await t.db.connect();
      // Two pools that sweep each other: whichever runs the job, the other sees it locked past the lost period.
      const pools = [await startFastRunner(), await startFastRunner()];
      // A previous version's worker: graphile-worker alone, with no heartbeat, running a task the others do not know.
      const previousQuery = 'SELECT count(*) FROM session';
      const previous = await run({
        pgPool: t.db,
        taskList: { previous_version_count: () => t.db.query(previousQuery).then(() => undefined) },
        concurrency: 1,
        noHandleSignals: true,
        pollInterval: 200,
        logger: jobLogger(t.db, t.app.log),
      });
      try {
        await lockSessions(blocker);
        const job = await addJob('purge_expired_sessions');
        const previousJob = await addJob('previous_version_count');
        await awaitPurgeRunning();
        await awaitWaitingOnLock(previousQuery);
        const [held, previousHeld] = [await lockOf(job), await lockOf(previousJob)];
        const poolIds = (await t.db.query<{ pool_id: string }>('SELECT pool_id FROM job_worker_pool')).rows.map((row) => row.pool_id);
        expect(poolIds).toContain(held.locked_by);
        expect(poolIds).not.toContain(previousHeld.locked_by);
        const lockedAt = new Date(Math.max(held.locked_at!.getTime(), previousHeld.locked_at!.getTime()));
        await expect.poll(() => seenWellAfter(poolIds, lockedAt), { timeout: 30_000 }).toBe(true);
        expect([await lockOf(job), await lockOf(previousJob)]).toEqual([held, previousHeld]);
        await blocker.query('ROLLBACK');
        await expect
          .poll(async () => [await isJobWaiting(job), await isJobWaiting(previousJob)], { timeout: 15_000 })
          .toEqual([false, false]);
      } finally {
        await blocker.query('ROLLBACK');
        blocker.release();
        for (const pool of pools) await pool.stop();
        await previous.stop();
      }
    },
  );

  it(
    "runs a job again that its own pool locked but never got, the fetch's answer lost with its connection",
    { timeout: 60_000 },
    async () => {
      expect(await jobsOf('purge_old_rate_limit_windows')).toEqual([]); // the count below is this test's jobs'
      const pool = await startBehindProxy(fast);
      try {
        const recoveredBefore = await recoveredJobs('purge_old_rate_limit_windows');
        // The pool has started: its start-up statements are answered (each answer dropped would hold a connection).
        const first = await addJob('purge_old_rate_limit_windows');
        await expect.poll(() => isJobWaiting(first), { timeout: 15_000 }).toBe(false);
        // The pool's next fetch reaches PostgreSQL, which locks the job for it; the answer never comes back.
        pool.proxy.dropAnswers();
        const job = await addJob('purge_old_rate_limit_windows');
        await expect.poll(async () => (await lockOf(job)).locked_by, { timeout: 15_000 }).not.toBeNull();
        pool.proxy.cut();
        pool.proxy.restore();
        // The pool is seen all along: no other pool's sweep would take the job. The pool hands it back itself.
        await expect.poll(() => isJobWaiting(job), { timeout: 30_000 }).toBe(false);
        expect(await recoveredJobs('purge_old_rate_limit_windows')).toBe(recoveredBefore + 1);
        expect(pool.unhandled.map(String)).toEqual([]);
      } finally {
        await pool.end();
      }
    },
  );

  it('forgets a pool stopped with nothing held', async () => {
    const poolIds = async () =>
      (await t.db.query<{ pool_id: string }>('SELECT pool_id FROM job_worker_pool')).rows.map((row) => row.pool_id);
    const before = await poolIds();
    const jobs = await startFastRunner();
    await expect.poll(async () => (await poolIds()).filter((id) => !before.includes(id)), { timeout: 15_000 }).toHaveLength(1);
    const started = (await poolIds()).find((id) => !before.includes(id));
    await jobs.stop();
    expect(await poolIds()).not.toContain(started);
  });
});

// After the restart test: it must find the codes set by startJobRunner, not by this test.
describe('retryDatabaseRestarts', () => {
  it("makes graphile-worker's bookkeeping retry a restarting database's errors, a lost connection's code included", async () => {
    const jobs = await startJobRunner({ db: t.db, config: t.config, log: t.app.log });
    await jobs.stop();
    expect(DATABASE_RESTART_CODES).toContain(CONNECTION_FAILURE);
    for (const code of DATABASE_RESTART_CODES) expect(RETRYABLE_ERROR_CODES[code], code).toBeDefined();
  });

  it('gives the error of a connection lost under a query the code 08006', async () => {
    const db = createPool(t.config.DATABASE_URL!, 1);
    const client = await db.connect();
    try {
      // The socket goes without a word from the server (a reset, a restart's crash): pg's error has no code of its own.
      const failing = client.query('SELECT pg_sleep(30)');
      (client as unknown as { connection: { stream: { destroy: () => void } } }).connection.stream.destroy();
      await expect(failing).rejects.toMatchObject({ message: expect.stringMatching(/Connection terminated/), code: CONNECTION_FAILURE });
    } finally {
      client.release(true);
      await db.end();
    }
  });
});
