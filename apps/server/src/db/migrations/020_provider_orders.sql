-- The real provider (docs/fastspring.md, decision 014): events that need a person, the money of each purchase,
-- and refunds that keep the licence.

-- An event that was accepted (so the provider stops retrying) but could not be acted on: why, and when an
-- administrator settled it. The admin's "needs attention" list.
ALTER TABLE webhook_event ADD COLUMN attention text, ADD COLUMN resolved_at timestamptz, ADD COLUMN resolved_by text;
CREATE INDEX webhook_event_attention ON webhook_event (received_at DESC) WHERE attention IS NOT NULL AND resolved_at IS NULL;
CREATE INDEX webhook_event_received ON webhook_event (received_at DESC);

-- What the provider says about a purchase's money, once per provider order (amounts in the order's currency).
CREATE TABLE provider_order (
  provider_order_id  text PRIMARY KEY,
  reference          text NOT NULL DEFAULT '',
  completed_at       timestamptz NOT NULL DEFAULT now(),
  currency           text NOT NULL DEFAULT '',
  payout_currency    text NOT NULL DEFAULT '',
  invoice_url        text NOT NULL DEFAULT '',
  coupons            text[] NOT NULL DEFAULT '{}',
  subtotal           numeric(14, 2),
  discount           numeric(14, 2),
  tax                numeric(14, 2),
  total              numeric(14, 2),
  -- [{product, quantity, subtotal, discount, tax, total}] as sent
  items              jsonb NOT NULL DEFAULT '[]',
  buyer_email        text NOT NULL DEFAULT '',
  recipient_email    text NOT NULL DEFAULT ''
);

-- Every return of a purchase; a partial (amount) refund keeps the licences.
CREATE TABLE provider_refund (
  return_id          text PRIMARY KEY,
  provider_order_id  text NOT NULL,
  reference          text NOT NULL DEFAULT '',
  received_at        timestamptz NOT NULL DEFAULT now(),
  is_partial         boolean NOT NULL,
  currency           text NOT NULL DEFAULT '',
  amount             numeric(14, 2),
  items              jsonb NOT NULL DEFAULT '[]',
  revoked_order_ids  bigint[] NOT NULL DEFAULT '{}'
);
CREATE INDEX provider_refund_order ON provider_refund (provider_order_id);
