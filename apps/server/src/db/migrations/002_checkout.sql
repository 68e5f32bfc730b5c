-- Checkout: webhook look-ups by the provider's order id, and the sandbox's per-product discounts.

-- A purchase's events (sandbox replays; a refund that may arrive before its order).
CREATE INDEX webhook_event_order_id ON webhook_event ((payload -> 'data' ->> 'id'), type);

-- The checkout stand-in's product discounts in percent, by checkout path (the real store keeps them at
-- FastSpring). A setting, not a product column, so it applies to the demo products seeded after migrations.
INSERT INTO setting (key, value) VALUES ('sandbox_discount_percent', '{"tapewarm": 20}') ON CONFLICT (key) DO NOTHING;
