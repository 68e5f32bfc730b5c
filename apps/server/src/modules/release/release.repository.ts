import type { DownloadPlatform, ReleaseChannel } from '@store/contracts/download';
import type { Queryable } from '../../db/client.js';

export type NewestInstallerRow = { version: string; release_date: string; notes: string; channel: ReleaseChannel };

/** The newest installer of the product for the platform among the channels (index product_download_update). */
export async function findNewestInstaller(
  db: Queryable,
  productId: number,
  platform: DownloadPlatform,
  channels: readonly ReleaseChannel[],
): Promise<NewestInstallerRow | undefined> {
  const { rows } = await db.query<NewestInstallerRow>({
    name: 'release-newest-installer',
    text: `SELECT d.version, to_char(d.release_date, 'YYYY-MM-DD') AS release_date, d.notes, d.channel FROM product_download d
            WHERE d.product_id = $1 AND d.platform = $2 AND d.channel = ANY ($3::text[])
            ORDER BY d.release_date DESC, d.id DESC LIMIT 1`,
    values: [productId, platform, channels],
  });
  return rows[0];
}

const optedInOwner = `o.product_id = $1 AND o.state = 'active' AND pe.beta_opted_in_at IS NOT NULL`;

/** Whether an owner who opted in to the beta channel holds an active licence of the product with this serial. */
export async function isBetaOwnerSerial(db: Queryable, productId: number, serial: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM orders o JOIN person pe ON pe.id = o.person_id WHERE ${optedInOwner} AND o.serial <> '' AND lower(o.serial) = lower($2)`,
    [productId, serial],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * Whether the key file's owner (by canonical address) opted in to the beta channel and holds an active licence of
 * the product, and the key file was not retired by a replacement.
 */
export async function isBetaOwnerKeyFile(db: Queryable, productId: number, canonicalEmail: string, keyDigest: Buffer): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM orders o JOIN person pe ON pe.id = o.person_id
      WHERE ${optedInOwner} AND pe.email_canonical = $2
        AND NOT EXISTS (SELECT 1 FROM retired_licence_key r WHERE r.product_id = $1 AND r.key_digest = $3)`,
    [productId, canonicalEmail, keyDigest],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * Whether an owner who opted in to the beta channel holds the active licence `licenceId` of the product, on which
 * one of the computers `machineIds` (JUCE compares IDs ignoring case) holds its place with this removal secret.
 */
export async function isBetaOwnerComputer(
  db: Queryable,
  productId: number,
  key: { licenceId: number; machineIds: readonly string[]; removalSecret: string },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM orders o JOIN person pe ON pe.id = o.person_id JOIN order_device d ON d.order_id = o.id
      WHERE ${optedInOwner} AND o.id = $2 AND d.removal_secret = $4
        AND lower(d.device_id_hash) = ANY (SELECT lower(id) FROM unnest($3::text[]) AS id)`,
    [productId, key.licenceId, key.machineIds, key.removalSecret],
  );
  return (rowCount ?? 0) > 0;
}
