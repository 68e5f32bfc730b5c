-- Keys that end gently (decision 041): a product's online keys may expire and be renewed; a licence may free a
-- limited number of places a year; the administrator may revoke a licence.

-- "Online keys expire after N days" (empty: permanent, what stock JUCE expects) and "places freed per year"
-- (empty: no limit). Only plug-ins built on clients/juce ever get an expiring online key.
ALTER TABLE product
  ADD COLUMN online_key_days integer CHECK (online_key_days BETWEEN 1 AND 3650),
  ADD COLUMN yearly_device_removals integer CHECK (yearly_device_removals BETWEEN 0 AND 1000);

-- A revoked licence: no registrations, unlocks or renewals; why, when and by whom.
ALTER TABLE orders DROP CONSTRAINT orders_state_check;
ALTER TABLE orders ADD CONSTRAINT orders_state_check CHECK (state IN ('active', 'refunded', 'transferred', 'revoked'));
ALTER TABLE orders
  ADD COLUMN revoked_at timestamptz,
  ADD COLUMN revoke_reason text NOT NULL DEFAULT '';

-- Until when a computer's key works (null: permanent), when it was last renewed, and the secret of its removal
-- code (in the key files of plug-ins built on clients/juce only; null for the others).
ALTER TABLE order_device
  ADD COLUMN key_expires_at timestamptz,
  ADD COLUMN renewed_at timestamptz,
  ADD COLUMN removal_secret text;

-- Every freed place: by the customer without proof (counted against the yearly limit), by a removal code (kept
-- so that a code frees a place once), or by the administrator.
CREATE TABLE device_release (
  id              bigserial PRIMARY KEY,
  order_id        bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  device_id_hash  text NOT NULL,
  way             text NOT NULL CHECK (way IN ('customer', 'code', 'admin')),
  removal_code    text,
  released_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX device_release_code ON device_release (order_id, removal_code) WHERE removal_code IS NOT NULL;
CREATE INDEX device_release_order_time ON device_release (order_id, released_at);
