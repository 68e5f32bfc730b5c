-- migrate: no-transaction
-- The hourly clean-up deletes old mail by creation time. The outbox grows with every order, so its index is built
-- CONCURRENTLY: without holding off the writes of the running processes (a rolling deploy). This runs outside the
-- start-up transaction (the marker above; see db/migrate.ts). A build that failed half-way leaves an invalid
-- index behind, which the first statement removes before trying again.
DROP INDEX CONCURRENTLY IF EXISTS mail_outbox_created_at;
CREATE INDEX CONCURRENTLY mail_outbox_created_at ON mail_outbox (created_at);
