import type { WebhookEventRow } from '@store/contracts/webhook';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { withTransaction, type Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { webhookEvent } from './webhook-payload.js';
import { markWebhookEventAttention, resolveWebhookEvent } from './provider-order.repository.js';
import { findWebhookEvent, listWebhookEvents, lockWebhookEvent } from './webhook-admin.repository.js';
import { processEvent, type ReplayOptions } from './webhook.service.js';

type Context = {
  db: Db;
  secretBox: SecretBox;
  config: Config;
  log: FastifyBaseLogger;
};

export { listWebhookEvents };

/** One stored event with its payload; 404 when unknown. */
export async function getWebhookEvent(options: { db: Db; id: string }): Promise<WebhookEventRow> {
  const found = await findWebhookEvent(options.db, options.id);
  if (!found) throw new AppError('notFound', 'No webhook event has this id.');
  return found;
}

/**
 * Processes a stored event again (an administrator's replay of a failed event or one that needs attention), with
 * unknown product paths mapped to products. Idempotent like the provider's resend: what was issued stays issued.
 * Settled when it now goes through; otherwise it stays in the list with the new reason.
 */
export async function replayWebhookEvent(
  context: Context,
  options: { id: string; actor: string; replay: ReplayOptions },
): Promise<WebhookEventRow> {
  await withTransaction(context.db, async (client) => {
    const payload = await lockWebhookEvent(client, options.id);
    if (!payload) throw new AppError('notFound', 'No webhook event has this id.');
    const event = webhookEvent.safeParse(payload);
    if (!event.success) throw new AppError('badRequest', 'The stored event cannot be read.');
    const outcome = await processEvent(context, client, event.data, options.replay);
    if (outcome.attention) await markWebhookEventAttention(client, options.id, outcome.attention);
    else
      await resolveWebhookEvent(client, options.id, {
        by: `replayed by ${options.actor}`,
        note: outcome.note,
      });
  });
  return getWebhookEvent({ db: context.db, id: options.id });
}

/** Settles an event of the "needs attention" list without processing it, noting why. */
export async function resolveWebhookEventByHand(options: { db: Db; id: string; actor: string; note: string }): Promise<WebhookEventRow> {
  const isFound = await resolveWebhookEvent(options.db, options.id, {
    by: options.actor,
    note: options.note,
  });
  if (!isFound) throw new AppError('notFound', 'No webhook event has this id.');
  return getWebhookEvent({ db: options.db, id: options.id });
}
