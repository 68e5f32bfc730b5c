import type { WebhookEventList, WebhookEventListQuery, WebhookEventRow } from '@store/contracts/webhook';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { withTransaction, type Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { FastSpringApi } from './fastspring-api.js';
import { reconcileOrders, type ReconcileResult } from './reconcile.service.js';
import { webhookEvent } from './webhook-payload.js';
import { markWebhookEventAttention, resolveWebhookEvent } from './provider-order.repository.js';
import * as repository from './webhook-admin.repository.js';
import { recordEventAudit } from './webhook-audit.js';
import { processEvent, type ReplayOptions } from './webhook.service.js';

type Context = {
  db: Db;
  secretBox: SecretBox;
  config: Config;
  log: FastifyBaseLogger;
};

const noSuchEvent = () => new AppError('notFound', 'No webhook event has this id.');

/** The newest received events, all or those of a status. */
export const listWebhookEvents = (db: Db, query: WebhookEventListQuery): Promise<WebhookEventList> =>
  repository.listWebhookEvents(db, query);

/** One stored event with its payload; 404 when unknown. */
export async function getWebhookEvent(options: { db: Db; id: string }): Promise<WebhookEventRow> {
  const found = await repository.findWebhookEvent(options.db, options.id);
  if (!found) throw noSuchEvent();
  return found;
}

/**
 * Processes a stored event again (an administrator's replay of a failed event or one that needs attention), with
 * unknown product paths mapped to products. Idempotent like the provider's resend: what was issued stays issued.
 * Settled when it now goes through; otherwise it stays in the list with the new reason. Audited (`replay`, with
 * the mapping) in the transaction that processes it.
 */
export async function replayWebhookEvent(
  context: Context,
  options: { id: string; actor: string; replay: ReplayOptions },
): Promise<WebhookEventRow> {
  await withTransaction(context.db, async (client) => {
    const before = await repository.lockWebhookEvent(client, options.id);
    if (!before) throw noSuchEvent();
    const event = webhookEvent.safeParse(before.payload);
    if (!event.success) throw new AppError('badRequest', 'The stored event cannot be read.');
    const outcome = await processEvent(context, client, event.data, options.replay);
    if (outcome.attention) await markWebhookEventAttention(client, options.id, outcome.attention);
    else await resolveWebhookEvent(client, options.id, { by: `replayed by ${options.actor}`, note: outcome.note });
    const details = options.replay.productOfPath ? { productOfPath: options.replay.productOfPath } : {};
    await recordEventAudit(client, {
      actor: options.actor,
      action: 'replay',
      eventId: options.id,
      before,
      details,
      outcome,
      settled: 'resolved',
    });
  });
  return getWebhookEvent({ db: context.db, id: options.id });
}

/** Settles an event of the "needs attention" list without processing it, noting why (audited: `resolve`). */
export async function resolveWebhookEventByHand(options: { db: Db; id: string; actor: string; note: string }): Promise<WebhookEventRow> {
  await withTransaction(options.db, async (client) => {
    const before = await repository.lockWebhookEvent(client, options.id);
    if (!before) throw noSuchEvent();
    await resolveWebhookEvent(client, options.id, { by: options.actor, note: options.note });
    const outcome = { note: options.note };
    await recordEventAudit(client, { actor: options.actor, action: 'resolve', eventId: options.id, before, outcome, settled: 'resolved' });
  });
  return getWebhookEvent({ db: options.db, id: options.id });
}

/**
 * The administrator's reconciliation of the days [from, to] (UTC): the job's work (reconcile.service.ts), with each
 * missing event it processes audited (`reconcile`) in that event's transaction. Without a FastSpring API: 503.
 */
export async function reconcileDays(
  context: Context & { api: FastSpringApi | undefined; actor: string; from: string; to: string },
): Promise<ReconcileResult> {
  const { api, from, to, ...rest } = context;
  if (!api) throw new AppError('unavailable', 'No FastSpring API user is configured (FASTSPRING_API_USER, FASTSPRING_API_PASSWORD).');
  return reconcileOrders({ ...rest, api, from: new Date(`${from}T00:00:00Z`), to: new Date(`${to}T00:00:00Z`) });
}
