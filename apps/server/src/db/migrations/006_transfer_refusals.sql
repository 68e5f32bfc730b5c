-- Paid licence transfers that could not be carried out (no tag, a forged or expired token, a licence that moved):
-- the support address is told once per provider order, however often the provider delivers it again.
CREATE TABLE licence_transfer_refusal (
  provider_order_id  text PRIMARY KEY,
  reason             text NOT NULL,
  refused_at         timestamptz NOT NULL DEFAULT now()
);
