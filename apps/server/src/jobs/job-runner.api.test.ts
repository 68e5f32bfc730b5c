// The job queue (graphile-worker) across a PostgreSQL restart: review P4 of docs/reviews/2026-11-28-production.md.
import { RETRYABLE_ERROR_CODES } from 'graphile-worker/dist/lib.js';
import type { PoolClient } from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startDatabaseProxy, type DatabaseProxy } from '../../test/database-proxy.js';
import { createTestApp } from '../../test/test-app.js';
import { CONNECTION_FAILURE, createPool } from '../db/client.js';
import { DATABASE_RESTART_CODES, startJobRunner } from './job-runner.js';

const t = await createTestApp();

describe('the job queue across a database restart (decision 092)', () => {
  // A PostgreSQL restart: the proxy resets every open connection and refuses new ones until it is restored.
  const proxies: DatabaseProxy[] = [];
  afterAll(() => Promise.all(proxies.map((proxy) => proxy.close())));
  const lockSessions = async (blocker: PoolClient) => {
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE session IN ACCESS EXCLUSIVE MODE');
  };
  /**
   * Waits until the purge of expired sessions runs: its DELETE waits on the held lock. The job being locked is not
   * enough: the worker may not have its fetch's answer yet, and a restart then loses the answer, not the running job.
   */
  const awaitPurgeRunning = () =>
    expect
      .poll(
        async () =>
          (
            await t.db.query(
              `SELECT 1 FROM pg_stat_activity
                WHERE datname = current_database() AND wait_event_type = 'Lock' AND query = 'DELETE FROM session WHERE expires_at <= now()'`,
            )
          ).rowCount,
        { timeout: 15_000 },
      )
      .toBe(1);

  /** A job runner on a pool behind a proxy, a connection to hold locks with, and the unhandled rejections seen. */
  const startBehindProxy = async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const proxy = await startDatabaseProxy(t.config.DATABASE_URL!);
    proxies.push(proxy);
    const db = createPool(proxy.url, 5);
    const jobs = await startJobRunner({ db, config: t.config, log: t.app.log });
    const blocker = await t.db.connect();
    const end = async () => {
      process.off('unhandledRejection', onUnhandled);
      blocker.release();
      await jobs.stop().catch(() => undefined);
      await db.end().catch(() => undefined);
    };
    return { proxy, db, jobs, blocker, unhandled, end };
  };

  const addJob = async (task: string) =>
    (await t.db.query<{ id: string }>('SELECT id FROM graphile_worker.add_job($1)', [task])).rows[0]!.id;
  const isJobWaiting = async (id: string) => (await t.db.query('SELECT 1 FROM graphile_worker.jobs WHERE id = $1', [id])).rowCount === 1;

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
        await db.end();
        expect(unhandled.map(String)).toEqual([]);
      } finally {
        await end();
      }
    },
  );
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
