-- A chargeback is kept with its purchase (decision 100), so that licences issued for the purchase after it (an item
-- that waited in "needs attention" for a mapping, an order.completed that came late) are revoked at once, as
-- returns taken before an order's licences are carried out (provider_refund). Chargebacks already taken are read
-- from their events.
CREATE TABLE provider_chargeback (
  provider_order_id text PRIMARY KEY,
  -- The revocation's reason, as the licences it revoked carry it ("Chargeback: FRAUDULENT").
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO provider_chargeback (provider_order_id, reason, created_at)
SELECT DISTINCT ON (payload -> 'data' ->> 'order') payload -> 'data' ->> 'order',
       'Chargeback' || coalesce(': ' || nullif(payload -> 'data' ->> 'reasonDescription', ''), ''), received_at
  FROM webhook_event
 WHERE type = 'chargeback.created' AND nullif(payload -> 'data' ->> 'order', '') IS NOT NULL
 ORDER BY payload -> 'data' ->> 'order', received_at;
