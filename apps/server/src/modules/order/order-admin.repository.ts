import type { Queryable } from '../../db/client.js';
import { retireSerialOfOrder, type OrderRow } from './order.repository.js';

/** The administrator's reads and writes of licences (their devices are the device module's: device.service.ts). */

export type OrderWithProductRow = OrderRow & { product_name: string };

/** Every licence of the person, whatever its state, with its product's name, oldest first. */
export async function listOrdersOfPerson(db: Queryable, personId: number): Promise<OrderWithProductRow[]> {
  const { rows } = await db.query<OrderWithProductRow>(
    `SELECT o.*, p.name AS product_name FROM orders o JOIN product p ON p.id = o.product_id
      WHERE o.person_id = $1 ORDER BY o.id`,
    [personId],
  );
  return rows;
}

/** Locks the person's active licences (in id order) for re-issuing their keys. */
export async function lockActiveOrdersOfPerson(db: Queryable, personId: number): Promise<OrderWithProductRow[]> {
  const { rows } = await db.query<OrderWithProductRow>(
    `SELECT o.*, p.name AS product_name FROM orders o JOIN product p ON p.id = o.product_id
      WHERE o.person_id = $1 AND o.state = 'active' ORDER BY o.id FOR UPDATE OF o`,
    [personId],
  );
  return rows;
}

/**
 * Deletes the licence (its devices go with it). Its serial line is retired, not freed: a serial is handed out
 * once, never twice, and the retired line stays in the pool, so pasting the list again cannot add it as new.
 */
export async function deleteOrder(db: Queryable, id: number): Promise<OrderRow | undefined> {
  await retireSerialOfOrder(db, id);
  const { rows } = await db.query<OrderRow>('DELETE FROM orders WHERE id = $1 RETURNING *', [id]);
  return rows[0];
}
