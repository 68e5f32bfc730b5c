import { productPath } from '@store/contracts/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { PoolClient } from 'pg';
import { isSandboxCheckout, type Config } from '../../config.js';
import { withTransaction, type Db, type Queryable } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { completeOrder } from './order-completed.service.js';
import { orderCompletedData, returnCreatedData, webhookEnvelope, type WebhookEvent } from './webhook-payload.js';
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
        const note = await processEvent(context, client, event);
        if (note !== null || !stored.isNew) await markWebhookEventProcessed(client, event.id, note);
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

/** One event's work; answers a note for the event (null when all went well). Throws to leave it unprocessed. */
async function processEvent(context: Context, client: PoolClient, event: WebhookEvent): Promise<string | null> {
  if (event.live === false && isLiveStorefront(context.config)) return 'test order on a live storefront: ignored';
  switch (event.type) {
    case 'order.completed': {
      const data = orderCompletedData.parse(event.data);
      const result = await completeOrder({ client, secretBox: context.secretBox, config: context.config, data });
      if (result.problems.length > 0) context.log.warn({ eventId: event.id, problems: result.problems }, 'order partly unusable');
      return result.problems.length > 0 ? result.problems.join('; ') : null;
    }
    case 'return.created':
      return revokePurchase(client, event);
    default:
      return null; // other events are acknowledged and kept, nothing to do
  }
}

/**
 * `return.created`: the returned licences become refunded and lose their devices: per returned line its quantity
 * (the last issued first), or the whole purchase when the return lists no items. A resend of a return already
 * processed changes nothing. A return that arrives before its order (webhooks can be delayed) fails, so the
 * provider retries it after the order is in.
 */
async function revokePurchase(client: PoolClient, event: WebhookEvent): Promise<string | null> {
  const data = returnCreatedData.parse(event.data);
  const providerOrderId = data.original.id ?? data.original.order;
  if (!providerOrderId) throw new Error('the return names no original order');
  if (data.return && (await isReturnProcessed(client, data.return, event.id))) return 'return already processed';
  const returned = data.items?.length
    ? data.items.map((item) => ({ path: productPath(item.product.trim()), quantity: item.quantity ?? 1 }))
    : undefined;
  const { orderIds } = await refundOrdersOfPurchase(client, providerOrderId, returned);
  if (orderIds.length > 0) return null;
  if (await hasOrdersOfPurchase(client, providerOrderId)) return 'licences already revoked';
  if (await isOrderCompletedProcessed(client, providerOrderId)) return 'the purchase made no licences';
  throw new Error(`the purchase ${providerOrderId} is not known yet`);
}

/** A configured storefront without `.test.` takes live orders only (reference §5.8). */
const isLiveStorefront = (config: Config) =>
  !isSandboxCheckout(config) && config.FASTSPRING_STOREFRONT !== undefined && !config.FASTSPRING_STOREFRONT.includes('.test.');

/** The stored event of this type for a provider order (the sandbox's replay switch). */
export const findEventOfOrder = (db: Queryable, type: string, providerOrderId: string) => findStoredEventOfOrder(db, type, providerOrderId);
