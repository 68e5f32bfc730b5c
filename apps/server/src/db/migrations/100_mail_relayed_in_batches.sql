-- migrate: no-transaction
-- Mail is no longer a job of the queue each: a relay in every process with SMTP (mail/relay.ts) claims the due mail
-- of the outbox in batches, by next_attempt_at (decision 114). Outside the start-up transaction, so that the relay's
-- index is built CONCURRENTLY: the outbox keeps every mail of its retention period, and the running processes of
-- a rolling deploy go on writing to it. Every statement may run again if the start-up stops half-way.
-- Unsent mail with no job and no claim was the development mailbox's (no SMTP: its job ended at once); the previous
-- version never sent it, and neither does the relay (due at 'infinity', as holdMailboxMail in mail/outbox.ts does).
-- Unsent mail with an old claim and no job stays due: the previous version's hourly sweep would have queued it again.
UPDATE mail_outbox AS mail SET next_attempt_at = 'infinity'
 WHERE mail.sent_at IS NULL AND mail.failed_at IS NULL AND mail.claimed_at IS NULL
   AND NOT EXISTS (SELECT 1 FROM graphile_worker.jobs AS job WHERE job.key = 'mail:' || mail.id);
-- The mail of a send_mail job is due when its job is (a retry's back-off). The job itself stays: the relay sends the
-- mail, and the job runner's send_mail task, kept for the upgrade, ends the job without sending anything. A worker
-- of the previous version that runs such a job during a rolling deploy claims the mail first (claimed_at), and the
-- relay leaves a claimed mail alone, so the mail is sent once either way.
UPDATE mail_outbox AS mail SET next_attempt_at = job.run_at
  FROM graphile_worker.jobs AS job
 WHERE job.task_identifier = 'send_mail' AND job.key = 'mail:' || mail.id AND mail.sent_at IS NULL AND mail.failed_at IS NULL;
-- The relay's claim: the unsent mail in the order it is due.
CREATE INDEX CONCURRENTLY IF NOT EXISTS mail_outbox_due ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
-- The hourly sweep of abandoned mail read this one; a claim's expiry is now the mail's next attempt.
DROP INDEX CONCURRENTLY IF EXISTS mail_outbox_unsent_claim;
