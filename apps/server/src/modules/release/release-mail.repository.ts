import type { ReleaseChannel } from '@store/contracts/download';
import type { Queryable } from '../../db/client.js';

export type ReleaseRow = {
  id: number;
  product_id: number;
  product_name: string;
  version: string;
  channel: ReleaseChannel;
  notes: string;
  published_at: Date;
};

/** Records a release; undefined when the product already published that version. */
export async function insertRelease(
  db: Queryable,
  release: { productId: number; version: string; channel: ReleaseChannel; notes: string; publishedBy: string },
): Promise<Omit<ReleaseRow, 'product_name'> | undefined> {
  const { rows } = await db.query<Omit<ReleaseRow, 'product_name'>>(
    `INSERT INTO product_release (product_id, version, channel, notes, published_by) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (product_id, version) DO NOTHING RETURNING id, product_id, version, channel, notes, published_at`,
    [release.productId, release.version, release.channel, release.notes, release.publishedBy],
  );
  return rows[0];
}

/** Whether the product has an installer of the version on the channel (a release is its installers). */
export async function hasInstallersOf(db: Queryable, productId: number, version: string, channel: ReleaseChannel): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM product_download WHERE product_id = $1 AND version = $2 AND channel = $3', [
    productId,
    version,
    channel,
  ]);
  return (rowCount ?? 0) > 0;
}

/** Queues the job that mails the release's owners (mail/worker's queue), in the caller's transaction. */
export async function queueReleaseMailJob(db: Queryable, task: string, releaseId: number): Promise<void> {
  await db.query(`SELECT graphile_worker.add_job($1, json_build_object('releaseId', $2::bigint), job_key => $3)`, [
    task,
    releaseId,
    `release-mail:${releaseId}`,
  ]);
}

export async function findRelease(db: Queryable, releaseId: number): Promise<ReleaseRow | undefined> {
  const { rows } = await db.query<ReleaseRow>(
    `SELECT r.id, r.product_id, p.name AS product_name, r.version, r.channel, r.notes, r.published_at
       FROM product_release r JOIN product p ON p.id = r.product_id WHERE r.id = $1`,
    [releaseId],
  );
  return rows[0];
}

export type ReleaseRecipient = { person_id: number; email: string; name: string };

/**
 * Claims the next batch of recipients of the release: owners of an active licence of its product who agreed to
 * release mail (for a beta, who also opted in to it), each address once. The primary key of release_mail decides:
 * an address already claimed, by this job or a concurrent one, is skipped.
 */
export async function claimRecipients(db: Queryable, release: ReleaseRow, batchSize: number): Promise<ReleaseRecipient[]> {
  const { rows } = await db.query<ReleaseRecipient>(
    `WITH candidates AS (
       SELECT pe.id AS person_id, pe.email, pe.name, pe.email_canonical FROM person pe
        WHERE pe.release_mail_consent_at IS NOT NULL AND pe.email_canonical IS NOT NULL
          AND ($3 = 'stable' OR pe.beta_opted_in_at IS NOT NULL)
          AND EXISTS (SELECT 1 FROM orders o WHERE o.person_id = pe.id AND o.product_id = $2 AND o.state = 'active')
          AND NOT EXISTS (SELECT 1 FROM release_mail m WHERE m.release_id = $1 AND m.email_canonical = pe.email_canonical)
        ORDER BY pe.id LIMIT $4),
     claimed AS (
       INSERT INTO release_mail (release_id, email_canonical, person_id) SELECT $1, email_canonical, person_id FROM candidates
       ON CONFLICT DO NOTHING RETURNING person_id)
     SELECT c.person_id, c.email, c.name FROM candidates c JOIN claimed USING (person_id) ORDER BY c.person_id`,
    [release.id, release.product_id, release.channel, batchSize],
  );
  return rows;
}
