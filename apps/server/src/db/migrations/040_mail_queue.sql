-- Mail is delivered by jobs of the PostgreSQL job queue (graphile-worker, schema graphile_worker, installed at
-- start-up before these migrations): enqueueMail writes the mail and its job in the caller's transaction; the
-- worker claims the mail (claimed_at), sends it outside any transaction and records the result. A mail whose
-- attempts are used up gets failed_at and shows in the admin's failed-mail list, with a retry. A mail that
-- carries a secret (contains_secret) loses its text, HTML and attachments once delivered (body_cleared_at).
-- next_attempt_at is no longer read (the job queue schedules the retries); it stays for processes of the
-- previous version that run during a rolling deploy.
ALTER TABLE mail_outbox
  ADD COLUMN IF NOT EXISTS body_html text,
  ADD COLUMN IF NOT EXISTS kind text,
  ADD COLUMN contains_secret boolean NOT NULL DEFAULT false,
  ADD COLUMN claimed_at timestamptz,
  ADD COLUMN failed_at timestamptz,
  ADD COLUMN body_cleared_at timestamptz;

-- What the previous worker gave up on (20 attempts) failed for good; what it still had to send becomes jobs.
UPDATE mail_outbox SET failed_at = coalesce(next_attempt_at, now()) WHERE sent_at IS NULL AND attempts >= 20;
SELECT graphile_worker.add_job('send_mail', json_build_object('mailId', id), job_key => 'mail:' || id, max_attempts => 100)
  FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL ORDER BY id;

DROP INDEX IF EXISTS mail_outbox_due;
CREATE INDEX mail_outbox_failed ON mail_outbox (failed_at) WHERE failed_at IS NOT NULL;
