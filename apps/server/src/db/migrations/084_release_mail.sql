-- A release published by the administrator (decision 055): a version of a product on a channel with its notes.
-- Its installers are the product_download rows of that version; the release is what the owners are told about.
CREATE TABLE product_release (
  id            bigserial PRIMARY KEY,
  product_id    bigint NOT NULL REFERENCES product (id) ON DELETE CASCADE,
  version       text NOT NULL CHECK (version <> ''),
  channel       text NOT NULL DEFAULT 'stable' CHECK (channel IN ('stable', 'beta')),
  notes         text NOT NULL DEFAULT '',
  published_by  text NOT NULL,
  published_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (product_id, version)
);

-- Each release mail sent, one per address and release: the batches of the mailing job insert here first, so a
-- retried or concurrent job never mails an address twice for one release.
CREATE TABLE release_mail (
  release_id       bigint NOT NULL REFERENCES product_release (id) ON DELETE CASCADE,
  email_canonical  text COLLATE "C" NOT NULL,
  person_id        bigint REFERENCES person (id) ON DELETE SET NULL,
  queued_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (release_id, email_canonical)
);

-- Mail headers beyond the usual ones (List-Unsubscribe and List-Unsubscribe-Post of release mail, RFC 8058).
ALTER TABLE mail_outbox ADD COLUMN headers jsonb NOT NULL DEFAULT '{}'::jsonb;
