import type { WebhookEventRow } from '@store/contracts/webhook';
import type { Queryable } from '../../db/client.js';

/** A `webhook_event` row as the back office reads it (the order detail reads it without payload and resolver). */
export type WebhookEventDbRow = {
  id: string;
  type: string;
  provider_order_id: string | null;
  received_at: Date;
  processed_at: Date | null;
  error: string | null;
  attention: string | null;
  resolved_at: Date | null;
  resolved_by: string | null;
  payload: unknown;
};

const columns = `id, type, received_at, processed_at, error, attention, resolved_at, resolved_by, payload,
  coalesce(payload->'data'->>'id', payload->'data'->'original'->>'id', payload->'data'->'original'->>'order') AS provider_order_id`;

const filters = {
  all: 'TRUE',
  attention: '(attention IS NOT NULL AND resolved_at IS NULL)',
  failed: '(processed_at IS NULL)',
} as const;

/** An event's outcome: resolved by staff, needing attention, processed, or failed (the provider retries it). */
export const webhookResult = (row: Pick<WebhookEventDbRow, 'resolved_at' | 'attention' | 'processed_at'>): WebhookEventRow['result'] =>
  row.resolved_at ? 'resolved' : row.attention ? 'attention' : row.processed_at ? 'processed' : 'failed';

const toRow = (row: WebhookEventDbRow): WebhookEventRow => ({
  id: row.id,
  type: row.type,
  providerOrderId: row.provider_order_id,
  receivedAt: row.received_at.toISOString(),
  processedAt: row.processed_at?.toISOString() ?? null,
  result: webhookResult(row),
  error: row.error,
  attention: row.attention,
  resolvedBy: row.resolved_by,
  payload: row.payload,
});

/** The newest received events, all or those of a status ("needs attention" also lists failures the provider retries). */
export async function listWebhookEvents(
  db: Queryable,
  options: { status: keyof typeof filters; limit: number },
): Promise<WebhookEventRow[]> {
  const where = options.status === 'attention' ? `(${filters.attention} OR ${filters.failed})` : filters[options.status];
  const { rows } = await db.query<WebhookEventDbRow>(
    `SELECT ${columns} FROM webhook_event WHERE ${where} ORDER BY received_at DESC, id LIMIT $1`,
    [options.limit],
  );
  return rows.map(toRow);
}

/** One stored event, or undefined. */
export async function findWebhookEvent(db: Queryable, id: string): Promise<WebhookEventRow | undefined> {
  const { rows } = await db.query<WebhookEventDbRow>(`SELECT ${columns} FROM webhook_event WHERE id = $1`, [id]);
  return rows[0] ? toRow(rows[0]) : undefined;
}

/** Locks a stored event for processing or settling it; answers it as it stands, with its payload as received. */
export async function lockWebhookEvent(db: Queryable, id: string): Promise<WebhookEventRow | undefined> {
  const { rows } = await db.query<WebhookEventDbRow>(`SELECT ${columns} FROM webhook_event WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0] ? toRow(rows[0]) : undefined;
}
