-- migrate: no-transaction
-- The all-orders list (modules/order/order-list.repository.ts, decision 024):
-- - Any equality filters on status, source and currency at once, e.g. refunded in GBP (0.3 % of the licences),
--   read only their matches from one index: with a B-tree skip scan (PostgreSQL 18), the columns not filtered are
--   skipped over; older servers scan the index entries under the first filtered column. No `id` at the end: the
--   keys repeat, so the index stores each value once with its rows (deduplication) and stays a seventh of the
--   size of one that ends in the unique id.
-- - A currency sorted by reference: the licences without one (activation codes, an admin's licences, a third of a
--   million at two million) come first in descending order and hold no currency, so walking the reference order
--   passed all of them first.
-- Built CONCURRENTLY outside the start-up transaction (the marker above); the DROP before each build removes an
-- invalid index a failed build left behind.
DROP INDEX CONCURRENTLY IF EXISTS orders_state_source_currency;
CREATE INDEX CONCURRENTLY orders_state_source_currency ON orders (state, source, currency);
DROP INDEX CONCURRENTLY IF EXISTS orders_currency_reference;
CREATE INDEX CONCURRENTLY orders_currency_reference ON orders (currency, provider_reference, id);
