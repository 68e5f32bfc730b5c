import type { Queryable } from '../../db/client.js';

// Freed places (decision 041): the yearly count of a customer's removals, and removal codes used once. Each
// function runs in the caller's transaction, after the licence's row lock that serialises its releases.

/** A computer of one of the person's licences, its licence locked; with the product's yearly limit. */
export async function lockLicenceOfOwnDevice(
  db: Queryable,
  deviceId: number,
  personId: number,
): Promise<{ order_id: number; device_id_hash: string; yearly_limit: number | null } | undefined> {
  const { rows } = await db.query<{ order_id: number; device_id_hash: string; yearly_limit: number | null }>(
    `SELECT d.order_id, d.device_id_hash, p.yearly_device_removals AS yearly_limit
       FROM order_device d JOIN orders o ON o.id = d.order_id JOIN product p ON p.id = o.product_id
      WHERE d.id = $1 AND o.person_id = $2
        FOR UPDATE OF o`,
    [deviceId, personId],
  );
  return rows[0];
}

/** Locks a licence (of the person, when given) for a release by code; false when there is none. */
export async function lockLicence(db: Queryable, orderId: number, personId: number | undefined): Promise<boolean> {
  const { rows } = await db.query('SELECT id FROM orders WHERE id = $1 AND ($2::bigint IS NULL OR person_id = $2) FOR UPDATE', [
    orderId,
    personId ?? null,
  ]);
  return rows.length > 0;
}

/** Places of each licence freed by its customer without a code in the last 365 days. */
export async function countCustomerReleasesThisYear(db: Queryable, orderIds: readonly number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const { rows } = await db.query<{ order_id: number; count: number }>(
    `SELECT order_id, count(*)::int AS count FROM device_release
      WHERE order_id = ANY($1::bigint[]) AND way = 'customer' AND released_at > now() - interval '365 days'
      GROUP BY order_id`,
    [orderIds],
  );
  return new Map(rows.map((row) => [row.order_id, row.count]));
}

/** When the code freed a place of the licence, or undefined when it never did. */
export async function findReleaseByCode(db: Queryable, orderId: number, code: string): Promise<Date | undefined> {
  const { rows } = await db.query<{ released_at: Date }>(
    'SELECT released_at FROM device_release WHERE order_id = $1 AND removal_code = $2',
    [orderId, code],
  );
  return rows[0]?.released_at;
}

/** The licence's computers whose key carries a removal secret. */
export async function listDevicesWithRemovalSecret(
  db: Queryable,
  orderId: number,
): Promise<{ id: number; device_id_hash: string; device_name: string; removal_secret: string }[]> {
  const { rows } = await db.query<{ id: number; device_id_hash: string; device_name: string; removal_secret: string }>(
    'SELECT id, device_id_hash, device_name, removal_secret FROM order_device WHERE order_id = $1 AND removal_secret IS NOT NULL',
    [orderId],
  );
  return rows;
}

/** Records a freed place; false when the code was already used on the licence (the unique index decides). */
export async function insertRelease(
  db: Queryable,
  release: { orderId: number; deviceIdHash: string; way: 'customer' | 'code' | 'admin'; code?: string },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO device_release (order_id, device_id_hash, way, removal_code) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
    [release.orderId, release.deviceIdHash, release.way, release.code ?? null],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * Takes an erased person's computers out of the freed places (decision 040): the Device ID of every release of their
 * licences, and of any release naming one of their computers (on a licence they sold on), becomes "[erased]". The
 * release itself stays: it still counts against the licence's yearly limit.
 */
export async function forgetComputersOfReleases(
  db: Queryable,
  computers: { orderIds: readonly number[]; deviceIds: readonly string[] },
): Promise<void> {
  await db.query(
    `UPDATE device_release SET device_id_hash = '[erased]'
      WHERE device_id_hash <> '[erased]' AND (order_id = ANY($1::bigint[]) OR lower(device_id_hash) = ANY($2::text[]))`,
    [computers.orderIds, computers.deviceIds.map((id) => id.toLowerCase())],
  );
}

/** The freed places of the licences (who freed them and when), newest first: a person's timeline (decision 061). */
export async function listReleasesOfOrders(
  db: Queryable,
  orderIds: readonly number[],
): Promise<{ order_id: number; device_id_hash: string; way: 'customer' | 'code' | 'admin'; released_at: Date }[]> {
  if (orderIds.length === 0) return [];
  const { rows } = await db.query<{ order_id: number; device_id_hash: string; way: 'customer' | 'code' | 'admin'; released_at: Date }>(
    `SELECT order_id, device_id_hash, way, released_at FROM device_release WHERE order_id = ANY($1::bigint[])
      ORDER BY released_at DESC, id DESC`,
    [orderIds],
  );
  return rows;
}
