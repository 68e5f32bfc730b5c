-- The job queue's worker pools, one per running process, each seen again every 30 s (decision 118). A pool not seen
-- for five minutes is lost (its process crashed, was killed, or lost the database): any process's sweep hands its
-- locked jobs back to the queue, instead of graphile-worker's four hours. A pool with no row (a previous version's,
-- during a rolling deploy) is never swept.
CREATE TABLE job_worker_pool (
  pool_id    text PRIMARY KEY,
  started_at timestamptz NOT NULL DEFAULT now(),
  seen_at    timestamptz NOT NULL DEFAULT now()
);
