import type { Queryable } from '../../db/client.js';
import type { WebhookEvent } from './webhook-payload.js';

/**
 * Stores a received event (once per id) as processed and locks its row for the caller's transaction, which does
 * the work: if the work fails, the transaction and so the row roll back. Answers whether the work is still to
 * do. Concurrent deliveries of one event wait on the row, so only the first does it; a retry of a processed
 * event finds it processed; an event stored earlier with an error (processed_at null) is done now.
 */
export async function claimWebhookEvent(db: Queryable, event: WebhookEvent): Promise<{ isProcessed: boolean; isNew: boolean }> {
  // Named (prepared once per connection): every event received runs it.
  const inserted = await db.query({
    name: 'webhook-event-claim',
    text: `INSERT INTO webhook_event (id, type, payload, processed_at) VALUES ($1, $2, $3, now()) ON CONFLICT (id) DO NOTHING RETURNING id`,
    values: [event.id, event.type, JSON.stringify(event)],
  });
  if (inserted.rowCount) return { isProcessed: false, isNew: true };
  const { rows } = await db.query<{ processed_at: Date | null }>('SELECT processed_at FROM webhook_event WHERE id = $1 FOR UPDATE', [
    event.id,
  ]);
  return { isProcessed: rows[0]?.processed_at != null, isNew: false };
}

/** Marks the event processed, with a note when part of it could not be used (e.g. an unknown product). */
export async function markWebhookEventProcessed(db: Queryable, id: string, note: string | null): Promise<void> {
  await db.query('UPDATE webhook_event SET processed_at = now(), error = $2 WHERE id = $1', [id, note]);
}

/** Keeps an event whose processing failed, with the reason; it stays unprocessed so the provider's retry tries again. */
export async function recordWebhookEventError(db: Queryable, event: WebhookEvent, error: string): Promise<void> {
  await db.query(
    `INSERT INTO webhook_event AS w (id, type, payload, error) VALUES ($1, $2, $3, $4)
     ON CONFLICT (id) DO UPDATE SET error = excluded.error WHERE w.processed_at IS NULL`,
    [event.id, event.type, JSON.stringify(event), error.slice(0, 2000)],
  );
}

/** The newest stored event of `type` about the provider's order (`data.id`), as received. */
export async function findEventOfOrder(db: Queryable, type: string, providerOrderId: string): Promise<WebhookEvent | undefined> {
  const { rows } = await db.query<{ payload: WebhookEvent }>(
    `SELECT payload FROM webhook_event WHERE type = $1 AND payload->'data'->>'id' = $2 ORDER BY received_at DESC LIMIT 1`,
    [type, providerOrderId],
  );
  return rows[0]?.payload;
}

/** Whether an `order.completed` of the provider's order was processed already. */
export const isOrderCompletedProcessed = async (db: Queryable, providerOrderId: string): Promise<boolean> =>
  (await processedOrderCompletedIds(db, [providerOrderId])).has(providerOrderId);

/** Which of these provider's orders had their `order.completed` processed already (one query). */
export async function processedOrderCompletedIds(db: Queryable, providerOrderIds: readonly string[]): Promise<Set<string>> {
  if (providerOrderIds.length === 0) return new Set();
  const { rows } = await db.query<{ id: string }>(
    `SELECT DISTINCT payload->'data'->>'id' AS id FROM webhook_event
      WHERE type = 'order.completed' AND payload->'data'->>'id' = ANY($1::text[]) AND processed_at IS NOT NULL`,
    [providerOrderIds],
  );
  return new Set(rows.map((row) => row.id));
}

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

/**
 * Which of these returns the reconciliation can leave alone: carried out (provider_refund keeps them), or with an
 * event taken already (waiting in "needs attention" for its order, settled by hand, or ignored). One query.
 */
export async function knownReturnIds(db: Queryable, returnIds: readonly string[]): Promise<Set<string>> {
  if (returnIds.length === 0) return new Set();
  const { rows } = await db.query<{ id: string }>(
    `SELECT return_id AS id FROM provider_refund WHERE return_id = ANY($1::text[])
     UNION
     SELECT payload->'data'->>'return' FROM webhook_event
      WHERE type = 'return.created' AND payload->'data'->>'return' = ANY($1::text[]) AND processed_at IS NOT NULL`,
    [returnIds],
  );
  return new Set(rows.map((row) => row.id));
}

/** Whether the provider's order waits in "needs attention" (licences of it may still be issued by a replay). */
export async function isOrderCompletedWaiting(db: Queryable, providerOrderId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM webhook_event WHERE type = 'order.completed' AND payload->'data'->>'id' = $1
        AND attention IS NOT NULL AND resolved_at IS NULL LIMIT 1`,
    [providerOrderId],
  );
  return (rowCount ?? 0) > 0;
}

/** How many of these licences each product path (`{path}#n`) has. */
export async function countLicencesByPath(db: Queryable, orderIds: readonly number[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const { rows } = await db.query<{ path: string; count: number }>(
    `SELECT split_part(provider_item, '#', 1) AS path, count(*)::int AS count FROM orders WHERE id = ANY($1::bigint[]) GROUP BY 1`,
    [orderIds],
  );
  return new Map(rows.map((row) => [row.path, row.count]));
}

/** The items of a purchase's bundle licences (`{bundle}/{product}`, decision 054), per bundle path. */
export async function listBundleItemsOfPurchase(db: Queryable, providerOrderId: string): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ bundle: string; items: string[] }>(
    `SELECT split_part(item, '/', 1) AS bundle, array_agg(item ORDER BY item) AS items
       FROM (SELECT DISTINCT split_part(provider_item, '#', 1) AS item FROM orders
              WHERE provider_order_id = $1 AND provider_item LIKE '%/%') AS bundled
      GROUP BY 1`,
    [providerOrderId],
  );
  return new Map(rows.map((row) => [row.bundle, row.items]));
}

/** Whether any order (in any state) came from the provider's order. */
export async function hasOrdersOfPurchase(db: Queryable, providerOrderId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM orders WHERE provider_order_id = $1 LIMIT 1', [providerOrderId]);
  return (rowCount ?? 0) > 0;
}

/** A stored event with the texts an erasure may have to change. */
export type StoredEventText = { id: string; payload: unknown; error: string | null; attention: string | null };

/**
 * The events of these provider orders (an order's, or a return's of it), and those whose payload or notes match one
 * of the `ILIKE` patterns, locked for the caller's transaction (an erasure: decision 040).
 */
export async function lockEventsOfOrdersOrMatching(
  db: Queryable,
  options: { providerOrderIds: readonly string[]; patterns: readonly string[] },
): Promise<StoredEventText[]> {
  const { rows } = await db.query<StoredEventText>(
    `SELECT id, payload, error, attention FROM webhook_event
      WHERE payload->'data'->>'id' = ANY($1::text[]) OR payload->'data'->'original'->>'id' = ANY($1::text[])
         OR payload->'data'->'original'->>'order' = ANY($1::text[])
         OR payload::text ILIKE ANY($2::text[]) OR error ILIKE ANY($2::text[]) OR attention ILIKE ANY($2::text[])
      ORDER BY received_at FOR UPDATE`,
    [options.providerOrderIds, options.patterns],
  );
  return rows;
}

/** Replaces a stored event's payload and notes (an erasure's redaction). */
export async function replaceEventText(db: Queryable, event: StoredEventText): Promise<void> {
  await db.query('UPDATE webhook_event SET payload = $2, error = $3, attention = $4 WHERE id = $1', [
    event.id,
    JSON.stringify(event.payload),
    event.error,
    event.attention,
  ]);
}

/** The product names of licences, for the mail that says which ended. */
export async function listLicenceProducts(db: Queryable, orderIds: readonly number[]): Promise<{ orderId: number; productName: string }[]> {
  if (orderIds.length === 0) return [];
  const { rows } = await db.query<{ orderId: number; productName: string }>(
    `SELECT o.id::int AS "orderId", p.name AS "productName" FROM orders o JOIN product p ON p.id = o.product_id
      WHERE o.id = ANY($1::bigint[]) ORDER BY o.id`,
    [orderIds],
  );
  return rows;
}
