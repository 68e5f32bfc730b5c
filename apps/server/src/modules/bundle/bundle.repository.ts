import type { Queryable } from '../../db/client.js';
import type { ProductRow } from '../product/index.js';

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

/** Every bundle's FastSpring path with the paths of the products it holds (in product id order). */
export async function listBundlePartPaths(db: Queryable): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ bundle_path: string; part_paths: string[] }>(
    `SELECT b.path AS bundle_path, array_agg(p.path ORDER BY p.id) AS part_paths
       FROM bundle_part x JOIN product b ON b.id = x.bundle_product_id JOIN product p ON p.id = x.part_product_id
      GROUP BY b.path`,
  );
  return new Map(rows.map((row) => [row.bundle_path, row.part_paths]));
}

/**
 * The products of these FastSpring paths and of the bundles among them, each with the paths of what it holds in
 * product id order (null: no bundle), in one statement: an order's items are read with one round trip. Named
 * (prepared once per connection: every `order.completed` reads it); the columns are listed, so a migration adding
 * one does not break the statement prepared by a process still running the old code.
 */
export async function listProductsOfPathsWithParts(
  db: Queryable,
  paths: readonly string[],
): Promise<(ProductRow & { part_paths: string[] | null })[]> {
  if (paths.length === 0) return [];
  const { rows } = await db.query<ProductRow & { part_paths: string[] | null }>({
    name: 'products-of-paths-with-parts',
    text: `WITH named AS (SELECT id FROM product WHERE path = ANY($1::text[])),
                parts AS (SELECT x.bundle_product_id, x.part_product_id FROM bundle_part x JOIN named n ON n.id = x.bundle_product_id)
           SELECT p.id, p.name, p.path, p.description, p.price, p.public_key, p.private_key_sealed, p.public_key_2048,
                  p.private_key_2048_sealed, p.use_rsa_2048, p.trial_days, p.successor_id, p.online_key_days, p.yearly_device_removals,
                  (SELECT array_agg(q.path ORDER BY q.id) FROM parts JOIN product q ON q.id = parts.part_product_id
                    WHERE parts.bundle_product_id = p.id) AS part_paths
             FROM product p WHERE p.id IN (SELECT id FROM named UNION SELECT part_product_id FROM parts)`,
    values: [paths],
  });
  return rows;
}

/** Sets what a bundle holds (replacing what it held). */
export async function replaceBundleParts(db: Queryable, bundleProductId: number, partProductIds: readonly number[]): Promise<void> {
  await db.query('DELETE FROM bundle_part WHERE bundle_product_id = $1', [bundleProductId]);
  await db.query('INSERT INTO bundle_part (bundle_product_id, part_product_id) SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING', [
    bundleProductId,
    partProductIds,
  ]);
}

export type BundleRuleRow = {
  bundle_product_id: number;
  rule: 'share' | 'fixed';
  prices: Record<string, string>;
  owned_prices: Record<string, Record<string, string>>;
};

/** A bundle's "complete your bundle" rule, if the vendor set one. */
export async function findBundleRule(db: Queryable, bundleProductId: number): Promise<BundleRuleRow | undefined> {
  const { rows } = await db.query<BundleRuleRow>(
    `SELECT bundle_product_id::int AS bundle_product_id, rule, prices, owned_prices FROM bundle_rule WHERE bundle_product_id = $1`,
    [bundleProductId],
  );
  return rows[0];
}

/** The products among `productIds` of which the person holds an active licence. */
export async function listOwnedProducts(db: Queryable, personId: number, productIds: readonly number[]): Promise<number[]> {
  const { rows } = await db.query<{ product_id: number }>(
    `SELECT DISTINCT product_id::int AS product_id FROM orders WHERE person_id = $1 AND state = 'active' AND product_id = ANY($2::bigint[])`,
    [personId, productIds],
  );
  return rows.map((row) => row.product_id).sort((a, b) => a - b);
}

/** Every bundle with its contents and rule, by bundle product id. */
export async function listBundles(db: Queryable): Promise<(BundleRuleRow & { part_product_ids: number[] })[]> {
  const { rows } = await db.query<BundleRuleRow & { part_product_ids: number[] }>(
    `SELECT r.bundle_product_id::int AS bundle_product_id, r.rule, r.prices, r.owned_prices,
            ARRAY(SELECT part_product_id::int FROM bundle_part p WHERE p.bundle_product_id = r.bundle_product_id ORDER BY 1) AS part_product_ids
       FROM bundle_rule r ORDER BY r.bundle_product_id`,
  );
  return rows;
}

/** Sets a bundle's rule (inserting or replacing it). */
export async function upsertBundleRule(db: Queryable, row: BundleRuleRow): Promise<void> {
  await db.query(
    `INSERT INTO bundle_rule (bundle_product_id, rule, prices, owned_prices) VALUES ($1, $2, $3, $4)
     ON CONFLICT (bundle_product_id) DO UPDATE SET rule = EXCLUDED.rule, prices = EXCLUDED.prices, owned_prices = EXCLUDED.owned_prices`,
    [row.bundle_product_id, row.rule, row.prices, row.owned_prices],
  );
}

/** Makes a product no bundle again (its licences sold as a bundle stay). */
export async function deleteBundle(db: Queryable, bundleProductId: number): Promise<boolean> {
  await db.query('DELETE FROM bundle_part WHERE bundle_product_id = $1', [bundleProductId]);
  const { rowCount } = await db.query('DELETE FROM bundle_rule WHERE bundle_product_id = $1', [bundleProductId]);
  return (rowCount ?? 0) > 0;
}
