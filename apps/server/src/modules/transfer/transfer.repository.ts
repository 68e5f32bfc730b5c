import type { Queryable } from '../../db/client.js';
import type { OrderRow } from '../order/index.js';

/**
 * Locks the licences (in id order, so concurrent transfers never deadlock). The move reads each one's product
 * through the product module: the new keys need the whole row.
 */
export async function lockLicences(db: Queryable, orderIds: readonly number[]): Promise<OrderRow[]> {
  const { rows } = await db.query<OrderRow>('SELECT * FROM orders WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE', [orderIds]);
  return rows;
}

/** Gives the licence to its new owner from now on (its computers are for the caller to remove). */
export async function moveLicence(db: Queryable, orderId: number, newOwnerId: number): Promise<void> {
  await db.query(`UPDATE orders SET person_id = $2, license_activation_date = now(), source = 'transfer' WHERE id = $1`, [
    orderId,
    newOwnerId,
  ]);
}

/** Records a change of owner, with the fee paid for it (the licence's product is filled in by migration 067's trigger). */
export async function insertTransferRecord(
  db: Queryable,
  record: {
    orderId: number;
    fromPersonId: number;
    toPersonId: number;
    providerOrderId?: string;
    fee?: { amount: string; currency: string };
  },
): Promise<void> {
  await db.query(
    `INSERT INTO licence_transfer (order_id, from_person_id, to_person_id, provider_order_id, amount, currency) VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      record.orderId,
      record.fromPersonId,
      record.toPersonId,
      record.providerOrderId ?? null,
      record.fee?.amount ?? null,
      record.fee?.currency ?? null,
    ],
  );
}

/**
 * Gives back a paid transfer's fee, whole or an amount of it (at most the fee), on the transfer of that provider order,
 * at `refundedAt` (the day it counts on). Answers what it gave back now (decimal text; "0" when nothing).
 */
export async function refundTransferFee(
  db: Queryable,
  providerOrderId: string,
  refund: { isWhole: boolean; amount: string; refundedAt: Date },
): Promise<string> {
  const { rows } = await db.query<{ given: string | null }>(
    `WITH given AS (
       UPDATE licence_transfer t SET refunded = next.refunded, refunded_at = $4
         FROM (SELECT id, coalesce(refunded, 0) AS before,
                      CASE WHEN $2 THEN amount ELSE least(amount, coalesce(refunded, 0) + $3::numeric) END AS refunded
                 FROM licence_transfer WHERE provider_order_id = $1 AND amount IS NOT NULL FOR UPDATE) AS next
        -- A fee given back already keeps the day it was given back on.
        WHERE t.id = next.id AND next.refunded IS DISTINCT FROM t.refunded
        RETURNING t.refunded - next.before AS given)
     SELECT coalesce(sum(given), 0)::text AS given FROM given`,
    [providerOrderId, refund.isWhole, refund.amount, refund.refundedAt],
  );
  return rows[0]?.given ?? '0';
}

/** Whether the provider's order already moved a licence. */
export async function hasTransferOfProviderOrder(db: Queryable, providerOrderId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM licence_transfer WHERE provider_order_id = $1', [providerOrderId]);
  return (rowCount ?? 0) > 0;
}

/** Serialises the deliveries of one provider order's webhook until the transaction ends. */
export async function lockProviderOrder(db: Queryable, providerOrderId: string): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtextextended('licence-transfer:' || $1, 0))`, [providerOrderId]);
}

/** Records that the provider order's transfer was refused; false when it was recorded before (a redelivery). */
export async function recordTransferRefusal(db: Queryable, providerOrderId: string, reason: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'INSERT INTO licence_transfer_refusal (provider_order_id, reason) VALUES ($1, $2) ON CONFLICT (provider_order_id) DO NOTHING',
    [providerOrderId, reason.slice(0, 2000)],
  );
  return (rowCount ?? 0) > 0;
}

export type TransferRecordRow = {
  order_id: number;
  transferred_at: Date;
  from_person_id: number | null;
  to_person_id: number | null;
  provider_order_id: string | null;
};

/** The changes of owner the person took part in (from or to them), oldest first. */
export async function listTransfersOfPerson(db: Queryable, personId: number): Promise<TransferRecordRow[]> {
  const { rows } = await db.query<TransferRecordRow>(
    `SELECT order_id, transferred_at, from_person_id, to_person_id, provider_order_id FROM licence_transfer
      WHERE from_person_id = $1 OR to_person_id = $1 ORDER BY transferred_at, id`,
    [personId],
  );
  return rows;
}

/** The refused transfers whose reason matches one of the `ILIKE` patterns, locked. */
export async function lockRefusalsMatching(
  db: Queryable,
  patterns: readonly string[],
): Promise<{ provider_order_id: string; reason: string }[]> {
  if (patterns.length === 0) return [];
  const { rows } = await db.query<{ provider_order_id: string; reason: string }>(
    'SELECT provider_order_id, reason FROM licence_transfer_refusal WHERE reason ILIKE ANY($1::text[]) FOR UPDATE',
    [patterns],
  );
  return rows;
}

export async function setRefusalReason(db: Queryable, providerOrderId: string, reason: string): Promise<void> {
  await db.query('UPDATE licence_transfer_refusal SET reason = $2 WHERE provider_order_id = $1', [providerOrderId, reason]);
}
