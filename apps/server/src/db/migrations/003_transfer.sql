-- Each change of a licence's owner: transfers paid through the checkout and the administrator's direct ones.
CREATE TABLE licence_transfer (
  id                 bigserial PRIMARY KEY,
  order_id           bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  from_person_id     bigint REFERENCES person (id) ON DELETE SET NULL,
  to_person_id       bigint REFERENCES person (id) ON DELETE SET NULL,
  -- The paid transfer's order at the provider: a second delivery of its webhook moves nothing.
  provider_order_id  text,
  transferred_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX licence_transfer_provider_order_key ON licence_transfer (provider_order_id) WHERE provider_order_id IS NOT NULL;
CREATE INDEX licence_transfer_order ON licence_transfer (order_id);
