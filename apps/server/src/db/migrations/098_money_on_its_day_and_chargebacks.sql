-- Money counted on the day it moved (decision 106) and a chargeback's money given back (decision 107).

-- When a return was made (its `changed`, bounded as an order's time): a licence issued after the return is refunded on
-- that day. Returns kept before this migration were made when they were received, as far as the server knows.
ALTER TABLE provider_refund ADD COLUMN returned_at timestamptz;
UPDATE provider_refund SET returned_at = received_at;
ALTER TABLE provider_refund ALTER COLUMN returned_at SET NOT NULL, ALTER COLUMN returned_at SET DEFAULT now();

-- A purchase's chargeback: the amount it took back and its currency as FastSpring states them (no amount: the whole
-- purchase), when it was taken, and what it has given back so far on the purchase's licences and transfer fee, in the
-- purchase's currency.
ALTER TABLE provider_chargeback ADD COLUMN amount numeric(14, 2), ADD COLUMN currency text NOT NULL DEFAULT '',
  ADD COLUMN charged_at timestamptz, ADD COLUMN given_back numeric(14, 2) NOT NULL DEFAULT 0;
UPDATE provider_chargeback c
   SET amount = e.amount, currency = e.currency, charged_at = c.created_at
  FROM (SELECT DISTINCT ON (payload -> 'data' ->> 'order') payload -> 'data' ->> 'order' AS provider_order_id,
               CASE WHEN jsonb_typeof(payload -> 'data' -> 'chargebackAmount') = 'number'
                    THEN (payload -> 'data' ->> 'chargebackAmount')::numeric END AS amount,
               upper(btrim(coalesce(payload -> 'data' ->> 'currency', ''))) AS currency
          FROM webhook_event
         WHERE type = 'chargeback.created'
         ORDER BY payload -> 'data' ->> 'order', received_at) AS e
 WHERE e.provider_order_id = c.provider_order_id;
UPDATE provider_chargeback SET charged_at = created_at WHERE charged_at IS NULL;
ALTER TABLE provider_chargeback ALTER COLUMN charged_at SET NOT NULL, ALTER COLUMN charged_at SET DEFAULT now();

-- The chargebacks taken before this migration give back their money as the webhook now does
-- (checkout/webhook.repository.ts, giveBackChargedBackMoney): on the purchase's licences that are not active and not
-- given back whole, each what is left of what was paid for it, up to the chargeback's share of the purchase's subtotal
-- (everything when it took back the whole purchase), in the order they were issued; then a paid transfer's fee. The
-- rollups follow through their triggers at this migration's commit.
CREATE TEMPORARY TABLE chargeback_budget AS
SELECT c.provider_order_id, c.charged_at,
       CASE WHEN c.amount IS NULL OR po.total IS NULL OR po.subtotal IS NULL OR po.total <= 0 OR c.amount >= po.total
                 OR c.currency <> '' AND upper(c.currency) <> upper(po.currency) THEN NULL
            ELSE round(c.amount * po.subtotal / po.total, currency_decimals(po.currency)) END AS budget
  FROM provider_chargeback c LEFT JOIN provider_order po ON po.provider_order_id = c.provider_order_id;

WITH licence AS (
  SELECT o.id, o.provider_order_id, o.amount - coalesce(o.refunded, 0) AS remaining,
         sum(o.amount - coalesce(o.refunded, 0)) OVER (PARTITION BY o.provider_order_id ORDER BY o.id) AS running
    FROM orders o JOIN chargeback_budget b ON b.provider_order_id = o.provider_order_id
   WHERE o.state <> 'active' AND o.amount - coalesce(o.refunded, 0) > 0
), share AS (
  SELECT l.id, l.provider_order_id, b.charged_at,
         CASE WHEN b.budget IS NULL THEN l.remaining ELSE least(l.remaining, greatest(b.budget - (l.running - l.remaining), 0)) END AS amount
    FROM licence l JOIN chargeback_budget b ON b.provider_order_id = l.provider_order_id
), given AS (
  UPDATE orders o SET refunded = coalesce(o.refunded, 0) + s.amount, refunded_at = s.charged_at
    FROM share s WHERE o.id = s.id AND s.amount > 0
  RETURNING s.provider_order_id, s.amount
)
UPDATE provider_chargeback c SET given_back = g.amount
  FROM (SELECT provider_order_id, sum(amount) AS amount FROM given GROUP BY 1) AS g
 WHERE c.provider_order_id = g.provider_order_id;

WITH fee AS (
  SELECT t.id, t.provider_order_id, b.charged_at, coalesce(t.refunded, 0) AS before,
         CASE WHEN b.budget IS NULL THEN t.amount
              ELSE least(t.amount, coalesce(t.refunded, 0) + greatest(b.budget - c.given_back, 0)) END AS refunded
    FROM licence_transfer t
    JOIN chargeback_budget b ON b.provider_order_id = t.provider_order_id
    JOIN provider_chargeback c ON c.provider_order_id = t.provider_order_id
   WHERE t.amount IS NOT NULL
), given AS (
  UPDATE licence_transfer t SET refunded = f.refunded, refunded_at = f.charged_at
    FROM fee f WHERE t.id = f.id AND f.refunded IS DISTINCT FROM t.refunded
  RETURNING f.provider_order_id, f.refunded - f.before AS amount
)
UPDATE provider_chargeback c SET given_back = c.given_back + g.amount
  FROM (SELECT provider_order_id, sum(amount) AS amount FROM given GROUP BY 1) AS g
 WHERE c.provider_order_id = g.provider_order_id;

DROP TABLE chargeback_budget;
