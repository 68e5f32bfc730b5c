-- The whole data model. Rules that must hold under concurrency live here as constraints.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE person (
  id          bigserial PRIMARY KEY,
  email       text NOT NULL DEFAULT '',
  name        text NOT NULL DEFAULT '',
  country     text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);
-- One person per address; admins may create blank persons and fill them in later.
CREATE UNIQUE INDEX person_email_key ON person (lower(email)) WHERE email <> '';
CREATE INDEX person_email_trgm ON person USING gin (lower(email) gin_trgm_ops);
CREATE INDEX person_name_trgm ON person USING gin (lower(name) gin_trgm_ops);
CREATE INDEX person_name_sort ON person (name, id);

-- Credentials, separate from the person: "Delete Login" removes this row and its sessions only.
CREATE TABLE login (
  id                        bigserial PRIMARY KEY,
  login_name                text NOT NULL,
  person_id                 bigint REFERENCES person (id) ON DELETE SET NULL,
  password_hash             text NOT NULL,
  -- A requested reset: the old password works until this one is first used or expires.
  pending_password_hash     text,
  pending_password_expires  timestamptz,
  is_admin                  boolean NOT NULL DEFAULT false,
  created_at                timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX login_name_key ON login (lower(login_name));

CREATE TABLE session (
  token_hash  bytea PRIMARY KEY,
  login_id    bigint NOT NULL REFERENCES login (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL
);
CREATE INDEX session_login ON session (login_id);
CREATE INDEX session_expiry ON session (expires_at);

-- Fixed-window counters shared by every process.
CREATE TABLE rate_limit (
  key           text PRIMARY KEY,
  window_start  timestamptz NOT NULL,
  hits          integer NOT NULL
);

CREATE TABLE page (
  id                  bigserial PRIMARY KEY,
  name                text NOT NULL DEFAULT '',
  url                 text NOT NULL,
  html_text           text NOT NULL DEFAULT '',
  date                timestamptz NOT NULL DEFAULT now(),
  is_main_menu        boolean NOT NULL DEFAULT false,
  main_menu_priority  integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX page_url_key ON page (lower(url));

CREATE TABLE product (
  id                    bigserial PRIMARY KEY,
  name                  text NOT NULL,
  description           text NOT NULL DEFAULT '',
  price                 numeric(12, 2) NOT NULL DEFAULT 0,
  public_key            text NOT NULL DEFAULT '',
  private_key_sealed    text NOT NULL DEFAULT '',
  public_key_2048       text NOT NULL DEFAULT '',
  private_key_2048_sealed text NOT NULL DEFAULT '',
  use_rsa_2048          boolean NOT NULL DEFAULT false,
  created_at            timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX product_name_key ON product (lower(name));

-- A product's serial pool: each line is handed to one order, never two.
CREATE TABLE product_serial (
  id          bigserial PRIMARY KEY,
  product_id  bigint NOT NULL REFERENCES product (id) ON DELETE CASCADE,
  serial      text NOT NULL,
  position    integer NOT NULL,
  order_id    bigint,
  UNIQUE (product_id, serial)
);
CREATE INDEX product_serial_free ON product_serial (product_id, position) WHERE order_id IS NULL;

CREATE TABLE orders (
  id                       bigserial PRIMARY KEY,
  product_id               bigint NOT NULL REFERENCES product (id) ON DELETE RESTRICT,
  person_id                bigint NOT NULL REFERENCES person (id) ON DELETE RESTRICT,
  serial                   text NOT NULL DEFAULT '',
  serial_new               text NOT NULL DEFAULT '',
  serial_2048              text NOT NULL DEFAULT '',
  creation_date            timestamptz NOT NULL DEFAULT now(),
  license_activation_date  timestamptz NOT NULL DEFAULT now(),
  source                   text NOT NULL CHECK (source IN ('purchase', 'activation', 'admin', 'transfer', 'import')),
  state                    text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'refunded', 'transferred')),
  provider_order_id        text,
  provider_item            text,
  provider_reference       text
);
-- Webhook retries and resends never create a second licence.
CREATE UNIQUE INDEX orders_provider_item_key ON orders (provider_order_id, provider_item) WHERE provider_order_id IS NOT NULL;
CREATE INDEX orders_person ON orders (person_id, id);
CREATE INDEX orders_product ON orders (product_id);
ALTER TABLE product_serial ADD CONSTRAINT product_serial_order_fk FOREIGN KEY (order_id) REFERENCES orders (id) ON DELETE SET NULL;
CREATE UNIQUE INDEX product_serial_order_key ON product_serial (order_id) WHERE order_id IS NOT NULL;

CREATE TABLE order_device (
  id                        bigserial PRIMARY KEY,
  order_id                  bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  -- Slots 1..4: with the unique index, at most four devices per licence, whatever the concurrency.
  slot                      smallint NOT NULL CHECK (slot BETWEEN 1 AND 4),
  device_id_hash            text NOT NULL,
  device_name               text NOT NULL,
  device_id_hash_encrypted  text NOT NULL,
  creation_date             timestamptz NOT NULL DEFAULT now(),
  UNIQUE (order_id, slot),
  UNIQUE (order_id, device_id_hash)
);

CREATE SEQUENCE activation_batch_number START 1;
CREATE TABLE unassigned_order (
  id                 bigserial PRIMARY KEY,
  product_id         bigint NOT NULL REFERENCES product (id) ON DELETE RESTRICT,
  activation_key     uuid NOT NULL UNIQUE,
  creation_date      timestamptz NOT NULL DEFAULT now(),
  distributor_name   text NOT NULL,
  batch_number       integer NOT NULL,
  redeemed_at        timestamptz,
  redeemed_order_id  bigint REFERENCES orders (id) ON DELETE SET NULL
);
CREATE INDEX unassigned_order_batch ON unassigned_order (batch_number);
CREATE INDEX unassigned_order_open ON unassigned_order (id) WHERE redeemed_at IS NULL;

CREATE TABLE webhook_event (
  id            text PRIMARY KEY,
  type          text NOT NULL,
  received_at   timestamptz NOT NULL DEFAULT now(),
  processed_at  timestamptz,
  error         text,
  payload       jsonb NOT NULL
);

CREATE TABLE mail_outbox (
  id               bigserial PRIMARY KEY,
  recipient        text NOT NULL,
  reply_to         text,
  subject          text NOT NULL,
  body_text        text NOT NULL,
  attachments      jsonb NOT NULL DEFAULT '[]',
  created_at       timestamptz NOT NULL DEFAULT now(),
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  sent_at          timestamptz,
  last_error       text
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL;

CREATE TABLE support_request (
  id                   bigserial PRIMARY KEY,
  email                text NOT NULL,
  product_name         text NOT NULL,
  operating_system     text NOT NULL,
  problem_description  text NOT NULL,
  created_at           timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE audit_log (
  id          bigserial PRIMARY KEY,
  actor       text NOT NULL,
  action      text NOT NULL,
  entity      text NOT NULL,
  entity_id   text,
  before      jsonb,
  after       jsonb,
  at          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE setting (
  key    text PRIMARY KEY,
  value  text NOT NULL
);
INSERT INTO setting (key, value) VALUES ('tax_rate', '20'), ('tax_type', 'VAT'), ('currency', 'USD');
