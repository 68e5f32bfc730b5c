-- Trials (decision 017): a product's trial length, and the trials handed out. A trial is an expiring JUCE key
-- file for one computer; it never becomes a licence, it only expires.
ALTER TABLE product ADD COLUMN trial_days integer NOT NULL DEFAULT 30 CHECK (trial_days BETWEEN 1 AND 365);

CREATE TABLE trial (
  id           bigserial PRIMARY KEY,
  product_id   bigint NOT NULL REFERENCES product (id) ON DELETE CASCADE,
  device_id    text NOT NULL,
  device_name  text NOT NULL DEFAULT '',
  email        text NOT NULL DEFAULT '',
  source       text NOT NULL CHECK (source IN ('plugin', 'web')),
  key_file     text NOT NULL,
  started_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  CHECK (expires_at > started_at)
);
-- One trial per computer per product, in any spelling of the Device ID (JUCE compares IDs ignoring case).
CREATE UNIQUE INDEX trial_product_device_key ON trial (product_id, lower(device_id));
CREATE INDEX trial_product_started ON trial (product_id, started_at DESC, id DESC);
