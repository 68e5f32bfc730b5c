import type { Queryable } from '../../db/client.js';
import type { OrderWithProductRow } from './order-admin.repository.js';

/** The licence with its product's name, locked for the replacement of its keys. */
export async function lockOrder(db: Queryable, orderId: number): Promise<OrderWithProductRow | undefined> {
  const { rows } = await db.query<OrderWithProductRow>(
    `SELECT o.*, p.name AS product_name FROM orders o JOIN product p ON p.id = o.product_id WHERE o.id = $1 FOR UPDATE OF o`,
    [orderId],
  );
  return rows[0];
}

/** Records key files that prove nothing any more (a key file retired twice stays retired once). */
export async function retireKeyFiles(db: Queryable, productId: number, orderId: number, digests: readonly Buffer[]): Promise<void> {
  if (digests.length === 0) return;
  await db.query(
    `INSERT INTO retired_licence_key (product_id, key_digest, order_id) SELECT $1, d, $2 FROM unnest($3::bytea[]) AS d
     ON CONFLICT (product_id, key_digest) DO NOTHING`,
    [productId, orderId, digests],
  );
}
