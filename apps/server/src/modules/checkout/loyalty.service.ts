import type { Queryable } from '../../db/client.js';

/** Whether the person owns at least one active licence. */
async function hasActiveLicence(db: Queryable, personId: number): Promise<boolean> {
  const { rowCount } = await db.query(`SELECT 1 FROM orders WHERE person_id = $1 AND state = 'active' LIMIT 1`, [personId]);
  return (rowCount ?? 0) > 0;
}

/** The loyalty coupon code (15 %) for a customer who already owns a licence; an empty string otherwise. */
export async function getLoyaltyCoupon(options: { db: Queryable; personId: number | null; couponCode: string }): Promise<string> {
  const { db, personId, couponCode } = options;
  if (personId === null || !couponCode) return '';
  return (await hasActiveLicence(db, personId)) ? couponCode : '';
}
