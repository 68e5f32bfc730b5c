-- API keys for the vendor's scripts (decision 052): only the SHA-256 of the token is kept; `prefix` is the token's
-- first characters, to tell keys apart in the list. A revoked key stays listed (and audited) but is refused.
CREATE TABLE api_key (
  id bigserial PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  prefix text NOT NULL,
  token_hash bytea NOT NULL UNIQUE,
  scopes text[] NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
