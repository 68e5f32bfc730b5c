-- The rollups' shard, chosen in one place, from sixteen instead of four (decision 077). Every writer adds to the shard
-- row of its backend, so that concurrent orders of one product and day do not queue on one row; with four, ten pool
-- connections shared rows often enough that the orders' commits waited on each other's row locks (add_sale took
-- 0.5-0.85 ms of each order's time in PostgreSQL, about 0.25 ms with sixteen). Readers sum every shard.
CREATE FUNCTION rollup_shard() RETURNS smallint LANGUAGE sql STABLE PARALLEL SAFE AS $$ SELECT (pg_backend_pid() % 16)::smallint $$;

CREATE OR REPLACE FUNCTION add_to_sales_daily(
  at_day date, product bigint, money text, units integer, revenue numeric, purchases integer, redemptions integer,
  admin_grants integer, refunds integer, refunded numeric, transfers integer
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO sales_daily AS s (day, product_id, currency, shard, units, revenue, purchases, redemptions, admin_grants, refunds, refunded, transfers)
  VALUES (at_day, product, coalesce(money, ''), rollup_shard(), units, revenue, purchases, redemptions, admin_grants, refunds, refunded, transfers)
  ON CONFLICT (day, product_id, currency, shard) DO UPDATE SET
    units = s.units + EXCLUDED.units, revenue = s.revenue + EXCLUDED.revenue, purchases = s.purchases + EXCLUDED.purchases,
    redemptions = s.redemptions + EXCLUDED.redemptions, admin_grants = s.admin_grants + EXCLUDED.admin_grants,
    refunds = s.refunds + EXCLUDED.refunds, refunded = s.refunded + EXCLUDED.refunded, transfers = s.transfers + EXCLUDED.transfers;
  INSERT INTO sales_monthly AS s (day, product_id, currency, shard, units, revenue, purchases, redemptions, admin_grants, refunds, refunded, transfers)
  VALUES (date_trunc('month', at_day)::date, product, coalesce(money, ''), rollup_shard(), units, revenue, purchases, redemptions,
          admin_grants, refunds, refunded, transfers)
  ON CONFLICT (day, product_id, currency, shard) DO UPDATE SET
    units = s.units + EXCLUDED.units, revenue = s.revenue + EXCLUDED.revenue, purchases = s.purchases + EXCLUDED.purchases,
    redemptions = s.redemptions + EXCLUDED.redemptions, admin_grants = s.admin_grants + EXCLUDED.admin_grants,
    refunds = s.refunds + EXCLUDED.refunds, refunded = s.refunded + EXCLUDED.refunded, transfers = s.transfers + EXCLUDED.transfers;
$$;

CREATE OR REPLACE FUNCTION add_sale(o orders, sign integer, origin text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_to_sales_daily(utc_day(o.creation_date), o.product_id, o.currency, sign, sign * coalesce(o.amount, 0),
    CASE WHEN origin = 'purchase' THEN sign ELSE 0 END, CASE WHEN origin = 'activation' THEN sign ELSE 0 END,
    CASE WHEN origin = 'admin' THEN sign ELSE 0 END, 0, 0, 0);
  INSERT INTO sales_country_daily AS s (day, country, currency, shard, units, revenue)
  VALUES (utc_day(o.creation_date), coalesce(o.country, ''), coalesce(o.currency, ''), rollup_shard(), sign, sign * coalesce(o.amount, 0))
  ON CONFLICT (day, country, currency, shard) DO UPDATE SET units = s.units + EXCLUDED.units, revenue = s.revenue + EXCLUDED.revenue;
  INSERT INTO sales_country_monthly AS s (day, country, currency, shard, units, revenue)
  VALUES (date_trunc('month', utc_day(o.creation_date))::date, coalesce(o.country, ''), coalesce(o.currency, ''), rollup_shard(), sign,
          sign * coalesce(o.amount, 0))
  ON CONFLICT (day, country, currency, shard) DO UPDATE SET units = s.units + EXCLUDED.units, revenue = s.revenue + EXCLUDED.revenue;
END
$$;

CREATE OR REPLACE FUNCTION roll_up_device() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO device_activation_daily AS d (day, shard, activations) VALUES (utc_day(NEW.creation_date), rollup_shard(), 1)
  ON CONFLICT (day, shard) DO UPDATE SET activations = d.activations + 1;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION add_money_to_sales(at_day date, product bigint, money text, refunds integer, refunded numeric, transfer_fees numeric)
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO sales_daily AS s (day, product_id, currency, shard, refunds, refunded, transfer_fees)
  VALUES (at_day, product, coalesce(money, ''), rollup_shard(), refunds, refunded, transfer_fees)
  ON CONFLICT (day, product_id, currency, shard) DO UPDATE SET
    refunds = s.refunds + EXCLUDED.refunds, refunded = s.refunded + EXCLUDED.refunded, transfer_fees = s.transfer_fees + EXCLUDED.transfer_fees;
  INSERT INTO sales_monthly AS s (day, product_id, currency, shard, refunds, refunded, transfer_fees)
  VALUES (date_trunc('month', at_day)::date, product, coalesce(money, ''), rollup_shard(), refunds, refunded, transfer_fees)
  ON CONFLICT (day, product_id, currency, shard) DO UPDATE SET
    refunds = s.refunds + EXCLUDED.refunds, refunded = s.refunded + EXCLUDED.refunded, transfer_fees = s.transfer_fees + EXCLUDED.transfer_fees;
$$;

-- Folds the shard rows of closed days (months, for the monthly tables) of one rollup into one row per key, on a
-- shard no writer uses (16): the dashboard reads one row per key of the past however many backends wrote it; the open
-- day and month stay sharded. Rows a writer holds are skipped and folded at the next run, so the fold never waits for
-- an order; a writer changing a closed day may wait for the fold of that table, one short transaction. A second fold
-- of the same table at once does nothing (the advisory lock). Every column of a rollup that is not its key is a sum.
-- Answers the number of keys folded. The job queue runs it hourly for each rollup (fold_rollup_shards, decision 077).
-- The rollups, each summed over its shard rows by the dashboard: the tables a fold takes.
CREATE FUNCTION rollup_tables() RETURNS regclass[] LANGUAGE sql STABLE AS $$
  SELECT ARRAY['sales_daily', 'sales_monthly', 'sales_country_daily', 'sales_country_monthly', 'device_activation_daily']::regclass[]
$$;

CREATE FUNCTION fold_rollup_shards(rollup regclass) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  open_from date := CASE WHEN rollup IN ('sales_monthly'::regclass, 'sales_country_monthly'::regclass)
                         THEN date_trunc('month', utc_day(now()))::date ELSE utc_day(now()) END;
  keys text;
  sums text;
  additions text;
  value_columns text;
  folded integer;
BEGIN
  IF rollup <> ALL (rollup_tables()) THEN
    RAISE EXCEPTION '% is not a rollup', rollup;
  END IF;
  IF NOT pg_try_advisory_xact_lock(hashtext('fold_rollup_shards:' || rollup::text)) THEN
    RETURN 0;
  END IF;
  -- A rollup's key is its primary key without the shard; every other column is a sum.
  SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) FILTER (WHERE is_key),
         string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) FILTER (WHERE NOT is_key),
         string_agg(format('sum(%I)', a.attname), ', ' ORDER BY a.attnum) FILTER (WHERE NOT is_key),
         string_agg(format('%1$I = r.%1$I + EXCLUDED.%1$I', a.attname), ', ' ORDER BY a.attnum) FILTER (WHERE NOT is_key)
    INTO keys, value_columns, sums, additions
    FROM (SELECT a.attname, a.attnum, a.attnum = ANY (i.indkey) AS is_key
            FROM pg_attribute a JOIN pg_index i ON i.indrelid = a.attrelid AND i.indisprimary
           WHERE a.attrelid = rollup AND a.attnum > 0 AND NOT a.attisdropped AND a.attname <> 'shard') AS a;
  EXECUTE format(
    'WITH moved AS (
       DELETE FROM %1$s WHERE ctid IN (SELECT ctid FROM %1$s WHERE day < $1 AND shard <> 16 FOR UPDATE SKIP LOCKED)
       RETURNING *)
     INSERT INTO %1$s AS r (%2$s, shard, %3$s)
     SELECT %2$s, 16, %4$s FROM moved GROUP BY %2$s
     ON CONFLICT (%2$s, shard) DO UPDATE SET %5$s',
    rollup, keys, value_columns, sums, additions)
    USING open_from;
  GET DIAGNOSTICS folded = ROW_COUNT;
  RETURN folded;
END
$$;

-- The rows a fold looks for: once the past is folded, the open day's and a few late ones.
CREATE INDEX sales_daily_unfolded ON sales_daily (day) WHERE shard <> 16;
CREATE INDEX sales_monthly_unfolded ON sales_monthly (day) WHERE shard <> 16;
CREATE INDEX sales_country_daily_unfolded ON sales_country_daily (day) WHERE shard <> 16;
CREATE INDEX sales_country_monthly_unfolded ON sales_country_monthly (day) WHERE shard <> 16;
CREATE INDEX device_activation_daily_unfolded ON device_activation_daily (day) WHERE shard <> 16;
