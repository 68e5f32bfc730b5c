import type { Queryable } from '../../db/client.js';

export type HistoryRow = {
  order_id: number;
  product_name: string;
  state: 'active' | 'refunded' | 'transferred';
  source: 'purchase' | 'activation' | 'admin' | 'transfer' | 'import';
  provider_order_id: string | null;
  provider_reference: string | null;
  creation_date: Date;
  amount: string | null;
  currency: string | null;
  /** When this customer's ownership ended by a transfer away, or began by one. */
  transferred_away_at: Date | null;
  transferred_in_at: Date | null;
  is_refunded: boolean;
};

/**
 * The licences a person owns or owned: those they hold now (any state) and those transferred away from them, with
 * the moments of their transfers and refund. Bounded: a customer has tens of licences, not thousands.
 */
export async function listHistoryOfPerson(db: Queryable, personId: number): Promise<HistoryRow[]> {
  const { rows } = await db.query<HistoryRow>(
    `SELECT o.id AS order_id, p.name AS product_name,
            CASE WHEN o.person_id = $1 THEN o.state ELSE 'transferred' END AS state,
            -- A licence transferred away keeps its place in the purchase it came from.
            CASE WHEN o.person_id <> $1 AND o.provider_order_id IS NOT NULL THEN 'purchase' ELSE o.source END AS source,
            o.provider_order_id, o.provider_reference, o.creation_date, o.amount::text AS amount, o.currency,
            (SELECT max(t.transferred_at) FROM licence_transfer t WHERE t.order_id = o.id AND t.from_person_id = $1) AS transferred_away_at,
            (SELECT max(t.transferred_at) FROM licence_transfer t WHERE t.order_id = o.id AND t.to_person_id = $1) AS transferred_in_at,
            o.person_id = $1 AND o.state = 'refunded' AS is_refunded
       FROM orders o JOIN product p ON p.id = o.product_id
      WHERE o.person_id = $1 OR o.id IN (SELECT t.order_id FROM licence_transfer t WHERE t.from_person_id = $1)
      ORDER BY o.creation_date DESC, o.id
      LIMIT 1000`,
    [personId],
  );
  return rows;
}
