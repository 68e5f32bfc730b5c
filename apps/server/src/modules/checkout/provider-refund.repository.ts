import type { Queryable } from '../../db/client.js';
import { bundlePathOf } from './bundle-items.js';
import type { ReturnCreatedData } from './webhook-payload.js';

// FastSpring's returns as kept (provider_refund, decisions 014, 063 and 106): each once, with when it was made, what
// it revoked and the amount lines it still owes to licences issued after it. The purchases are
// provider-order.repository.ts's.

/** The money of an order or a line as FastSpring states it. */
export const moneyOf = (line: { subtotal?: number | null; discount?: number | null; tax?: number | null; total?: number | null }) => ({
  subtotal: line.subtotal ?? null,
  discount: line.discount ?? null,
  tax: line.tax ?? null,
  total: line.total ?? null,
});

/** A recorded return that licences issued after it may owe something: it returned units, or an amount line is owed. */
export const isToCarryOver = `(NOT is_partial OR items @> '[{"owed": true}]')`;

/**
 * What is kept of a return: the provider's data, when it was made (`orderTimeOf` of its data, decision 106), the
 * licences it revoked, and its amount lines still owed (by index).
 */
export type ReturnRecord = {
  returnId: string;
  providerOrderId: string;
  data: ReturnCreatedData;
  returnedAt: Date;
  isPartial: boolean;
  revokedOrderIds: number[];
  owedAmountLines: readonly number[];
};

/**
 * Keeps a return of a purchase with what it revoked (none for a partial refund), and its amount lines that found no
 * licence to refund (`owed`, by index). Answers false for a known return id.
 */
export async function recordProviderRefund(db: Queryable, refund: ReturnRecord): Promise<boolean> {
  const items = (refund.data.items ?? []).map((item, index) => ({
    product: item.product,
    quantity: item.quantity ?? null,
    refundType: item.refundType ?? null,
    // The bundle an item was sold as part of (decision 054); other drivers are not kept.
    ...(bundlePathOf(item) === undefined ? {} : { driver: item.driver }),
    ...moneyOf(item),
    ...(refund.owedAmountLines.includes(index) ? { owed: true } : {}),
  }));
  const { rowCount } = await db.query(
    `INSERT INTO provider_refund (return_id, provider_order_id, reference, is_partial, currency, amount, items, revoked_order_ids,
                                  returned_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (return_id) DO NOTHING`,
    [
      refund.returnId,
      refund.providerOrderId,
      refund.data.reference ?? '',
      refund.isPartial,
      refund.data.currency ?? '',
      refund.data.totalReturn ?? null,
      JSON.stringify(items),
      refund.revokedOrderIds,
      refund.returnedAt,
    ],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * A return kept in provider_refund: when it was made, what it returned (as sent; an amount line still `owed` found no
 * licence to refund yet) and the licences it revoked so far.
 */
export type RecordedRefund = {
  returnId: string;
  returnedAt: Date;
  isPartial: boolean;
  items: {
    product: string;
    quantity: number | null;
    refundType: string | null;
    subtotal: number | null;
    driver?: { type?: string | null; path?: string | null } | null;
    owed?: boolean;
  }[];
  revokedOrderIds: number[];
};

/** Whether a return was carried out: provider_refund keeps a return only once it is (not while a copy waits). */
export async function isReturnCarriedOut(db: Queryable, returnId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM provider_refund WHERE return_id = $1', [returnId]);
  return (rowCount ?? 0) > 0;
}

/**
 * The returns of a purchase to carry over to licences issued after them: those that revoke licences (not amount-only
 * refunds) and those with an amount line still owed, oldest first, locked.
 */
export async function listRefundsToCarryOver(db: Queryable, providerOrderId: string): Promise<RecordedRefund[]> {
  const { rows } = await db.query<{
    return_id: string;
    returned_at: Date;
    is_partial: boolean;
    items: RecordedRefund['items'];
    revoked_order_ids: number[];
  }>(
    `SELECT return_id, returned_at, is_partial, items, revoked_order_ids FROM provider_refund
      WHERE provider_order_id = $1 AND ${isToCarryOver} ORDER BY received_at, return_id FOR UPDATE`,
    [providerOrderId],
  );
  return rows.map((row) => ({
    returnId: row.return_id,
    returnedAt: row.returned_at,
    isPartial: row.is_partial,
    items: row.items,
    revokedOrderIds: row.revoked_order_ids,
  }));
}

/** Marks these amount lines (by index) of a recorded return no longer owed: licences of their item were refunded since. */
export async function settleOwedAmountLines(db: Queryable, returnId: string, lineIndexes: readonly number[]): Promise<void> {
  await db.query(
    `UPDATE provider_refund SET items = (
       SELECT jsonb_agg(CASE WHEN l.line_number - 1 = ANY ($2::int[]) THEN l.item - 'owed' ELSE l.item END ORDER BY l.line_number)
         FROM jsonb_array_elements(items) WITH ORDINALITY AS l (item, line_number))
      WHERE return_id = $1`,
    [returnId, lineIndexes],
  );
}

/** Adds licences a recorded return revoked later (issued after it) to what it revoked. */
export async function addRevokedOrders(db: Queryable, returnId: string, orderIds: readonly number[]): Promise<void> {
  await db.query('UPDATE provider_refund SET revoked_order_ids = revoked_order_ids || $2::bigint[] WHERE return_id = $1', [
    returnId,
    orderIds,
  ]);
}
