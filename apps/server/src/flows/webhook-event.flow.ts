import type { WebhookEventRow } from '@store/contracts/webhook';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { withTransaction, type Db } from '../db/client.js';
import type { SecretBox } from '../lib/secret-box.js';
import {
  getWebhookEvent,
  lockStoredEvent,
  processEvent,
  readStoredEvent,
  recordEventAudit,
  resolveWebhookEvent,
  settleReplayedEvent,
  type ReplayOptions,
} from '../modules/checkout/index.js';

type Context = { db: Db; secretBox: SecretBox; config: Config; log: FastifyBaseLogger };

/**
 * An administrator replays a stored event (POST /webhookEvent/{id}/replay): a failed one, or one that needs attention,
 * with its unknown product paths mapped to products. In one transaction, in the order its steps run: the event
 * locked (404 when unknown) and its payload read (400 when it cannot be); the event processed again as the intake
 * does (an `order.completed` runs the order-completed flow with the mapping; idempotent like the provider's resend:
 * what was issued stays issued); the event settled when it now went through, or kept in the list with the new
 * reason; the audit record (`replay`, with the state before and the mapping, decision 034). Answers the event as
 * the log now shows it.
 */
export async function replayWebhookEventFlow(
  context: Context,
  options: { id: string; actor: string; replay: ReplayOptions },
): Promise<WebhookEventRow> {
  const { id, actor, replay } = options;
  await withTransaction(context.db, async (client) => {
    const before = await lockStoredEvent(client, id);
    const event = readStoredEvent(before);
    const outcome = await processEvent(context, client, event, replay);
    await settleReplayedEvent(client, id, { actor, outcome });
    const details = replay.productOfPath ? { productOfPath: replay.productOfPath } : {};
    await recordEventAudit(client, { actor, action: 'replay', eventId: id, before, details, outcome, settled: 'resolved' });
  });
  return getWebhookEvent({ db: context.db, id });
}

/**
 * An administrator settles an event of the "needs attention" list without processing it (POST
 * /webhookEvent/{id}/resolve), in one transaction: the event locked (404 when unknown), settled with the note, and the
 * audit record (`resolve`). Answers the event as the log now shows it.
 */
export async function resolveWebhookEventFlow(options: { db: Db; id: string; actor: string; note: string }): Promise<WebhookEventRow> {
  const { id, actor, note } = options;
  await withTransaction(options.db, async (client) => {
    const before = await lockStoredEvent(client, id);
    await resolveWebhookEvent(client, id, { by: actor, note });
    await recordEventAudit(client, { actor, action: 'resolve', eventId: id, before, outcome: { note }, settled: 'resolved' });
  });
  return getWebhookEvent({ db: options.db, id });
}
