import type { WebhookEventList, WebhookEventListQuery, WebhookEventRow } from '@store/contracts/webhook';
import type { FastifyBaseLogger } from 'fastify';
import type { PoolClient } from 'pg';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { FastSpringApi } from './fastspring-api.js';
import { reconcileOrders, type ReconcileResult } from './reconcile.service.js';
import { webhookEvent, type WebhookEvent } from './webhook-payload.js';
import { markWebhookEventAttention, resolveWebhookEvent } from './provider-order.repository.js';
import * as repository from './webhook-admin.repository.js';
import type { EventOutcome } from './webhook-audit.js';

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

/** The stored event locked for an administrator's replay or settling (flows/webhook-event.flow.ts); 404 when unknown. */
export async function lockStoredEvent(client: PoolClient, id: string): Promise<WebhookEventRow> {
  const before = await repository.lockWebhookEvent(client, id);
  if (!before) throw noSuchEvent();
  return before;
}

/** The stored event's payload as the intake reads it; 400 when it cannot be read any more. */
export function readStoredEvent(row: WebhookEventRow): WebhookEvent {
  const event = webhookEvent.safeParse(row.payload);
  if (!event.success) throw new AppError('badRequest', 'The stored event cannot be read.');
  return event.data;
}

/** A replayed event settled when it now went through; otherwise it stays in the "needs attention" list with the new reason. */
export async function settleReplayedEvent(client: PoolClient, id: string, replay: { actor: string; outcome: EventOutcome }): Promise<void> {
  const { outcome } = replay;
  if (outcome.attention) await markWebhookEventAttention(client, id, outcome.attention);
  else await resolveWebhookEvent(client, id, { by: `replayed by ${replay.actor}`, note: outcome.note });
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
