-- "Complete your bundle" (issue 25, decision 054): a customer who owns some of a bundle's products pays its price
-- reduced by what they own, by the vendor's rule per bundle, through a quote bound to them (decision 036).
CREATE TABLE bundle_rule (
  bundle_product_id  bigint PRIMARY KEY REFERENCES product (id) ON DELETE CASCADE,
  -- 'share': the bundle price less the owned products' share of it (by their own prices);
  -- 'fixed': the price the vendor set for the count of products owned.
  rule               text NOT NULL CHECK (rule IN ('share', 'fixed')),
  -- The whole bundle's price per currency: {"USD": "99.00"}.
  prices             jsonb NOT NULL CHECK (jsonb_typeof(prices) = 'object' AND prices <> '{}'::jsonb),
  -- 'fixed' only: per count owned, the price per currency: {"1": {"USD": "69.00"}, "2": {"USD": "39.00"}}.
  owned_prices       jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(owned_prices) = 'object')
);

-- A quote is for an offer on a licence, or for a bundle with the products the customer owned when it was made.
ALTER TABLE offer_quote ALTER COLUMN offer_id DROP NOT NULL;
ALTER TABLE offer_quote ALTER COLUMN source_order_id DROP NOT NULL;
ALTER TABLE offer_quote ADD COLUMN bundle_product_id bigint REFERENCES product (id) ON DELETE CASCADE;
ALTER TABLE offer_quote ADD COLUMN owned_product_ids bigint[] NOT NULL DEFAULT '{}';
ALTER TABLE offer_quote ADD CONSTRAINT offer_quote_offer_or_bundle
  CHECK ((offer_id IS NULL) = (source_order_id IS NULL) AND (offer_id IS NULL) <> (bundle_product_id IS NULL));

-- The licences a bundle quote bought (several per quote, unlike an offer's one).
ALTER TABLE orders ADD COLUMN bundle_quote_id text;
CREATE INDEX orders_bundle_quote ON orders (bundle_quote_id) WHERE bundle_quote_id IS NOT NULL;
