-- migrate: no-transaction
-- The dashboard's upgrades, crossgrades and bundles (decision 057) read the licences sold through an offer or in a
-- bundle (whose item is `{bundle}/{product}#n`, decision 054) by the day they were sold: a few among millions of
-- licences, found by this partial index without reading the others. Built CONCURRENTLY, like migration 065, so the
-- shop keeps taking orders meanwhile; the queries repeat its predicate exactly.
CREATE INDEX CONCURRENTLY IF NOT EXISTS orders_sold_as_offer_or_bundle ON orders (creation_date)
  WHERE offer_id IS NOT NULL OR strpos(provider_item, '/') > 0;
