import type { Queryable } from '../../db/client.js';
import type { ProductRow } from './product.repository.js';

/** The administrator's writes to products and their serial pools; shared reads are in product.repository.ts. */

/** A product's stored fields: private keys already sealed. */
export type ProductFields = Omit<ProductRow, 'id'>;

export async function findProductForUpdate(db: Queryable, id: number): Promise<ProductRow | undefined> {
  const { rows } = await db.query<ProductRow>('SELECT * FROM product WHERE id = $1 FOR UPDATE', [id]);
  return rows[0];
}

/** The id the next product gets, taken before its insert so that a path derived from it can be saved with it. */
export async function takeNextProductId(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('product', 'id'))::int AS id`);
  return rows[0]!.id;
}

/**
 * Inserts a product under the id from takeNextProductId; undefined when its name is taken (case-insensitive).
 * A taken path throws a unique violation of `product_path_key`.
 */
export async function insertProduct(db: Queryable, id: number, product: ProductFields): Promise<ProductRow | undefined> {
  const { rows } = await db.query<ProductRow>(
    `INSERT INTO product (id, name, path, description, price, public_key, private_key_sealed, public_key_2048,
                          private_key_2048_sealed, use_rsa_2048, trial_days, successor_id, online_key_days, yearly_device_removals)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) ON CONFLICT (lower(name)) DO NOTHING RETURNING *`,
    [id, ...fieldValues(product)],
  );
  return rows[0];
}

/** Updates a product; throws a unique violation when another product has the name or the path. */
export async function updateProduct(db: Queryable, id: number, product: ProductFields): Promise<ProductRow> {
  const { rows } = await db.query<ProductRow>(
    `UPDATE product SET name = $2, path = $3, description = $4, price = $5, public_key = $6, private_key_sealed = $7,
                        public_key_2048 = $8, private_key_2048_sealed = $9, use_rsa_2048 = $10, trial_days = $11,
                        successor_id = $12, online_key_days = $13, yearly_device_removals = $14
      WHERE id = $1 RETURNING *`,
    [id, ...fieldValues(product)],
  );
  return rows[0]!;
}

const fieldValues = (product: ProductFields) => [
  product.name,
  product.path,
  product.description,
  product.price,
  product.public_key,
  product.private_key_sealed,
  product.public_key_2048,
  product.private_key_2048_sealed,
  product.use_rsa_2048,
  product.trial_days,
  product.successor_id,
  product.online_key_days,
  product.yearly_device_removals,
];

/** How many licences and activation codes refer to the product. */
export async function countProductUsage(db: Queryable, id: number): Promise<{ orders: number; activationCodes: number }> {
  const { rows } = await db.query<{ orders: number; activation_codes: number }>(
    `SELECT (SELECT count(*)::int FROM orders WHERE product_id = $1) AS orders,
            (SELECT count(*)::int FROM unassigned_order WHERE product_id = $1) AS activation_codes`,
    [id],
  );
  return { orders: rows[0]!.orders, activationCodes: rows[0]!.activation_codes };
}

export async function deleteProduct(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM product WHERE id = $1', [id]);
}

/** Every line of the product's serial pool, handed out (or retired) or not, in position order. */
export async function listSerials(db: Queryable, productId: number): Promise<{ serial: string; isUsed: boolean }[]> {
  const { rows } = await db.query<{ serial: string; is_used: boolean }>(
    `SELECT serial, order_id IS NOT NULL OR retired_at IS NOT NULL AS is_used FROM product_serial WHERE product_id = $1 ORDER BY position, id`,
    [productId],
  );
  return rows.map((row) => ({ serial: row.serial, isUsed: row.is_used }));
}

/**
 * Replaces the pool's unused lines with `serials`, in that order. A posted line that was already handed out keeps
 * its order (it is never handed out twice); handed-out lines that were not posted keep their place before the
 * posted ones. Lines being taken by a concurrent order are locked by it: the DELETE waits, then skips them.
 */
export async function replaceUnusedSerials(db: Queryable, productId: number, serials: string[]): Promise<void> {
  await db.query('DELETE FROM product_serial WHERE product_id = $1 AND order_id IS NULL AND retired_at IS NULL', [productId]);
  await db.query(
    `INSERT INTO product_serial (product_id, serial, position)
     SELECT $1, line.serial, line.position::int FROM unnest($2::text[]) WITH ORDINALITY AS line (serial, position)
     ON CONFLICT (product_id, serial) DO NOTHING`,
    [productId, serials],
  );
  await db.query(
    `WITH posted AS (SELECT line.serial, line.position FROM unnest($2::text[]) WITH ORDINALITY AS line (serial, position)),
          ranked AS (SELECT s.id, row_number() OVER (ORDER BY posted.position IS NOT NULL, posted.position, s.position, s.id) AS position
                       FROM product_serial s LEFT JOIN posted ON posted.serial = s.serial WHERE s.product_id = $1)
     UPDATE product_serial s SET position = ranked.position FROM ranked WHERE s.id = ranked.id AND s.position <> ranked.position`,
    [productId, serials],
  );
}
