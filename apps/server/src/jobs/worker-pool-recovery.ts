import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { jobRuns } from '../lib/metrics.js';

export type PoolRecoveryTimings = {
  /** How often the pool says it is alive, and sweeps for lost pools. */
  heartbeatMs: number;
  /** A pool not seen for this long is lost; its jobs go back to the queue. */
  lostAfterMs: number;
};

/** Ten heartbeats' time before a pool is lost: a busy process or a database failover never looks lost. */
export const POOL_RECOVERY_TIMINGS: PoolRecoveryTimings = { heartbeatMs: 30_000, lostAfterMs: 5 * 60_000 };

export type PoolRecovery = {
  /** Ends the heartbeats. A pool that still holds jobs is marked lost at once, so the next sweep hands them back. */
  stop: (options: { isHoldingJobs: boolean }) => Promise<void>;
};

/**
 * The heartbeat of this process's worker pool, and the sweep for lost ones (decision 118). graphile-worker leaves a
 * job locked for four hours when the process running it ends without recording it (killed, crashed, out of memory),
 * or when the answer of the fetch that locked it was lost with its connection. Every `heartbeatMs` this pool's row in
 * `job_worker_pool` is seen again, and every pool not seen for `lostAfterMs` is deleted in the same statement that
 * unlocks its jobs and queues, which then run again (at least once, as every job of the queue). Pools with no row
 * (a previous version's) are left to graphile-worker. The first beat comes at once, so a restarted process hands
 * back the jobs of the one it replaces as soon as that one is lost. In the same beat the pool hands back the jobs it
 * has held for `lostAfterMs` that none of its workers was given (`startedHere`: the ids of graphile-worker's
 * `job:start`, each forgotten once the pool no longer holds it).
 */
export function startPoolRecovery(options: {
  db: Db;
  poolId: string;
  log: FastifyBaseLogger;
  startedHere: Set<string>;
  timings?: PoolRecoveryTimings;
}): PoolRecovery {
  const { db, poolId, log, startedHere } = options;
  const timings = options.timings ?? POOL_RECOVERY_TIMINGS;
  let beat: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let isStopped = false;

  const beatOnce = async () => {
    try {
      await db.query(`INSERT INTO job_worker_pool (pool_id) VALUES ($1) ON CONFLICT (pool_id) DO UPDATE SET seen_at = now()`, [poolId]);
      const recovered = [
        ...(await recoverLostPools(db, timings.lostAfterMs)),
        ...(await recoverLostFetches(db, { poolId, startedHere, lostAfterMs: timings.lostAfterMs })),
      ];
      for (const job of recovered) jobRuns.inc({ task: job.task, outcome: 'recovered' });
      if (recovered.length > 0) {
        log.warn(
          { jobs: recovered.map((job) => job.id), pools: [...new Set(recovered.map((job) => job.pool))] },
          'jobs of a lost worker pool, or of a lost fetch, handed back to the queue',
        );
      }
    } catch (error) {
      // The database is away: the next beat tries again, and a pool is lost only after ten missed.
      log.debug({ err: error }, 'worker pool heartbeat failed');
    }
  };
  const schedule = () => {
    timer = setTimeout(() => {
      beat = beatOnce().finally(() => {
        if (!isStopped) schedule();
      });
    }, timings.heartbeatMs);
  };
  beat = beatOnce().finally(() => {
    if (!isStopped) schedule();
  });

  return {
    stop: async ({ isHoldingJobs }) => {
      isStopped = true;
      clearTimeout(timer);
      await beat;
      try {
        if (isHoldingJobs) await db.query(`UPDATE job_worker_pool SET seen_at = '-infinity' WHERE pool_id = $1`, [poolId]);
        else await db.query('DELETE FROM job_worker_pool WHERE pool_id = $1', [poolId]);
      } catch (error) {
        // The row goes stale on its own: the pool is lost after lostAfterMs.
        log.warn({ err: error }, 'worker pool not marked as stopped');
      }
    },
  };
}

/** Deletes the pools not seen for `lostAfterMs`, and unlocks their jobs and queues; answers the jobs. */
async function recoverLostPools(db: Db, lostAfterMs: number): Promise<{ id: string; task: string; pool: string }[]> {
  const { rows } = await db.query<{ id: string; task: string; pool: string }>(
    `WITH lost AS (
       DELETE FROM job_worker_pool WHERE seen_at < now() - make_interval(secs => $1::double precision / 1000) RETURNING pool_id
     ), queues AS (
       UPDATE graphile_worker._private_job_queues AS queue SET locked_at = NULL, locked_by = NULL
         FROM lost WHERE queue.locked_by = lost.pool_id
     )
     UPDATE graphile_worker._private_jobs AS job SET locked_at = NULL, locked_by = NULL
       FROM lost, graphile_worker._private_tasks AS task
      WHERE job.locked_by = lost.pool_id AND task.id = job.task_id
     RETURNING job.id::text AS id, task.identifier AS task, lost.pool_id AS pool`,
    [lostAfterMs],
  );
  return rows;
}

/**
 * Unlocks the jobs this pool has held for `lostAfterMs` that none of its workers was given: their fetch's answer was
 * lost (a connection cut after PostgreSQL committed the lock). Forgets the started jobs the pool no longer holds.
 */
async function recoverLostFetches(
  db: Db,
  { poolId, startedHere, lostAfterMs }: { poolId: string; startedHere: Set<string>; lostAfterMs: number },
): Promise<{ id: string; task: string; pool: string }[]> {
  const held = await listJobsLockedBy(db, poolId, lostAfterMs);
  const heldIds = new Set(held.map((job) => job.id));
  for (const id of startedHere) if (!heldIds.has(id)) startedHere.delete(id);
  const lost = held.filter((job) => job.is_old && !startedHere.has(job.id)).map((job) => job.id);
  if (lost.length === 0) return [];
  const { rows } = await db.query<{ id: string; task: string; pool: string }>(
    `WITH job AS (
       UPDATE graphile_worker._private_jobs SET locked_at = NULL, locked_by = NULL
        WHERE id = ANY($1::bigint[]) AND locked_by = $2 RETURNING id, task_id, job_queue_id
     ), queues AS (
       UPDATE graphile_worker._private_job_queues AS queue SET locked_at = NULL, locked_by = NULL
         FROM job WHERE queue.id = job.job_queue_id AND queue.locked_by = $2
     )
     SELECT job.id::text AS id, task.identifier AS task, $2 AS pool
       FROM job JOIN graphile_worker._private_tasks AS task ON task.id = job.task_id`,
    [lost, poolId],
  );
  return rows;
}

/** The jobs locked by the worker pool `poolId`, and whether each has been locked for longer than `olderThanMs`. */
export async function listJobsLockedBy(db: Db, poolId: string, olderThanMs = 0): Promise<{ id: string; is_old: boolean }[]> {
  const { rows } = await db.query<{ id: string; is_old: boolean }>(
    `SELECT id::text AS id, locked_at < now() - make_interval(secs => $2::double precision / 1000) AS is_old
       FROM graphile_worker._private_jobs WHERE locked_by = $1`,
    [poolId, olderThanMs],
  );
  return rows;
}
