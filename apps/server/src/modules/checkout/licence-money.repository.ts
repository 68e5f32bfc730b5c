import type { Queryable } from '../../db/client.js';

// What a purchase's licences are given back (decisions 029, 080, 106 and 107): the licences a return refunds or a
// chargeback revokes, an amount refund's shares, and a chargeback's money. The webhook log is webhook.repository.ts's.

/**
 * Whether the licence `o` of the purchase `$1` can still get money back from a return: active; or ended by its owner's
 * erasure (decision 040: the money given back belongs in the tax records it was kept for) or revoked (decision 041),
 * and neither given back by a recorded return yet (decision 080) nor given back whole by a chargeback (decision 107).
 */
const isRefundable = `(o.state = 'active'
  OR o.state IN ('erased', 'revoked') AND NOT (o.amount IS NOT NULL AND coalesce(o.refunded, 0) >= o.amount)
     AND (o.state = 'erased'
          OR NOT EXISTS (SELECT 1 FROM provider_refund f WHERE f.provider_order_id = $1 AND o.id = ANY (f.revoked_order_ids))))`;
/**
 * A returned licence gives back what was paid for it, on the return's day (`$2`, decision 106); a revoked one keeps
 * its state and reason (decision 080).
 */
const setRefunded = `SET state = CASE WHEN state = 'revoked' THEN state ELSE 'refunded' END, refunded = coalesce(amount, refunded),
                         refunded_at = $2::timestamptz`;

/**
 * Marks refunded the licences of a purchase that a return gives back (`isRefundable`), each giving back what was paid
 * for it (decision 029) at `refundedAt`, the return's time (their devices are for the caller to delete). Answers the
 * order ids.
 */
export async function markOrdersOfPurchaseRefunded(
  db: Queryable,
  providerOrderId: string,
  refund: { returned?: readonly { path: string; quantity: number }[]; refundedAt: Date },
): Promise<number[]> {
  const { returned, refundedAt } = refund;
  const { rows } = returned
    ? // Per returned line: that many of its licences, those revoked first (decision 080), then the last issued first
      // ({path}#n, highest n).
      await db.query<{ id: number }>(
        `UPDATE orders ${setRefunded} WHERE id IN (
           SELECT l.id FROM unnest($3::text[], $4::int[]) AS r (path, quantity)
             CROSS JOIN LATERAL (
               SELECT o.id FROM orders o
                WHERE o.provider_order_id = $1 AND ${isRefundable} AND split_part(o.provider_item, '#', 1) = r.path
                ORDER BY o.state = 'revoked' DESC, o.id DESC LIMIT r.quantity) AS l)
         RETURNING id`,
        [providerOrderId, refundedAt, returned.map((line) => line.path), returned.map((line) => line.quantity)],
      )
    : await db.query<{ id: number }>(`UPDATE orders o ${setRefunded} WHERE o.provider_order_id = $1 AND ${isRefundable} RETURNING o.id`, [
        providerOrderId,
        refundedAt,
      ]);
  return rows.map((row) => row.id);
}

/**
 * Revokes the active licences of a charged-back purchase (decision 041; their devices are for the caller to
 * delete): all of them, or only `orderIds` (those issued after the chargeback, decision 100). Answers the order ids.
 */
export async function markOrdersOfPurchaseRevoked(
  db: Queryable,
  providerOrderId: string,
  reason: string,
  orderIds?: readonly number[],
): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `UPDATE orders SET state = 'revoked', revoked_at = now(), revoke_reason = $2
      WHERE provider_order_id = $1 AND state = 'active' AND ($3::bigint[] IS NULL OR id = ANY($3)) RETURNING id`,
    [providerOrderId, reason, orderIds ?? null],
  );
  return rows.map((row) => row.id);
}

/**
 * What a purchase's chargeback gives back of what its licences were paid (decision 107), net of tax, in the purchase's
 * currency: everything not given back yet (`null`) when it takes back the whole purchase (no amount stated, another
 * currency than the purchase's, or at least the purchase's total), else its amount's share of the purchase's subtotal
 * (its total less tax) less what it gave back before. `c` is the chargeback, `po` its purchase.
 */
const chargebackBudget = `CASE WHEN c.amount IS NULL OR po.total IS NULL OR po.subtotal IS NULL OR po.total <= 0 OR c.amount >= po.total
                                 OR c.currency <> '' AND upper(c.currency) <> upper(po.currency) THEN NULL
                            ELSE greatest(round(c.amount * po.subtotal / po.total, currency_decimals(po.currency)) - c.given_back, 0) END`;

/**
 * Gives back the money a purchase's chargeback took (decision 107) on its licences that are not active (the
 * chargeback revoked them, or they ended before it) and not given back whole by a return or by it already: each what
 * is left of what was paid for it, up to what the chargeback has still to give back, in the order they were issued;
 * dated at the chargeback's time. All such licences of the purchase, or only `orderIds` (issued after the chargeback,
 * decision 100). Idempotent: a replay gives back nothing more. Answers what is still to give back (`null`: whatever
 * else the purchase paid, such as a transfer fee) and the chargeback's time; undefined without a kept chargeback.
 */
export async function giveBackChargedBackMoney(
  db: Queryable,
  providerOrderId: string,
  orderIds?: readonly number[],
): Promise<{ budgetLeft: string | null; chargedAt: Date } | undefined> {
  const { rows } = await db.query<{ budget_left: string | null; charged_at: Date }>(
    `WITH chargeback AS (
       SELECT c.charged_at, ${chargebackBudget} AS budget
         FROM provider_chargeback c LEFT JOIN provider_order po ON po.provider_order_id = c.provider_order_id
        WHERE c.provider_order_id = $1 FOR UPDATE OF c),
     licence AS (
       SELECT o.id, o.amount - coalesce(o.refunded, 0) AS remaining FROM orders o
        WHERE o.provider_order_id = $1 AND o.state <> 'active' AND ($2::bigint[] IS NULL OR o.id = ANY ($2))
          AND o.amount - coalesce(o.refunded, 0) > 0
        FOR UPDATE),
     share AS (
       SELECT l.id, c.charged_at,
              CASE WHEN c.budget IS NULL THEN l.remaining
                   ELSE least(l.remaining, greatest(c.budget - (sum(l.remaining) OVER (ORDER BY l.id) - l.remaining), 0)) END AS amount
         FROM licence l CROSS JOIN chargeback c),
     given AS (
       UPDATE orders o SET refunded = coalesce(o.refunded, 0) + s.amount, refunded_at = s.charged_at
         FROM share s WHERE o.id = s.id AND s.amount > 0 RETURNING s.amount),
     total AS (SELECT coalesce(sum(amount), 0) AS amount FROM given),
     kept AS (
       UPDATE provider_chargeback SET given_back = given_back + (SELECT amount FROM total)
        WHERE provider_order_id = $1 AND (SELECT amount FROM total) > 0)
     SELECT (c.budget - (SELECT amount FROM total))::text AS budget_left, c.charged_at FROM chargeback c`,
    [providerOrderId, orderIds ?? null],
  );
  const row = rows[0];
  return row ? { budgetLeft: row.budget_left, chargedAt: row.charged_at } : undefined;
}

/**
 * The licences of a purchase's item that an amount refund goes to (`isRefundable`: active, and those ended by erasure
 * or revoked and not given back yet), in the order they were issued. The item is a product path as recorded
 * (`{path}#n`; a bundle's path finds its products' `{bundle}/{product}#n` too), or one product of a bundle,
 * `{bundle}/{product}`, which finds only that product's licences of the bundle.
 */
export async function listActiveLicencesOfItem(
  db: Queryable,
  providerOrderId: string,
  path: string,
): Promise<{ id: number; currency: string | null }[]> {
  const { rows } = await db.query<{ id: number; currency: string | null }>(
    `SELECT o.id::int AS id, o.currency FROM orders o
      WHERE o.provider_order_id = $1 AND ${isRefundable}
        AND (split_part(o.provider_item, '#', 1) = $2 OR starts_with(o.provider_item, $2 || '/')) ORDER BY o.id`,
    [providerOrderId, path],
  );
  return rows;
}

/** Adds an amount refund's shares (decimal text) to what was refunded of these licences, at the return's time. */
export async function addRefundedAmounts(
  db: Queryable,
  refund: { orderIds: readonly number[]; shares: readonly string[]; refundedAt: Date },
): Promise<void> {
  await db.query(
    `UPDATE orders o SET refunded = coalesce(o.refunded, 0) + r.share, refunded_at = $3
       FROM unnest($1::bigint[], $2::numeric[]) AS r (id, share) WHERE o.id = r.id`,
    [refund.orderIds, refund.shares, refund.refundedAt],
  );
}
