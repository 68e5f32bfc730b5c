-- A product's installers: one row per file. The file is either an object in the vendor's S3-compatible bucket
-- (storage 's3', `location` is the object key, handed out as a presigned, expiring URL) or a plain URL the
-- vendor hosts (storage 'url'). Installers never stream through the app: it answers a redirect.
CREATE TABLE product_download (
  id            bigserial PRIMARY KEY,
  product_id    bigint NOT NULL REFERENCES product (id) ON DELETE CASCADE,
  platform      text NOT NULL CHECK (platform IN ('macos', 'windows', 'linux')),
  version       text NOT NULL CHECK (version <> ''),
  file_name     text NOT NULL CHECK (file_name <> ''),
  size_bytes    bigint NOT NULL DEFAULT 0 CHECK (size_bytes >= 0),
  sha256        text NOT NULL DEFAULT '' CHECK (sha256 = '' OR sha256 ~ '^[0-9a-f]{64}$'),
  release_date  date NOT NULL DEFAULT current_date,
  notes         text NOT NULL DEFAULT '',
  storage       text NOT NULL CHECK (storage IN ('s3', 'url')),
  location      text NOT NULL CHECK (location <> ''),
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (product_id, platform, version)
);
CREATE INDEX product_download_product ON product_download (product_id, platform, release_date DESC);
