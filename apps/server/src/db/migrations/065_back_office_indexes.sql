-- migrate: no-transaction
-- The back office's indexes on the large tables, moved out of migration 060 (whose start-up transaction would hold
-- writes to orders for as long as the builds took): built CONCURRENTLY, so the shop keeps taking orders meanwhile.
-- IF NOT EXISTS: a database that applied 060 before the move has them already (decision 021); an index a failed
-- build left invalid is dropped and built again by the migration runner (db/migrate.ts).
--
-- The all-orders list sorts by each column it shows (by the column, then the id) and finds a provider reference by
-- its beginning; the status and source filters are equalities whose rare values the planner finds by index. Unpaid
-- licences (activation codes, admin grants) have neither amount nor reference: a source or currency filter sorted by
-- amount or reference has its own index, or the walk of the sort index would pass every unpaid (or paid) licence
-- first. The reference indexes are not partial: PostgreSQL keeps no statistics of a partial index's expression, and
-- without them it estimates every prefix at 0.5 % of the table and walks the sort index instead.
CREATE INDEX CONCURRENTLY IF NOT EXISTS orders_creation_date_sort ON orders (creation_date, id);
CREATE INDEX CONCURRENTLY IF NOT EXISTS orders_amount_sort ON orders (amount, id);
CREATE INDEX CONCURRENTLY IF NOT EXISTS orders_product_sort ON orders (product_id, id);
-- A product's licences by amount (its price, with and without discounts: clustered in the amount order). It
-- replaces the product's index of migration 001, dropped once the replacement is there.
CREATE INDEX CONCURRENTLY IF NOT EXISTS orders_product_amount ON orders (product_id, amount, id);
DROP INDEX CONCURRENTLY IF EXISTS orders_product;
CREATE INDEX CONCURRENTLY IF NOT EXISTS orders_state ON orders (state, id);
CREATE INDEX CONCURRENTLY IF NOT EXISTS orders_source ON orders (source, id);
CREATE INDEX CONCURRENTLY IF NOT EXISTS orders_source_amount ON orders (source, amount, id);
CREATE INDEX CONCURRENTLY IF NOT EXISTS orders_source_reference ON orders (source, provider_reference, id);
CREATE INDEX CONCURRENTLY IF NOT EXISTS orders_currency_amount ON orders (currency, amount, id);
CREATE INDEX CONCURRENTLY IF NOT EXISTS orders_provider_reference ON orders (lower(provider_reference) text_pattern_ops);
CREATE INDEX CONCURRENTLY IF NOT EXISTS orders_provider_reference_sort ON orders (provider_reference, id);
CREATE INDEX CONCURRENTLY IF NOT EXISTS orders_provider_order ON orders (lower(provider_order_id) text_pattern_ops);

-- Search by key text: a licence's serial. Key files are long and pasted with any line breaks; they are found by a
-- hash of their text without white space.
CREATE INDEX CONCURRENTLY IF NOT EXISTS orders_serial ON orders (serial) WHERE serial <> '';
CREATE INDEX CONCURRENTLY IF NOT EXISTS orders_key_hash ON orders (md5(regexp_replace(serial_new, '\s', '', 'g'))) WHERE serial_new <> '';
CREATE INDEX CONCURRENTLY IF NOT EXISTS orders_key_2048_hash ON orders (md5(regexp_replace(serial_2048, '\s', '', 'g'))) WHERE serial_2048 <> '';
CREATE INDEX CONCURRENTLY IF NOT EXISTS order_device_device_id ON order_device (lower(device_id_hash));

-- A distributor's codes by the order they were redeemed for.
CREATE INDEX CONCURRENTLY IF NOT EXISTS unassigned_order_redeemed_order ON unassigned_order (redeemed_order_id) WHERE redeemed_order_id IS NOT NULL;

-- The audit log is read newest first.
CREATE INDEX CONCURRENTLY IF NOT EXISTS audit_log_at ON audit_log (at DESC, id DESC);
