import type { FastifyBaseLogger } from 'fastify';
import type { Task } from 'graphile-worker';
import type { Db } from '../../db/client.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { findDeliveryWork, markDeliveryNotSent, recordAttempt } from './outbound-webhook.repository.js';
import { postWebhook } from './post-webhook.js';
import { signWebhook } from './standard-webhooks.js';

export type WebhookDeliveryOptions = {
  db: Db;
  secretBox: SecretBox;
  /** How long one attempt may take, the whole exchange (WEBHOOK_TIMEOUT_SECONDS). */
  timeoutMs: number;
  /** Deliver to loopback and private addresses too (WEBHOOK_ALLOW_PRIVATE_ADDRESSES). */
  allowPrivateAddresses: boolean;
  log: FastifyBaseLogger;
};

/** The job queue's task that delivers one webhook (its jobs are queued by `emit_webhook_event`, migration 078). */
export const DELIVER_WEBHOOK_TASK = 'deliver_webhook';

/** A failed attempt that the job queue retries with its back-off. */
class WebhookAttemptFailed extends Error {}

/**
 * The job queue's task that delivers one webhook: it signs the event (with the endpoint's secret, and the one
 * before a rotation while it still signs), POSTs it with no transaction open, and records the answer in the log.
 * Any status other than 2xx, or no answer in time, is a failed attempt: thrown, so the queue tries again with
 * exponential back-off until the job's attempts run out; the last one marks the delivery failed. A delivery whose
 * endpoint was switched off, or no longer takes its event, is marked failed without being sent.
 */
export function createDeliverWebhookTask(options: WebhookDeliveryOptions): Task {
  const { db, secretBox, log } = options;
  return async (payload, helpers) => {
    const { deliveryId } = payload as { deliveryId: number };
    const work = await findDeliveryWork(db, deliveryId);
    if (!work || work.status !== 'pending') return; // the endpoint was deleted, or the delivery is done
    // Switched off, or the event type taken off the endpoint, since the event: nothing more goes there, retries
    // included (decision 083). The delivery ends failed with the reason; a REPLAY sends it once the endpoint takes
    // the event again.
    const notSent = !work.is_enabled
      ? 'not sent: the endpoint is switched off'
      : !work.takes_event
        ? `not sent: the endpoint no longer takes ${work.event_type} events`
        : undefined;
    if (notSent) {
      await markDeliveryNotSent(db, deliveryId, notSent);
      return;
    }
    const body = JSON.stringify(work.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const secrets = [secretBox.open(work.secret_sealed)];
    if (work.previous_secret_sealed && work.is_previous_secret_valid) secrets.push(secretBox.open(work.previous_secret_sealed));
    const headers = {
      'webhook-id': work.message_id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook({ secrets, messageId: work.message_id, timestamp, body }),
      'user-agent': 'plug-in-store-webhooks/1',
    };
    const started = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      statusCode = await postWebhook({
        url: work.url,
        headers,
        body,
        timeoutMs: options.timeoutMs,
        allowPrivateAddresses: options.allowPrivateAddresses,
      });
      if (statusCode < 200 || statusCode > 299) error = `answered ${statusCode}`;
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
    }
    const isLastAttempt = helpers.job.attempts >= helpers.job.max_attempts;
    const status = error === null ? 'succeeded' : isLastAttempt ? 'failed' : 'pending';
    await recordAttempt(db, { deliveryId, statusCode, error, durationMs: Math.round(performance.now() - started), status });
    if (error === null) return;
    if (status === 'failed') {
      log.warn({ deliveryId, url: work.url, error }, 'webhook delivery failed for good');
      return;
    }
    throw new WebhookAttemptFailed(`webhook delivery ${deliveryId}: ${error}`);
  };
}
