-- migrate: no-transaction
-- The all-orders list sorts blank amounts and references (redeemed codes, admin grants) last in both directions
-- (lib/list-query.ts, `isBlankLast`). Descending, that is the order of these indexes read backwards; ascending,
-- the existing (column, id) indexes still serve. Built CONCURRENTLY outside the start-up transaction (the marker
-- above): the orders table grows with the shop; a build that failed half-way is dropped and built again.
DROP INDEX CONCURRENTLY IF EXISTS orders_amount_blank_first;
CREATE INDEX CONCURRENTLY orders_amount_blank_first ON orders (amount NULLS FIRST, id);
DROP INDEX CONCURRENTLY IF EXISTS orders_reference_blank_first;
CREATE INDEX CONCURRENTLY orders_reference_blank_first ON orders (provider_reference NULLS FIRST, id);
