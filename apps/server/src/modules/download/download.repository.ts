import type { DownloadPlatform, ReleaseChannel } from '@store/contracts/download';
import type { Queryable } from '../../db/client.js';

export type DownloadRow = {
  id: number;
  product_id: number;
  platform: DownloadPlatform;
  version: string;
  file_name: string;
  size_bytes: number;
  sha256: string;
  release_date: string;
  notes: string;
  storage: 's3' | 'url';
  location: string;
  is_public: boolean;
  channel: ReleaseChannel;
};

const columns = `d.id, d.product_id, d.platform, d.version, d.file_name, d.size_bytes, d.sha256,
  to_char(d.release_date, 'YYYY-MM-DD') AS release_date, d.notes, d.storage, d.location, d.is_public, d.channel`;
const newestFirst = `d.platform, d.release_date DESC, d.id DESC`;

/** A product's installers, newest first per platform, each with the links visitors were handed for it. */
export async function listDownloadsOfProduct(db: Queryable, productId: number): Promise<(DownloadRow & { download_count: number })[]> {
  const { rows } = await db.query<DownloadRow & { download_count: number }>(
    `SELECT ${columns}, coalesce(c.downloads, 0)::int AS download_count FROM product_download d
       LEFT JOIN LATERAL (SELECT sum(c.downloads) AS downloads FROM product_download_count c
                           WHERE c.product_id = d.product_id AND c.platform = d.platform AND c.version = d.version) AS c ON true
      WHERE d.product_id = $1 ORDER BY ${newestFirst}`,
    [productId],
  );
  return rows;
}

/** A beta installer is the owner's only when they opted in to the beta channel (decision 055). */
const isChannelOf = (person: string) =>
  `(d.channel = 'stable' OR EXISTS (SELECT 1 FROM person pe WHERE pe.id = ${person} AND pe.beta_opted_in_at IS NOT NULL))`;

/**
 * The installers of the products the person holds an active licence of, with the product's name (beta builds
 * only for an opted-in owner).
 */
export async function listDownloadsOwnedBy(db: Queryable, personId: number): Promise<(DownloadRow & { product_name: string })[]> {
  const { rows } = await db.query<DownloadRow & { product_name: string }>(
    `SELECT ${columns}, p.name AS product_name FROM product_download d JOIN product p ON p.id = d.product_id
      WHERE EXISTS (SELECT 1 FROM orders o WHERE o.product_id = d.product_id AND o.person_id = $1 AND o.state = 'active')
        AND ${isChannelOf('$1')}
      ORDER BY p.name, ${newestFirst}`,
    [personId],
  );
  return rows;
}

/** One installer, if the person holds an active licence of its product (and, for a beta, opted in). */
export async function findDownloadOwnedBy(db: Queryable, downloadId: number, personId: number): Promise<DownloadRow | undefined> {
  const { rows } = await db.query<DownloadRow>(
    `SELECT ${columns} FROM product_download d
      WHERE d.id = $1 AND EXISTS (SELECT 1 FROM orders o WHERE o.product_id = d.product_id AND o.person_id = $2 AND o.state = 'active')
        AND ${isChannelOf('$2')}`,
    [downloadId, personId],
  );
  return rows[0];
}

/** A product's public installers (the trial builds), the newest of each platform only. */
export async function listCurrentPublicDownloads(db: Queryable, productId: number): Promise<DownloadRow[]> {
  const { rows } = await db.query<DownloadRow>(
    `SELECT DISTINCT ON (d.platform) ${columns} FROM product_download d
      WHERE d.product_id = $1 AND d.is_public AND d.channel = 'stable' ORDER BY ${newestFirst}`,
    [productId],
  );
  return rows;
}

/** One installer, if it is public. */
export async function findPublicDownload(db: Queryable, downloadId: number): Promise<DownloadRow | undefined> {
  const { rows } = await db.query<DownloadRow>(
    `SELECT ${columns} FROM product_download d WHERE d.id = $1 AND d.is_public AND d.channel = 'stable'`,
    [downloadId],
  );
  return rows[0];
}

/** Counts one link to the installer handed to a visitor, on today's UTC day (migration 071). */
export async function countPublicDownload(
  db: Queryable,
  download: Pick<DownloadRow, 'product_id' | 'platform' | 'version'>,
): Promise<void> {
  await db.query(
    `INSERT INTO product_download_count AS c (product_id, platform, version, day, downloads)
     VALUES ($1, $2, $3, (now() AT TIME ZONE 'UTC')::date, 1)
     ON CONFLICT (product_id, platform, version, day) DO UPDATE SET downloads = c.downloads + 1`,
    [download.product_id, download.platform, download.version],
  );
}

type DownloadFields = Omit<DownloadRow, 'id' | 'product_id' | 'is_public' | 'channel'> & {
  is_public: boolean | undefined;
  channel: DownloadRow['channel'] | undefined;
};

const values = (fields: DownloadFields) => [
  fields.platform,
  fields.version,
  fields.file_name,
  fields.size_bytes,
  fields.sha256,
  fields.release_date,
  fields.notes,
  fields.storage,
  fields.location,
  fields.is_public ?? null,
  fields.channel ?? null,
];

/** Adds an installer; undefined when the product already has that version for that platform. */
export async function insertDownload(db: Queryable, productId: number, fields: DownloadFields): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO product_download (product_id, platform, version, file_name, size_bytes, sha256, release_date, notes, storage, location,
                                   is_public, channel)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, coalesce($11::boolean, false), coalesce($12::text, 'stable'))
     ON CONFLICT (product_id, platform, version) DO NOTHING RETURNING id`,
    [productId, ...values(fields)],
  );
  return rows[0]?.id;
}

/** Changes an installer of the product; false when it has no such installer. Throws 23505 on a duplicate version. */
export async function updateDownload(db: Queryable, productId: number, id: number, fields: DownloadFields): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE product_download SET platform = $3, version = $4, file_name = $5, size_bytes = $6, sha256 = $7, release_date = $8,
            notes = $9, storage = $10, location = $11, is_public = coalesce($12::boolean, is_public),
            channel = coalesce($13::text, channel)
      WHERE product_id = $1 AND id = $2`,
    [productId, id, ...values(fields)],
  );
  return (rowCount ?? 0) > 0;
}

export async function deleteDownload(db: Queryable, productId: number, id: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM product_download WHERE product_id = $1 AND id = $2', [productId, id]);
  return (rowCount ?? 0) > 0;
}

export async function productExists(db: Queryable, productId: number): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM product WHERE id = $1', [productId]);
  return (rowCount ?? 0) > 0;
}
