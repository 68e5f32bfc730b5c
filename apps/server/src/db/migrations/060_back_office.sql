-- The back office (decision 024): what an order was paid, the dashboard's rollups kept current in each order's own
-- transaction, the all-orders list's indexes, draft pages and voided activation codes.

-- What the customer paid for this licence, in `currency` (ISO 4217), and the buyer's country (ISO 3166 alpha-2).
-- Empty for licences nobody paid for (activation codes, admin grants). The provider's webhook fills them; a
-- licence without its own country takes its owner's when it is created (below).
ALTER TABLE orders ADD COLUMN IF NOT EXISTS amount numeric(12, 2);
ALTER TABLE orders ADD COLUMN IF NOT EXISTS currency text;
ALTER TABLE orders ADD COLUMN IF NOT EXISTS country text;

CREATE FUNCTION order_country_of_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.country IS NULL OR NEW.country = '' THEN
    SELECT nullif(country, '') INTO NEW.country FROM person WHERE id = NEW.person_id;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER order_country_of_owner BEFORE INSERT ON orders FOR EACH ROW EXECUTE FUNCTION order_country_of_owner();

-- Daily rollups, by UTC day. Each writer adds to one of four shard rows (by its backend), so concurrent orders of one
-- product and day do not queue on one row; readers sum the shards.
CREATE TABLE sales_daily (
  day           date NOT NULL,
  product_id    bigint NOT NULL,
  currency      text NOT NULL,
  shard         smallint NOT NULL,
  -- Licences issued on the day, by where they came from, and what they were paid.
  units         integer NOT NULL DEFAULT 0,
  revenue       numeric(16, 2) NOT NULL DEFAULT 0,
  purchases     integer NOT NULL DEFAULT 0,
  redemptions   integer NOT NULL DEFAULT 0,
  admin_grants  integer NOT NULL DEFAULT 0,
  -- Events of the day on licences of any date: refunds (and the amount refunded), changes of owner.
  refunds       integer NOT NULL DEFAULT 0,
  refunded      numeric(16, 2) NOT NULL DEFAULT 0,
  transfers     integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, product_id, currency, shard)
);

CREATE TABLE sales_country_daily (
  day       date NOT NULL,
  country   text NOT NULL,
  currency  text NOT NULL,
  shard     smallint NOT NULL,
  units     integer NOT NULL DEFAULT 0,
  revenue   numeric(16, 2) NOT NULL DEFAULT 0,
  PRIMARY KEY (day, country, currency, shard)
);

-- The same by month (`day` is the month's first day): a dashboard over years reads a few rows per month instead of
-- one per day; the days of a month the range covers only in part still come from the daily tables.
CREATE TABLE sales_monthly (LIKE sales_daily INCLUDING ALL);
CREATE TABLE sales_country_monthly (LIKE sales_country_daily INCLUDING ALL);

-- Computers registered per day (plug-in activations, online and offline).
CREATE TABLE device_activation_daily (
  day          date NOT NULL,
  shard        smallint NOT NULL,
  activations  integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, shard)
);

CREATE FUNCTION utc_day(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT (at AT TIME ZONE 'UTC')::date $$;

CREATE FUNCTION add_to_sales_daily(
  at_day date, product bigint, money text, units integer, revenue numeric, purchases integer, redemptions integer,
  admin_grants integer, refunds integer, refunded numeric, transfers integer
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO sales_daily AS s (day, product_id, currency, shard, units, revenue, purchases, redemptions, admin_grants, refunds, refunded, transfers)
  VALUES (at_day, product, coalesce(money, ''), pg_backend_pid() % 4, units, revenue, purchases, redemptions, admin_grants, refunds, refunded, transfers)
  ON CONFLICT (day, product_id, currency, shard) DO UPDATE SET
    units = s.units + EXCLUDED.units, revenue = s.revenue + EXCLUDED.revenue, purchases = s.purchases + EXCLUDED.purchases,
    redemptions = s.redemptions + EXCLUDED.redemptions, admin_grants = s.admin_grants + EXCLUDED.admin_grants,
    refunds = s.refunds + EXCLUDED.refunds, refunded = s.refunded + EXCLUDED.refunded, transfers = s.transfers + EXCLUDED.transfers;
  INSERT INTO sales_monthly AS s (day, product_id, currency, shard, units, revenue, purchases, redemptions, admin_grants, refunds, refunded, transfers)
  VALUES (date_trunc('month', at_day)::date, product, coalesce(money, ''), pg_backend_pid() % 4, units, revenue, purchases, redemptions,
          admin_grants, refunds, refunded, transfers)
  ON CONFLICT (day, product_id, currency, shard) DO UPDATE SET
    units = s.units + EXCLUDED.units, revenue = s.revenue + EXCLUDED.revenue, purchases = s.purchases + EXCLUDED.purchases,
    redemptions = s.redemptions + EXCLUDED.redemptions, admin_grants = s.admin_grants + EXCLUDED.admin_grants,
    refunds = s.refunds + EXCLUDED.refunds, refunded = s.refunded + EXCLUDED.refunded, transfers = s.transfers + EXCLUDED.transfers;
$$;

-- A licence's sale, added (sign 1) or taken back (-1): its day, product, money and country; `origin` is where it
-- came from (a transferred licence keeps counting as what it was sold as).
CREATE FUNCTION add_sale(o orders, sign integer, origin text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_to_sales_daily(utc_day(o.creation_date), o.product_id, o.currency, sign, sign * coalesce(o.amount, 0),
    CASE WHEN origin = 'purchase' THEN sign ELSE 0 END, CASE WHEN origin = 'activation' THEN sign ELSE 0 END,
    CASE WHEN origin = 'admin' THEN sign ELSE 0 END, 0, 0, 0);
  INSERT INTO sales_country_daily AS s (day, country, currency, shard, units, revenue)
  VALUES (utc_day(o.creation_date), coalesce(o.country, ''), coalesce(o.currency, ''), pg_backend_pid() % 4, sign, sign * coalesce(o.amount, 0))
  ON CONFLICT (day, country, currency, shard) DO UPDATE SET units = s.units + EXCLUDED.units, revenue = s.revenue + EXCLUDED.revenue;
  INSERT INTO sales_country_monthly AS s (day, country, currency, shard, units, revenue)
  VALUES (date_trunc('month', utc_day(o.creation_date))::date, coalesce(o.country, ''), coalesce(o.currency, ''), pg_backend_pid() % 4, sign,
          sign * coalesce(o.amount, 0))
  ON CONFLICT (day, country, currency, shard) DO UPDATE SET units = s.units + EXCLUDED.units, revenue = s.revenue + EXCLUDED.revenue;
END
$$;

CREATE FUNCTION roll_up_order() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  today date := utc_day(now());
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM add_sale(NEW, 1, NEW.source);
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM add_sale(OLD, -1, OLD.source);
    RETURN NULL;
  END IF;
  IF (OLD.product_id, OLD.amount, OLD.currency, OLD.country, utc_day(OLD.creation_date))
     IS DISTINCT FROM (NEW.product_id, NEW.amount, NEW.currency, NEW.country, utc_day(NEW.creation_date)) THEN
    PERFORM add_sale(OLD, -1, OLD.source);
    PERFORM add_sale(NEW, 1, CASE WHEN NEW.source = 'transfer' THEN OLD.source ELSE NEW.source END);
  END IF;
  IF (OLD.state = 'refunded') <> (NEW.state = 'refunded') THEN
    PERFORM add_to_sales_daily(today, NEW.product_id, NEW.currency, 0, 0, 0, 0, 0,
      CASE WHEN NEW.state = 'refunded' THEN 1 ELSE -1 END,
      CASE WHEN NEW.state = 'refunded' THEN 1 ELSE -1 END * coalesce(NEW.amount, 0), 0);
  END IF;
  IF OLD.person_id <> NEW.person_id THEN
    PERFORM add_to_sales_daily(today, NEW.product_id, NEW.currency, 0, 0, 0, 0, 0, 0, 0, 1);
  END IF;
  RETURN NULL;
END
$$;
-- Deferred to the commit of the order's transaction: the rollup row is locked only for the moment of the commit,
-- not while the rest of the transaction (keys, mail) runs.
CREATE CONSTRAINT TRIGGER roll_up_order AFTER INSERT OR UPDATE OR DELETE ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION roll_up_order();

CREATE FUNCTION roll_up_device() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO device_activation_daily AS d (day, shard, activations) VALUES (utc_day(NEW.creation_date), pg_backend_pid() % 4, 1)
  ON CONFLICT (day, shard) DO UPDATE SET activations = d.activations + 1;
  RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER roll_up_device AFTER INSERT ON order_device
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION roll_up_device();

-- Recomputes the rollups from the tables (here, and after a bulk load that bypassed the triggers). A refund's day is
-- not recorded: licences refunded before the rollups existed count on their own day.
CREATE FUNCTION rebuild_sales_rollups() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sales_daily;
  DELETE FROM sales_country_daily;
  DELETE FROM sales_monthly;
  DELETE FROM sales_country_monthly;
  DELETE FROM device_activation_daily;
  INSERT INTO sales_daily (day, product_id, currency, shard, units, revenue, purchases, redemptions, admin_grants, refunds, refunded, transfers)
  SELECT day, product_id, currency, 0, sum(units), sum(revenue), sum(purchases), sum(redemptions), sum(admin_grants),
         sum(refunds), sum(refunded), sum(transfers)
    FROM (SELECT utc_day(creation_date) AS day, product_id, coalesce(currency, '') AS currency, count(*) AS units,
                 coalesce(sum(amount), 0) AS revenue, count(*) FILTER (WHERE source = 'purchase') AS purchases,
                 count(*) FILTER (WHERE source = 'activation') AS redemptions, count(*) FILTER (WHERE source = 'admin') AS admin_grants,
                 count(*) FILTER (WHERE state = 'refunded') AS refunds,
                 coalesce(sum(amount) FILTER (WHERE state = 'refunded'), 0) AS refunded, 0 AS transfers
            FROM orders GROUP BY 1, 2, 3
          UNION ALL
          SELECT utc_day(t.transferred_at), o.product_id, coalesce(o.currency, ''), 0, 0, 0, 0, 0, 0, 0, count(*)
            FROM licence_transfer t JOIN orders o ON o.id = t.order_id GROUP BY 1, 2, 3) AS parts
   GROUP BY day, product_id, currency;
  INSERT INTO sales_country_daily (day, country, currency, shard, units, revenue)
  SELECT utc_day(creation_date), coalesce(country, ''), coalesce(currency, ''), 0, count(*), coalesce(sum(amount), 0)
    FROM orders GROUP BY 1, 2, 3;
  INSERT INTO sales_monthly (day, product_id, currency, shard, units, revenue, purchases, redemptions, admin_grants, refunds, refunded, transfers)
  SELECT date_trunc('month', day)::date, product_id, currency, 0, sum(units), sum(revenue), sum(purchases), sum(redemptions),
         sum(admin_grants), sum(refunds), sum(refunded), sum(transfers)
    FROM sales_daily GROUP BY 1, 2, 3;
  INSERT INTO sales_country_monthly (day, country, currency, shard, units, revenue)
  SELECT date_trunc('month', day)::date, country, currency, 0, sum(units), sum(revenue) FROM sales_country_daily GROUP BY 1, 2, 3;
  INSERT INTO device_activation_daily (day, shard, activations)
  SELECT utc_day(creation_date), 0, count(*) FROM order_device GROUP BY 1;
END
$$;

UPDATE orders o SET country = nullif(p.country, '') FROM person p WHERE p.id = o.person_id AND o.country IS NULL;
SELECT rebuild_sales_rollups();

-- The back office's indexes on orders, order_device, unassigned_order and audit_log are built CONCURRENTLY, outside
-- the start-up transaction, by migration 065.

-- Draft pages: only published pages are served and listed in the menu. Existing pages stay published.
ALTER TABLE page ADD COLUMN is_published boolean NOT NULL DEFAULT true;

-- A distributor's unredeemed codes can be voided: they stay in the batch's history but redeem no more.
ALTER TABLE unassigned_order ADD COLUMN voided_at timestamptz;

