-- migrate: no-transaction
-- The hourly sweep of abandoned mail (mail/outbox.ts, requeueAbandonedMail) reads the unsent mail by the age of its
-- claim: a few rows, where the outbox keeps every mail of its retention period.
CREATE INDEX CONCURRENTLY IF NOT EXISTS mail_outbox_unsent_claim ON mail_outbox (claimed_at) WHERE sent_at IS NULL AND failed_at IS NULL;
