-- Release channels and update checks (decision 055). An installer is on the "stable" channel, offered to every
-- owner, or on "beta", offered only to owners who opted in (person.beta_opted_in_at, set in the customer area).
ALTER TABLE product_download ADD COLUMN channel text NOT NULL DEFAULT 'stable' CHECK (channel IN ('stable', 'beta'));
-- A beta build is never a trial build offered to every visitor.
ALTER TABLE product_download ADD CONSTRAINT product_download_beta_not_public CHECK (NOT (is_public AND channel = 'beta'));
-- The plug-ins' update check: the newest installer of a product, platform and channel.
CREATE INDEX product_download_update ON product_download (product_id, platform, channel, release_date DESC, id DESC);

-- The owner's choices, each with the date it was made (null: not chosen). Release mail is consent that must be
-- provable (its date), so it is a timestamp, not a flag.
ALTER TABLE person ADD COLUMN beta_opted_in_at timestamptz, ADD COLUMN release_mail_consent_at timestamptz;

-- A leaked key replaced: the key files a licence held before the replacement, by the SHA-256 of their text
-- without whitespace. A key file is signed with the product's key and names only its owner, so without this list
-- an old key file of the same owner would still register a computer.
CREATE TABLE retired_licence_key (
  product_id  bigint NOT NULL REFERENCES product (id) ON DELETE CASCADE,
  key_digest  bytea NOT NULL CHECK (octet_length(key_digest) = 32),
  order_id    bigint REFERENCES orders (id) ON DELETE SET NULL,
  retired_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (product_id, key_digest)
);
