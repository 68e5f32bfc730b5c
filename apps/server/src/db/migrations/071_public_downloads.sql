-- Try before buying (decision 035): an installer the administrator marks public is offered on its product's page to
-- every visitor, without an account (the trial build; a trial is a key file, decision 017, so it is usually the
-- same installer the owners get). Existing installers stay owners-only until the administrator says otherwise.
ALTER TABLE product_download ADD COLUMN is_public boolean NOT NULL DEFAULT false;

-- The links handed out to visitors, per product, platform and version and UTC day (the dashboard reads a range of
-- days). Keyed by the version's text, not the installer's row, so the counts outlive an installer removed from the
-- product editor. One row per installer and day: a download adds one in its own short statement.
CREATE TABLE product_download_count (
  product_id  bigint NOT NULL REFERENCES product (id) ON DELETE CASCADE,
  platform    text NOT NULL CHECK (platform IN ('macos', 'windows', 'linux')),
  version     text NOT NULL,
  day         date NOT NULL,
  downloads   integer NOT NULL CHECK (downloads > 0),
  PRIMARY KEY (product_id, platform, version, day)
);
