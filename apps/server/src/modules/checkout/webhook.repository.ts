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
