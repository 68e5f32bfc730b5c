import type { Queryable } from '../../db/client.js';

/**
 * Marks an unused activation key as redeemed and answers its product; undefined when the key does not exist, was
 * used or was voided. The row lock makes concurrent redemptions of one key wait, and all but the first then find it used.
 */
export async function redeemActivationKey(db: Queryable, activationKey: string): Promise<{ id: number; product_id: number } | undefined> {
  const { rows } = await db.query<{ id: number; product_id: number }>(
    `UPDATE unassigned_order SET redeemed_at = now()
      WHERE activation_key = $1::uuid AND redeemed_at IS NULL AND voided_at IS NULL RETURNING id, product_id`,
    [activationKey],
  );
  return rows[0];
}

export async function setRedeemedOrder(db: Queryable, unassignedOrderId: number, orderId: number): Promise<void> {
  await db.query('UPDATE unassigned_order SET redeemed_order_id = $2 WHERE id = $1', [unassignedOrderId, orderId]);
}
