-- Money on every licence (decision 029): the webhook records what was paid for each licence a purchase creates
-- (migration 060 added the columns, but only tests and the large seed wrote them), what was refunded of it, and a
-- paid transfer's fee on the transfer. Licences and transfers stored before are filled from the provider orders and
-- returns kept since migration 020, and the dashboard's rollups are rebuilt from the tables.

-- What was refunded of the licence: its whole amount once its unit is returned, an amount refund's share of its
-- item otherwise; and when it last was.
ALTER TABLE orders ADD COLUMN refunded numeric(12, 2), ADD COLUMN refunded_at timestamptz;

-- A paid transfer's fee in its order's currency, what was refunded of it and when, and the product of the licence
-- moved (the rollups count the fee there, also once the licence is deleted).
ALTER TABLE licence_transfer ADD COLUMN amount numeric(12, 2), ADD COLUMN currency text, ADD COLUMN refunded numeric(12, 2),
  ADD COLUMN refunded_at timestamptz, ADD COLUMN product_id bigint;

CREATE FUNCTION licence_transfer_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.product_id IS NULL THEN
    SELECT product_id INTO NEW.product_id FROM orders WHERE id = NEW.order_id;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER licence_transfer_product BEFORE INSERT ON licence_transfer FOR EACH ROW EXECUTE FUNCTION licence_transfer_product();
UPDATE licence_transfer t SET product_id = o.product_id FROM orders o WHERE o.id = t.order_id AND t.product_id IS NULL;

-- Transfer fees per day (of the transfer), product and currency; their refunds count in `refunded`.
ALTER TABLE sales_daily ADD COLUMN transfer_fees numeric(16, 2) NOT NULL DEFAULT 0;
ALTER TABLE sales_monthly ADD COLUMN transfer_fees numeric(16, 2) NOT NULL DEFAULT 0;

-- The decimals a currency's amounts are kept with: none for ISO 4217's currencies without a minor unit, else cents
-- (the columns keep two). apps/server/src/lib/money.ts holds the same list.
CREATE FUNCTION currency_decimals(code text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN upper(btrim(coalesce(code, ''))) IN ('BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX',
                                                         'UYI', 'VND', 'VUV', 'XAF', 'XOF', 'XPF')
              THEN 0 ELSE 2 END
$$;

-- The share of licence `unit_index` (from 0) of `units` in an item's `amount`: the amount in whole minor units divided,
-- the remainder a unit each on the first licences, so the shares add up to the amount (lib/money.ts splitAmount).
CREATE FUNCTION licence_share(amount numeric, units integer, unit_index integer, code text) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT round(sign(amount) * (div(minor, units) + CASE WHEN unit_index < mod(minor, units) THEN 1 ELSE 0 END) / power(10::numeric, decimals),
               decimals)
    FROM (SELECT round(abs(amount) * power(10::numeric, currency_decimals(code))) AS minor, currency_decimals(code) AS decimals) AS m
$$;

-- Refunds and transfer fees of a day, added to the rollups (sales of licences go through add_to_sales_daily).
CREATE FUNCTION add_money_to_sales(at_day date, product bigint, money text, refunds integer, refunded numeric, transfer_fees numeric)
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO sales_daily AS s (day, product_id, currency, shard, refunds, refunded, transfer_fees)
  VALUES (at_day, product, coalesce(money, ''), pg_backend_pid() % 4, refunds, refunded, transfer_fees)
  ON CONFLICT (day, product_id, currency, shard) DO UPDATE SET
    refunds = s.refunds + EXCLUDED.refunds, refunded = s.refunded + EXCLUDED.refunded, transfer_fees = s.transfer_fees + EXCLUDED.transfer_fees;
  INSERT INTO sales_monthly AS s (day, product_id, currency, shard, refunds, refunded, transfer_fees)
  VALUES (date_trunc('month', at_day)::date, product, coalesce(money, ''), pg_backend_pid() % 4, refunds, refunded, transfer_fees)
  ON CONFLICT (day, product_id, currency, shard) DO UPDATE SET
    refunds = s.refunds + EXCLUDED.refunds, refunded = s.refunded + EXCLUDED.refunded, transfer_fees = s.transfer_fees + EXCLUDED.transfer_fees;
$$;

-- Whether a licence counts as refunded: revoked, or with money given back.
CREATE FUNCTION is_refunded(o orders) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT o.state = 'refunded' OR coalesce(o.refunded, 0) <> 0
$$;

-- A licence's refund, added (sign 1) or taken back (-1), on the day it was last refunded.
CREATE FUNCTION add_refund(o orders, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF is_refunded(o) THEN
    PERFORM add_money_to_sales(utc_day(coalesce(o.refunded_at, o.creation_date)), o.product_id, o.currency, sign,
      sign * coalesce(o.refunded, 0), 0);
  END IF;
END
$$;

-- As migration 060's, and: a licence counts as a refund once, when it is revoked or first gets money back, and the
-- money refunded of it counts on the day it is (an amount refund, then the unit returned: two days' money, one
-- refund); a licence deleted takes its refund back out with its sale.
CREATE OR REPLACE FUNCTION roll_up_order() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  today date := utc_day(now());
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM add_sale(NEW, 1, NEW.source);
    PERFORM add_refund(NEW, 1);
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM add_sale(OLD, -1, OLD.source);
    PERFORM add_refund(OLD, -1);
    RETURN NULL;
  END IF;
  IF (OLD.product_id, OLD.amount, OLD.currency, OLD.country, utc_day(OLD.creation_date))
     IS DISTINCT FROM (NEW.product_id, NEW.amount, NEW.currency, NEW.country, utc_day(NEW.creation_date)) THEN
    PERFORM add_sale(OLD, -1, OLD.source);
    PERFORM add_refund(OLD, -1);
    PERFORM add_sale(NEW, 1, CASE WHEN NEW.source = 'transfer' THEN OLD.source ELSE NEW.source END);
    PERFORM add_refund(NEW, 1);
  ELSIF is_refunded(OLD) <> is_refunded(NEW) OR coalesce(OLD.refunded, 0) <> coalesce(NEW.refunded, 0) THEN
    PERFORM add_money_to_sales(utc_day(coalesce(NEW.refunded_at, now())), NEW.product_id, NEW.currency,
      is_refunded(NEW)::integer - is_refunded(OLD)::integer, coalesce(NEW.refunded, 0) - coalesce(OLD.refunded, 0), 0);
  END IF;
  IF OLD.person_id <> NEW.person_id THEN
    PERFORM add_to_sales_daily(today, NEW.product_id, NEW.currency, 0, 0, 0, 0, 0, 0, 0, 1);
  END IF;
  RETURN NULL;
END
$$;

-- A transfer's fee (on the transfer's day) and what was refunded of it (on the refund's day), added or taken back.
CREATE FUNCTION add_transfer_fee(t licence_transfer, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF t.product_id IS NULL THEN
    RETURN;
  END IF;
  IF coalesce(t.amount, 0) <> 0 THEN
    PERFORM add_money_to_sales(utc_day(t.transferred_at), t.product_id, t.currency, 0, 0, sign * t.amount);
  END IF;
  IF coalesce(t.refunded, 0) <> 0 THEN
    PERFORM add_money_to_sales(utc_day(coalesce(t.refunded_at, t.transferred_at)), t.product_id, t.currency, 0, sign * t.refunded, 0);
  END IF;
END
$$;

CREATE FUNCTION roll_up_transfer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM add_transfer_fee(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM add_transfer_fee(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;
-- Deferred to the commit, as roll_up_order (migration 060).
CREATE CONSTRAINT TRIGGER roll_up_transfer AFTER INSERT OR UPDATE OR DELETE ON licence_transfer
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION roll_up_transfer();

-- As migration 060's, and: a licence changed hands counts as what it came from (a provider order: a purchase; a
-- redeemed code: an activation; else an admin grant), a licence's refund on the day it was last refunded, transfer
-- fees on their transfer's day. What a rebuild cannot know: the days of a licence's earlier amount refunds (all count
-- on its last), and whether a transferred licence without a provider order was imported.
CREATE OR REPLACE FUNCTION rebuild_sales_rollups() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sales_daily;
  DELETE FROM sales_country_daily;
  DELETE FROM sales_monthly;
  DELETE FROM sales_country_monthly;
  DELETE FROM device_activation_daily;
  INSERT INTO sales_daily (day, product_id, currency, shard, units, revenue, purchases, redemptions, admin_grants, refunds, refunded,
                           transfers, transfer_fees)
  SELECT day, product_id, currency, 0, sum(units), sum(revenue), sum(purchases), sum(redemptions), sum(admin_grants),
         sum(refunds), sum(refunded), sum(transfers), sum(transfer_fees)
    FROM (SELECT utc_day(creation_date) AS day, product_id, coalesce(currency, '') AS currency, count(*) AS units,
                 coalesce(sum(amount), 0) AS revenue, count(*) FILTER (WHERE origin = 'purchase') AS purchases,
                 count(*) FILTER (WHERE origin = 'activation') AS redemptions, count(*) FILTER (WHERE origin = 'admin') AS admin_grants,
                 0 AS refunds, 0 AS refunded, 0 AS transfers, 0 AS transfer_fees
            FROM (SELECT o.creation_date, o.product_id, o.currency, o.amount,
                         CASE WHEN o.source <> 'transfer' THEN o.source
                              WHEN o.provider_order_id IS NOT NULL THEN 'purchase'
                              WHEN EXISTS (SELECT 1 FROM unassigned_order u WHERE u.redeemed_order_id = o.id) THEN 'activation'
                              ELSE 'admin' END AS origin
                    FROM orders o) AS licences
           GROUP BY 1, 2, 3
          UNION ALL
          SELECT utc_day(coalesce(refunded_at, creation_date)), product_id, coalesce(currency, ''), 0, 0, 0, 0, 0, count(*),
                 coalesce(sum(refunded), 0), 0, 0
            FROM orders WHERE state = 'refunded' OR coalesce(refunded, 0) <> 0 GROUP BY 1, 2, 3
          UNION ALL
          SELECT utc_day(t.transferred_at), o.product_id, coalesce(o.currency, ''), 0, 0, 0, 0, 0, 0, 0, count(*), 0
            FROM licence_transfer t JOIN orders o ON o.id = t.order_id GROUP BY 1, 2, 3
          UNION ALL
          SELECT utc_day(transferred_at), product_id, coalesce(currency, ''), 0, 0, 0, 0, 0, 0, 0, 0, sum(amount)
            FROM licence_transfer WHERE product_id IS NOT NULL AND coalesce(amount, 0) <> 0 GROUP BY 1, 2, 3
          UNION ALL
          SELECT utc_day(coalesce(refunded_at, transferred_at)), product_id, coalesce(currency, ''), 0, 0, 0, 0, 0, 0, sum(refunded), 0, 0
            FROM licence_transfer WHERE product_id IS NOT NULL AND coalesce(refunded, 0) <> 0 GROUP BY 1, 2, 3) AS parts
   GROUP BY day, product_id, currency;
  INSERT INTO sales_country_daily (day, country, currency, shard, units, revenue)
  SELECT utc_day(creation_date), coalesce(country, ''), coalesce(currency, ''), 0, count(*), coalesce(sum(amount), 0)
    FROM orders GROUP BY 1, 2, 3;
  INSERT INTO sales_monthly (day, product_id, currency, shard, units, revenue, purchases, redemptions, admin_grants, refunds, refunded,
                             transfers, transfer_fees)
  SELECT date_trunc('month', day)::date, product_id, currency, 0, sum(units), sum(revenue), sum(purchases), sum(redemptions),
         sum(admin_grants), sum(refunds), sum(refunded), sum(transfers), sum(transfer_fees)
    FROM sales_daily GROUP BY 1, 2, 3;
  INSERT INTO sales_country_monthly (day, country, currency, shard, units, revenue)
  SELECT date_trunc('month', day)::date, country, currency, 0, sum(units), sum(revenue) FROM sales_country_daily GROUP BY 1, 2, 3;
  INSERT INTO device_activation_daily (day, shard, activations)
  SELECT utc_day(creation_date), 0, count(*) FROM order_device GROUP BY 1;
END
$$;

-- What the webhook records since this migration, filled in on licences and transfers stored before it (those with no
-- amount yet), from the provider orders and returns kept (provider_order, provider_refund). The same rules as the
-- webhook's (order-completed.service.ts, return-created.service.ts); licence-money.api.test.ts holds them equal.
CREATE FUNCTION fill_money_from_provider_orders() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Each licence of a purchase: its share of its item. The licences of a path are numbered across the order's items
  -- ({path}#n), so an item's are the numbers from the units of the path's earlier items on.
  WITH item AS (
    SELECT po.provider_order_id, upper(btrim(po.currency)) AS currency, lower(btrim(i.line->>'product')) AS path,
           CASE WHEN jsonb_typeof(i.line->'subtotal') = 'number' THEN (i.line->>'subtotal')::numeric END AS subtotal,
           CASE WHEN jsonb_typeof(i.line->'quantity') = 'number' THEN (i.line->>'quantity')::integer ELSE 1 END AS quantity, i.item_number
      FROM provider_order po CROSS JOIN LATERAL jsonb_array_elements(po.items) WITH ORDINALITY AS i (line, item_number)
     WHERE btrim(po.currency) ~ '^[A-Za-z]{3}$'
  ), numbered AS (
    SELECT *, sum(quantity) OVER (PARTITION BY provider_order_id, path ORDER BY item_number) - quantity AS first FROM item
  )
  UPDATE orders o SET amount = licence_share(n.subtotal, n.quantity, substring(o.provider_item FROM '#(\d+)$')::integer - n.first::integer,
                                             n.currency),
                      currency = n.currency
    FROM numbered n
   WHERE o.provider_order_id = n.provider_order_id AND o.amount IS NULL AND n.subtotal IS NOT NULL AND n.quantity > 0
     AND split_part(o.provider_item, '#', 1) = n.path
     AND substring(o.provider_item FROM '#(\d+)$')::integer >= n.first
     AND substring(o.provider_item FROM '#(\d+)$')::integer < n.first + n.quantity;

  -- Amount refunds (a line of quantity 0 or a partial refund type): each line spread over the licences of its item
  -- that were active when it came (not revoked by that return or an earlier one), in licence order.
  WITH line AS (
    SELECT r.return_id, l.line_number, r.provider_order_id, r.received_at, lower(btrim(l.item->>'product')) AS path,
           (l.item->>'subtotal')::numeric AS subtotal
      FROM provider_refund r CROSS JOIN LATERAL jsonb_array_elements(r.items) WITH ORDINALITY AS l (item, line_number)
     WHERE jsonb_typeof(l.item->'subtotal') = 'number'
       AND (l.item->>'quantity' = '0' OR coalesce(l.item->>'refundType', '') ~* 'partial')
  ), share AS (
    SELECT o.id, line.received_at,
           licence_share(line.subtotal, (count(*) OVER (PARTITION BY line.return_id, line.line_number))::integer,
                         (row_number() OVER (PARTITION BY line.return_id, line.line_number ORDER BY o.id) - 1)::integer, o.currency) AS amount
      FROM line JOIN orders o ON o.provider_order_id = line.provider_order_id AND split_part(o.provider_item, '#', 1) = line.path
     WHERE NOT EXISTS (SELECT 1 FROM provider_refund earlier
                        WHERE earlier.provider_order_id = line.provider_order_id AND o.id = ANY (earlier.revoked_order_ids)
                          AND earlier.received_at <= line.received_at)
  )
  UPDATE orders o SET refunded = s.amount, refunded_at = s.at
    FROM (SELECT id, sum(amount) AS amount, max(received_at) AS at FROM share GROUP BY id) AS s
   WHERE o.id = s.id AND o.refunded IS NULL;

  -- A licence revoked gives back what was paid for it, on the day of the return that revoked it.
  UPDATE orders o SET refunded = coalesce(o.amount, o.refunded), refunded_at = coalesce(r.at, o.refunded_at)
    FROM (SELECT o.id, (SELECT min(received_at) FROM provider_refund r
                         WHERE r.provider_order_id = o.provider_order_id AND o.id = ANY (r.revoked_order_ids)) AS at
            FROM orders o WHERE o.state = 'refunded') AS r
   WHERE o.id = r.id AND o.refunded IS DISTINCT FROM coalesce(o.amount, o.refunded);

  -- A paid transfer's fee: its order's `licensetransfer` items.
  UPDATE licence_transfer t SET amount = f.amount, currency = f.currency
    FROM (SELECT po.provider_order_id, upper(btrim(po.currency)) AS currency,
                 sum(round((i.line->>'subtotal')::numeric, currency_decimals(po.currency))) AS amount
            FROM provider_order po CROSS JOIN LATERAL jsonb_array_elements(po.items) AS i (line)
           WHERE lower(btrim(i.line->>'product')) = 'licensetransfer' AND jsonb_typeof(i.line->'subtotal') = 'number'
             AND btrim(po.currency) ~ '^[A-Za-z]{3}$'
           GROUP BY 1, 2) AS f
   WHERE t.provider_order_id = f.provider_order_id AND t.amount IS NULL;

  -- Its returns: the whole fee for a return without lines or with a `licensetransfer` unit, else the amounts refunded
  -- (at most the fee).
  UPDATE licence_transfer t SET refunded = CASE WHEN r.is_whole THEN t.amount ELSE least(t.amount, r.amount) END, refunded_at = r.at
    FROM (SELECT r.provider_order_id, max(r.received_at) AS at,
                 bool_or(jsonb_array_length(r.items) = 0 OR EXISTS (
                   SELECT 1 FROM jsonb_array_elements(r.items) AS l (item)
                    WHERE lower(btrim(l.item->>'product')) = 'licensetransfer'
                      AND NOT (l.item->>'quantity' = '0' OR coalesce(l.item->>'refundType', '') ~* 'partial'))) AS is_whole,
                 coalesce(sum((SELECT sum(round((l.item->>'subtotal')::numeric, currency_decimals(r.currency)))
                                 FROM jsonb_array_elements(r.items) AS l (item)
                                WHERE lower(btrim(l.item->>'product')) = 'licensetransfer' AND jsonb_typeof(l.item->'subtotal') = 'number'
                                  AND (l.item->>'quantity' = '0' OR coalesce(l.item->>'refundType', '') ~* 'partial'))), 0) AS amount
            FROM provider_refund r GROUP BY r.provider_order_id) AS r
   WHERE t.provider_order_id = r.provider_order_id AND t.amount IS NOT NULL AND t.refunded IS NULL
     AND (r.is_whole OR r.amount <> 0);
END
$$;

-- Filled without the rollup triggers (they would fire at this transaction's commit, after the rebuild below, and
-- count everything twice), then the rollups rebuilt from the tables.
ALTER TABLE orders DISABLE TRIGGER roll_up_order;
ALTER TABLE licence_transfer DISABLE TRIGGER roll_up_transfer;
SELECT fill_money_from_provider_orders();
ALTER TABLE orders ENABLE TRIGGER roll_up_order;
ALTER TABLE licence_transfer ENABLE TRIGGER roll_up_transfer;
SELECT rebuild_sales_rollups();
