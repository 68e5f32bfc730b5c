-- The checkout stand-in's own record of what it sold and refunded, served by its copy of FastSpring's API
-- (GET /orders, GET /returns) so the reconciliation job can be tested against it (docs/fastspring.md).
CREATE TABLE sandbox_provider_record (
  id                 text PRIMARY KEY,
  kind               text NOT NULL CHECK (kind IN ('order', 'return')),
  provider_order_id  text NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  data               jsonb NOT NULL
);
CREATE INDEX sandbox_provider_record_created ON sandbox_provider_record (kind, created_at);
