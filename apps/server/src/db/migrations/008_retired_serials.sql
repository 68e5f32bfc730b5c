-- A licence that moves to a new owner gets a new serial; the seller's one is retired: it stays in the pool's
-- history (the editor shows it as handed out) but belongs to no licence, proves nothing and is never handed out
-- again.
ALTER TABLE product_serial ADD COLUMN retired_at timestamptz;
DROP INDEX product_serial_free;
CREATE INDEX product_serial_free ON product_serial (product_id, position) WHERE order_id IS NULL AND retired_at IS NULL;
