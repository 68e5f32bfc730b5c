-- Major versions, paid upgrades and crossgrades (issue 25, decision 036).
-- A product's successor: its next major version, its own product with its own JUCE product ID and keys.
ALTER TABLE product ADD COLUMN successor_id bigint REFERENCES product (id) ON DELETE SET NULL;
ALTER TABLE product ADD CONSTRAINT product_successor_not_itself CHECK (successor_id IS NULL OR successor_id <> id);

-- An offer: owning an active licence of any source product gives the target at a price per currency. An upgrade
-- uses the licence up (the owner moves to the target); a crossgrade only qualifies the owner.
CREATE TABLE offer (
  id                 bigserial PRIMARY KEY,
  kind               text NOT NULL CHECK (kind IN ('upgrade', 'crossgrade')),
  name               text NOT NULL CHECK (name <> ''),
  target_product_id  bigint NOT NULL REFERENCES product (id) ON DELETE CASCADE,
  -- {"USD": "29.00", "EUR": "27.00"}: decimal strings in the currency's major unit.
  prices             jsonb NOT NULL CHECK (jsonb_typeof(prices) = 'object' AND prices <> '{}'::jsonb),
  is_active          boolean NOT NULL DEFAULT true,
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX offer_target ON offer (target_product_id);

CREATE TABLE offer_source (
  offer_id    bigint NOT NULL REFERENCES offer (id) ON DELETE CASCADE,
  product_id  bigint NOT NULL REFERENCES product (id) ON DELETE CASCADE,
  PRIMARY KEY (offer_id, product_id)
);
CREATE INDEX offer_source_product ON offer_source (product_id);

-- A price quoted to one customer for one of their licences. The checkout carries its id in a tag (and, with a
-- real storefront, the price in FastSpring's encrypted session); the webhook honours it once, for that customer.
CREATE TABLE offer_quote (
  id               text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{22,}$'),
  offer_id         bigint NOT NULL REFERENCES offer (id) ON DELETE CASCADE,
  person_id        bigint NOT NULL REFERENCES person (id) ON DELETE CASCADE,
  source_order_id  bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  currency         text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  price            numeric(12, 2) NOT NULL CHECK (price >= 0),
  created_at       timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz NOT NULL
);
CREATE INDEX offer_quote_person ON offer_quote (person_id, created_at);

-- A licence bought through an offer names it and the licence it came from.
ALTER TABLE orders ADD COLUMN offer_id bigint REFERENCES offer (id) ON DELETE SET NULL;
ALTER TABLE orders ADD COLUMN offer_quote_id text;
ALTER TABLE orders ADD COLUMN upgraded_from_order_id bigint REFERENCES orders (id) ON DELETE SET NULL;
ALTER TABLE orders ADD CONSTRAINT orders_offer_has_source CHECK ((offer_id IS NULL) = (upgraded_from_order_id IS NULL));
-- One licence serves an offer once, however many checkouts were opened or webhooks arrive; a refund frees it.
CREATE UNIQUE INDEX orders_offer_source_once ON orders (offer_id, upgraded_from_order_id)
  WHERE offer_id IS NOT NULL AND state = 'active';
-- A quote buys one licence.
CREATE UNIQUE INDEX orders_offer_quote_once ON orders (offer_quote_id) WHERE offer_quote_id IS NOT NULL;
CREATE INDEX orders_upgraded_from ON orders (upgraded_from_order_id) WHERE upgraded_from_order_id IS NOT NULL;
