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
  release: { productId: number; version: string; channel: ReleaseChannel; notes: string; publishedBy: string; notifyOwners: boolean },
): Promise<Omit<ReleaseRow, 'product_name'> | undefined> {
  const { rows } = await db.query<Omit<ReleaseRow, 'product_name'>>(
    `INSERT INTO product_release (product_id, version, channel, notes, published_by, notify_owners) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (product_id, version) DO NOTHING RETURNING id, product_id, version, channel, notes, published_at`,
    [release.productId, release.version, release.channel, release.notes, release.publishedBy, release.notifyOwners],
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

export type ReleaseRecipient = { person_id: number; email: string; name: string; email_canonical: string };

/**
 * Who a release mails (persons `pe`): owners of an active licence of the product who agreed to release mail, and
 * for the beta channel who also opted in to it. One definition for the count the administrator confirms and the
 * job; the arguments are the statement's parameters holding the product's id and the channel.
 */
const consentingOwners = (product: string, channel: string) => `pe.release_mail_consent_at IS NOT NULL AND pe.email_canonical IS NOT NULL
  AND (${channel} = 'stable' OR pe.beta_opted_in_at IS NOT NULL)
  AND EXISTS (SELECT 1 FROM orders o WHERE o.person_id = pe.id AND o.product_id = ${product} AND o.state = 'active')`;

/**
 * Claims the next batch of recipients of the release, each address once. The primary key of release_mail decides:
 * an address already claimed, by this job or a concurrent one, is skipped.
 */
export async function claimRecipients(db: Queryable, release: ReleaseRow, batchSize: number): Promise<ReleaseRecipient[]> {
  const { rows } = await db.query<ReleaseRecipient>(
    `WITH candidates AS (
       SELECT pe.id AS person_id, pe.email, pe.name, pe.email_canonical FROM person pe
        WHERE ${consentingOwners('$2', '$3')}
          AND NOT EXISTS (SELECT 1 FROM release_mail m WHERE m.release_id = $1 AND m.email_canonical = pe.email_canonical)
        ORDER BY pe.id LIMIT $4),
     claimed AS (
       INSERT INTO release_mail (release_id, email_canonical, person_id) SELECT $1, email_canonical, person_id FROM candidates
       ON CONFLICT DO NOTHING RETURNING person_id)
     SELECT c.person_id, c.email, c.name, c.email_canonical FROM candidates c JOIN claimed USING (person_id) ORDER BY c.person_id`,
    [release.id, release.product_id, release.channel, batchSize],
  );
  return rows;
}

/** Links each claimed recipient of the release to its mail in the outbox, for the mail's state in the admin's list. */
export async function recordRecipientMails(
  db: Queryable,
  releaseId: number,
  mails: readonly { emailCanonical: string; mailId: number }[],
): Promise<void> {
  if (mails.length === 0) return;
  await db.query(
    `UPDATE release_mail m SET mail_id = sent.mail_id
       FROM unnest($2::text[], $3::bigint[]) AS sent (email_canonical, mail_id)
      WHERE m.release_id = $1 AND m.email_canonical = sent.email_canonical COLLATE "C"`,
    [releaseId, mails.map((mail) => mail.emailCanonical), mails.map((mail) => mail.mailId)],
  );
}

/** How many addresses a release of the product on the channel would mail now. */
export async function countConsentingOwners(db: Queryable, productId: number, channel: ReleaseChannel): Promise<number> {
  const { rows } = await db.query<{ owners: number }>(
    `SELECT count(DISTINCT pe.email_canonical)::int AS owners FROM person pe WHERE ${consentingOwners('$1', '$2::text')}`,
    [productId, channel],
  );
  return rows[0]?.owners ?? 0;
}

export type AdminReleaseRow = Omit<ReleaseRow, 'product_name'> & {
  published_by: string;
  notify_owners: boolean;
  mail_queued: number;
  mail_sent: number;
  mail_failed: number;
};

/** The product's releases, newest first, with the state of their mails in the outbox. */
export async function listReleasesOfProduct(db: Queryable, productId: number): Promise<AdminReleaseRow[]> {
  const { rows } = await db.query<AdminReleaseRow>(
    `SELECT r.id, r.product_id, r.version, r.channel, r.notes, r.published_at, r.published_by, r.notify_owners,
            count(o.id) FILTER (WHERE o.sent_at IS NULL AND o.failed_at IS NULL)::int AS mail_queued,
            count(o.id) FILTER (WHERE o.sent_at IS NOT NULL)::int AS mail_sent,
            count(o.id) FILTER (WHERE o.failed_at IS NOT NULL AND o.sent_at IS NULL)::int AS mail_failed
       FROM product_release r
       LEFT JOIN release_mail m ON m.release_id = r.id
       LEFT JOIN mail_outbox o ON o.id = m.mail_id
      WHERE r.product_id = $1
      GROUP BY r.id ORDER BY r.published_at DESC, r.id DESC`,
    [productId],
  );
  return rows;
}
