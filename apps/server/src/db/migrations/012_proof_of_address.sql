-- A login reaches the licences of the person with its address only once it has proven that address
-- (docs/SECURITY.md): by a link mailed to the address, or by logging in with a password mailed to it.
-- Logins made before this migration never proved theirs: their owners confirm once, from the customer area.
ALTER TABLE login ADD COLUMN email_verified_at timestamptz;
-- The administrator's name is not an address.
UPDATE login SET email_verified_at = now() WHERE is_admin;

-- Single-use links mailed to an address: the confirmation link of a registration, and the link in a purchase or
-- activation mail to an address without a proven login. Only the SHA-256 of the link's token is stored.
CREATE TABLE account_link (
  token_hash  bytea PRIMARY KEY,
  email       text NOT NULL,
  purpose     text NOT NULL CHECK (purpose IN ('confirm', 'purchase', 'activation')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX account_link_email ON account_link (lower(email));
CREATE INDEX account_link_expiry ON account_link (expires_at);

-- Two-factor login (TOTP, RFC 6238): the shared secret sealed like the products' private keys, the last time
-- step used (a code works once), and the hashes of the one-time recovery codes.
CREATE TABLE login_totp (
  login_id        bigint PRIMARY KEY REFERENCES login (id) ON DELETE CASCADE,
  secret_sealed   text NOT NULL,
  enabled_at      timestamptz,
  last_used_step  bigint NOT NULL DEFAULT 0
);
CREATE TABLE login_recovery_code (
  login_id    bigint NOT NULL REFERENCES login (id) ON DELETE CASCADE,
  code_hash   bytea NOT NULL,
  used_at     timestamptz,
  PRIMARY KEY (login_id, code_hash)
);
