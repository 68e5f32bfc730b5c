import { canonicalEmail } from '@store/contracts/email-address';
import type { Queryable } from '../../db/client.js';

export type TrialRow = {
  id: number;
  product_id: number;
  device_id: string;
  device_name: string;
  email: string;
  source: 'plugin' | 'web';
  key_file: string;
  started_at: Date;
  expires_at: Date;
};

/**
 * What an erased person's trial keeps in place of its computer's Device ID (decision 085): a SHA-256 of the ID as
 * JUCE compares it (lower case), so the computer still has had its trial and nothing names it. `deviceId` is SQL.
 */
const erasedDeviceMarker = (deviceId: string) => `'erased:' || encode(sha256(convert_to(lower(${deviceId}), 'UTF8')), 'hex')`;

/**
 * The product's trial of this computer (Device IDs compared ignoring case, as JUCE compares them), also when its
 * holder was erased since (then without its key file: `key_file` is '').
 */
export async function findTrial(db: Queryable, productId: number, deviceId: string): Promise<TrialRow | undefined> {
  const { rows } = await db.query<TrialRow>(
    // Both spellings through the unique index on (product_id, lower(device_id)): the marker is in lower case.
    `SELECT * FROM trial WHERE product_id = $1 AND lower(device_id) IN (lower($2), ${erasedDeviceMarker('$2')})
      ORDER BY started_at LIMIT 1`,
    [productId, deviceId],
  );
  return rows[0];
}

/**
 * Records a trial; undefined when the computer already has one of the product (the unique index on
 * (product, lower(Device ID)) decides, whatever the concurrency).
 */
export async function insertTrial(
  db: Queryable,
  trial: Omit<TrialRow, 'id' | 'started_at' | 'expires_at'> & { startedAt: Date; expiresAt: Date },
): Promise<TrialRow | undefined> {
  const { rows } = await db.query<TrialRow>(
    `INSERT INTO trial (product_id, device_id, device_name, email, email_canonical, source, key_file, started_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (product_id, lower(device_id)) DO NOTHING RETURNING *`,
    [
      trial.product_id,
      trial.device_id,
      trial.device_name,
      trial.email,
      canonicalEmail(trial.email) ?? null,
      trial.source,
      trial.key_file,
      trial.startedAt,
      trial.expiresAt,
    ],
  );
  return rows[0];
}

/** One page of the product's trials, newest first, with their total. */
export async function listTrialsOfProduct(
  db: Queryable,
  productId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: Omit<TrialRow, 'key_file'>[]; total: number }> {
  const [list, count] = await Promise.all([
    db.query<Omit<TrialRow, 'key_file'>>(
      `SELECT id, product_id, device_id, device_name, email, source, started_at, expires_at FROM trial
        WHERE product_id = $1 ORDER BY started_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [productId, page.limit, page.offset],
    ),
    db.query<{ total: number }>('SELECT count(*)::int AS total FROM trial WHERE product_id = $1', [productId]),
  ]);
  return { rows: list.rows, total: count.rows[0]!.total };
}

/**
 * Who a trial may belong to: the address given with it (compared by its canonical form, decision 030), or a
 * computer's Device ID (compared ignoring case).
 */
export type TrialHolder = { email: string; deviceIds: readonly string[] };

const holderCondition = `(t.email_canonical = $1 OR lower(t.device_id) = ANY($2::text[]))`;
const holderValues = (holder: TrialHolder) => [canonicalEmail(holder.email) ?? null, holder.deviceIds.map((id) => id.toLowerCase())];

/** The trials of the address or of these computers, with their product's name, oldest first. */
export async function listTrialsOfHolder(
  db: Queryable,
  holder: TrialHolder,
): Promise<(Omit<TrialRow, 'key_file'> & { product_name: string })[]> {
  const { rows } = await db.query<Omit<TrialRow, 'key_file'> & { product_name: string }>(
    `SELECT t.id, t.product_id, t.device_id, t.device_name, t.email, t.source, t.started_at, t.expires_at, p.name AS product_name
       FROM trial t JOIN product p ON p.id = t.product_id WHERE ${holderCondition} ORDER BY t.started_at, t.id`,
    holderValues(holder),
  );
  return rows;
}

/**
 * Erases the holder from their trials (decision 085): the address, the computer's name and the key file go, and the
 * Device ID becomes its marker (`erasedDeviceMarker`), so each computer keeps having had its one trial. Answers how many.
 */
export async function eraseTrialsOfHolder(db: Queryable, holder: TrialHolder): Promise<number> {
  const result = await db.query(
    `UPDATE trial t SET email = '', email_canonical = NULL, device_name = '', key_file = '', device_id = ${erasedDeviceMarker('t.device_id')}
      WHERE ${holderCondition} AND t.device_id NOT LIKE 'erased:%'`,
    holderValues(holder),
  );
  return result.rowCount ?? 0;
}
