-- migrate: no-transaction
-- Mail is no longer a job of the queue each: a relay in every process with SMTP (mail/relay.ts) claims the due mail
-- of the outbox in batches, by next_attempt_at (decision 114). Outside the start-up transaction, so that the relay's
-- index is built CONCURRENTLY: the outbox keeps every mail of its retention period, and the running processes of
-- a rolling deploy go on writing to it.
-- The mail still waiting as a send_mail job keeps the job's time (a retry's back-off), then the job goes: the relay
-- sends that mail, once, since it is unsent. A job that a worker of the previous version runs at this moment is only
-- stripped of its key and further attempts (remove_job); that worker's claim (claimed_at) keeps the relay off the
-- mail. Both statements are safe to run again if the start-up stops between them.
UPDATE mail_outbox AS mail SET next_attempt_at = job.run_at
  FROM graphile_worker.jobs AS job
 WHERE job.task_identifier = 'send_mail' AND job.key = 'mail:' || mail.id AND mail.sent_at IS NULL AND mail.failed_at IS NULL;
SELECT count(graphile_worker.remove_job(key)) FROM graphile_worker.jobs WHERE task_identifier = 'send_mail' AND key IS NOT NULL;
-- The relay's claim: the unsent mail in the order it is due.
CREATE INDEX CONCURRENTLY IF NOT EXISTS mail_outbox_due ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
-- The hourly sweep of abandoned mail read this one; a claim's expiry is now the mail's next attempt.
DROP INDEX CONCURRENTLY IF EXISTS mail_outbox_unsent_claim;
