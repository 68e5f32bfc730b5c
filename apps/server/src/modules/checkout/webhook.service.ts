import { normalizeProductPath } from '@store/contracts/product-path';
import type { FastifyBaseLogger } from 'fastify';
import type { PoolClient } from 'pg';
import { isSandboxCheckout, type Config } from '../../config.js';
import { withTransaction, type Db, type Queryable } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { completeOrder, OrderNeedsAttention } from './order-completed.service.js';
import {
  findWaitingReturnsOfOrder,
  markWebhookEventAttention,
  recordProviderRefund,
  resolveWebhookEvent,
} from './provider-order.repository.js';
import { orderCompletedData, returnCreatedData, webhookEnvelope, type ReturnCreatedData, type WebhookEvent } from './webhook-payload.js';
import {
  claimWebhookEvent,
  hasOrdersOfPurchase,
  isOrderCompletedProcessed,
  isReturnProcessed,
  markWebhookEventProcessed,
  recordWebhookEventError,
  refundOrdersOfPurchase,
  findEventOfOrder as findStoredEventOfOrder,
} from './webhook.repository.js';

type Context = { db: Db; secretBox: SecretBox; config: Config; log: FastifyBaseLogger };
/** What became of an event: a note for the log, and why it needs a person (accepted, not retried). */
type Outcome = { note: string | null; attention?: string };
/** An administrator's choices when processing an event again: unknown product paths mapped to products by name. */
export type ReplayOptions = { productOfPath?: Record<string, string> };
export type WebhookIntake = { processedIds: string[]; failedIds: string[] };

/** Reads a verified body as `{events:[…]}`; a body of any other shape is refused as a whole. */
export function parseWebhookBody(body: Buffer): WebhookEvent[] {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    throw new AppError('badRequest', 'The body is not JSON.');
  }
  const parsed = webhookEnvelope.safeParse(json);
  if (!parsed.success) throw new AppError('badRequest', 'The body is not a list of webhook events.');
  return parsed.data.events;
}

/**
 * Takes a verified post's events in order, each in its own transaction: stored (once per event id), locked,
 * processed. Answers which ids count as processed (including retries of events processed before) and which failed
 * (their error is recorded and the provider retries them).
 */
export async function receiveWebhookEvents(context: Context, events: WebhookEvent[]): Promise<WebhookIntake> {
  const intake: WebhookIntake = { processedIds: [], failedIds: [] };
  for (const event of events) {
    try {
      await withTransaction(context.db, async (client) => {
        const stored = await claimWebhookEvent(client, event);
        if (stored.isProcessed) return;
        const outcome = await processEvent(context, client, event);
        if (outcome.attention) await markWebhookEventAttention(client, event.id, outcome.attention);
        else if (outcome.note !== null || !stored.isNew) await markWebhookEventProcessed(client, event.id, outcome.note);
      });
      intake.processedIds.push(event.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      context.log.warn({ eventId: event.id, type: event.type, err: error }, 'webhook event not processed');
      await recordWebhookEventError(context.db, event, message).catch(() => undefined);
      intake.failedIds.push(event.id);
    }
  }
  return intake;
}

/**
 * One event's work. Throws to leave it unprocessed (the provider retries: a passing failure). What a retry cannot
 * fix (a malformed event, an unknown product path, a return of a purchase never seen) is accepted with an
 * attention reason, so it lands in the administrator's "needs attention" list instead of being retried for days.
 */
export async function processEvent(
  context: Context,
  client: PoolClient,
  event: WebhookEvent,
  options: ReplayOptions = {},
): Promise<Outcome> {
  if (event.live === false && isLiveStorefront(context.config)) return { note: 'test order on a live storefront: ignored' };
  switch (event.type) {
    case 'order.completed': {
      const parsed = orderCompletedData.safeParse(event.data);
      if (!parsed.success) return malformed(event, parsed.error);
      const result = await completeOrder({
        client,
        secretBox: context.secretBox,
        config: context.config,
        data: parsed.data,
        productOfPath: options.productOfPath,
      }).catch((error: unknown) => {
        if (error instanceof OrderNeedsAttention) return error;
        throw error;
      });
      if (result instanceof OrderNeedsAttention) return { note: result.message, attention: result.message };
      if (result.problems.length > 0) context.log.warn({ eventId: event.id, problems: result.problems }, 'order partly unusable');
      await settleWaitingReturns(client, parsed.data.id);
      const note = result.problems.length > 0 ? result.problems.join('; ') : null;
      return result.unknownPaths.length > 0 ? { note, attention: note ?? 'unknown product path' } : { note };
    }
    case 'return.created': {
      const parsed = returnCreatedData.safeParse(event.data);
      if (!parsed.success) return malformed(event, parsed.error);
      return revokePurchase(client, event, parsed.data);
    }
    default:
      return { note: null }; // other events are acknowledged and kept, nothing to do
  }
}

/** Returns that came before their purchase are carried out now that it is in (webhooks can be delayed). */
async function settleWaitingReturns(client: PoolClient, providerOrderId: string): Promise<void> {
  for (const waiting of await findWaitingReturnsOfOrder(client, providerOrderId)) {
    const parsed = returnCreatedData.safeParse(waiting.data);
    if (!parsed.success) continue;
    const outcome = await revokePurchase(client, waiting, parsed.data);
    if (!outcome.attention) await resolveWebhookEvent(client, waiting.id, { by: 'its order arrived', note: outcome.note });
  }
}

const malformed = (event: WebhookEvent, error: { issues: { path: PropertyKey[]; message: string }[] }): Outcome => {
  const issue = error.issues[0];
  const reason = `malformed ${event.type}: ${issue ? `${issue.path.map(String).join('.') || '(data)'}: ${issue.message}` : 'unreadable'}`;
  return { note: reason, attention: reason };
};

/** A returned line that refunds an amount only (FastSpring: quantity 0, refundType "Partial Refund"). */
const isPartialLine = (item: { quantity?: number | null; refundType?: string | null }) =>
  item.quantity === 0 || /partial/i.test(item.refundType ?? '');

/**
 * `return.created` (decision 014): a returned line with a quantity revokes that many licences of its product (the
 * last issued first: state refunded, devices deleted), matched by the path recorded on each licence (`{path}#{n}`),
 * not by the product's path today (decision 026); a return without items revokes the whole purchase. A partial
 * (amount) refund keeps the licences and is only recorded. Every return is kept with what it revoked, so a resend
 * (same return id) changes nothing. A return of a purchase the server never saw needs attention.
 */
async function revokePurchase(client: PoolClient, event: WebhookEvent, data: ReturnCreatedData): Promise<Outcome> {
  const providerOrderId = data.original.id ?? data.original.order;
  if (!providerOrderId) return { note: 'the return names no original order', attention: 'the return names no original order' };
  if (data.return && (await isReturnProcessed(client, data.return, event.id))) return { note: 'return already processed' };
  if (!(await hasOrdersOfPurchase(client, providerOrderId)) && !(await isOrderCompletedProcessed(client, providerOrderId))) {
    const reason = `return of the purchase ${providerOrderId}, which the server never saw: replay it once the order is in`;
    return { note: reason, attention: reason };
  }
  const lines = data.items ?? [];
  const fullLines = lines.filter((item) => !isPartialLine(item));
  const isPartial = lines.length > 0 && fullLines.length === 0;
  const returned =
    lines.length > 0 ? fullLines.map((item) => ({ path: normalizeProductPath(item.product), quantity: item.quantity ?? 1 })) : undefined;
  const { orderIds } = isPartial ? { orderIds: [] } : await refundOrdersOfPurchase(client, providerOrderId, returned);
  await recordProviderRefund(client, { returnId: data.return ?? event.id, providerOrderId, data, isPartial, revokedOrderIds: orderIds });
  if (isPartial) return { note: 'partial refund: the licences are kept' };
  const partialNote = fullLines.length < lines.length ? '; partial refund lines kept their licences' : '';
  if (orderIds.length > 0) return { note: partialNote ? `revoked ${orderIds.length}${partialNote}` : null };
  if (await hasOrdersOfPurchase(client, providerOrderId))
    return { note: `no active licence of the returned items left to revoke${partialNote}` };
  return { note: 'the purchase made no licences' };
}

/** A configured storefront without `.test.` takes live orders only (reference §5.8). */
const isLiveStorefront = (config: Config) =>
  !isSandboxCheckout(config) && config.FASTSPRING_STOREFRONT !== undefined && !config.FASTSPRING_STOREFRONT.includes('.test.');

/** The stored event of this type for a provider order (the sandbox's replay switch). */
export const findEventOfOrder = (db: Queryable, type: string, providerOrderId: string) => findStoredEventOfOrder(db, type, providerOrderId);
