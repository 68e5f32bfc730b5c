import type { Queryable } from '../../db/client.js';

/** The products each of these bundle products holds (bundle product id → part product ids, in id order). */
export async function listPartsOfBundles(db: Queryable, bundleProductIds: readonly number[]): Promise<Map<number, number[]>> {
  if (bundleProductIds.length === 0) return new Map();
  const { rows } = await db.query<{ bundle_product_id: number; part_product_ids: number[] }>(
    `SELECT bundle_product_id::int AS bundle_product_id, array_agg(part_product_id::int ORDER BY part_product_id) AS part_product_ids
       FROM bundle_part WHERE bundle_product_id = ANY($1::bigint[]) GROUP BY bundle_product_id`,
    [bundleProductIds],
  );
  return new Map(rows.map((row) => [row.bundle_product_id, row.part_product_ids]));
}

/** Sets what a bundle holds (replacing what it held). */
export async function replaceBundleParts(db: Queryable, bundleProductId: number, partProductIds: readonly number[]): Promise<void> {
  await db.query('DELETE FROM bundle_part WHERE bundle_product_id = $1', [bundleProductId]);
  await db.query(
    'INSERT INTO bundle_part (bundle_product_id, part_product_id) SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING',
    [bundleProductId, partProductIds],
  );
}
