import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointRequest,
  WebhookEndpointWithSecret,
  WebhookEventType,
} from '@store/contracts/outbound-webhook';
import { withTransaction, type Db, type Queryable } from '../../db/client.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { ERASED_TEXT, addressLikePatterns, isAboutPerson, mentionsToErase, redactJson, type PersonalTexts } from '../../lib/redact.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { recordAudit } from '../audit/index.js';
import * as repository from './outbound-webhook.repository.js';
import { newWebhookSecret } from './standard-webhooks.js';
import { bindDependencies } from '../../lib/service-object.js';

/**
 * Attempts of one delivery: the queue's back-off (e^attempt seconds) spreads ten over about three and a half hours.
 * The same number is in `emit_webhook_event` (migration 078), which queues the first delivery of each event.
 */
export const WEBHOOK_MAX_ATTEMPTS = 10;
/** Hours the secret replaced by a rotation keeps signing deliveries, so receivers can switch without a gap. */
export const SECRET_OVERLAP_HOURS = 24;

/**
 * Emits an outbound webhook event (decision 052): in the caller's transaction, it writes the event and a delivery
 * for each endpoint that takes it and queues their jobs, so they exist exactly when the change does and are
 * delivered after it commits; no endpoint's speed touches the change.
 */
export async function emitWebhookEvent(db: Queryable, event: { type: WebhookEventType; data: Record<string, unknown> }): Promise<void> {
  await repository.insertEvent(db, event);
}

type Caller = { name: string };
type Staff = { db: Db; caller: Caller };

const toEndpoint = (row: repository.EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events as WebhookEventType[],
  isEnabled: row.is_enabled,
  previousSecretExpiresAt:
    row.previous_secret_expires_at && row.previous_secret_expires_at > new Date() ? row.previous_secret_expires_at.toISOString() : null,
  createdAt: row.created_at.toISOString(),
});
/** What the audit keeps of an endpoint: never its secrets. */
const auditView = (row: repository.EndpointRow) => ({
  url: row.url,
  description: row.description,
  events: row.events,
  isEnabled: row.is_enabled,
});

/** The registered endpoints, without their secrets. */
async function listWebhookEndpoints(db: Db): Promise<WebhookEndpoint[]> {
  return (await repository.listEndpoints(db)).map(toEndpoint);
}

/** Registers an endpoint; its signing secret is in the answer, the only time it is shown. */
async function createWebhookEndpoint(
  options: Staff & { secretBox: SecretBox; endpoint: WebhookEndpointRequest },
): Promise<WebhookEndpointWithSecret> {
  const secret = newWebhookSecret();
  return withTransaction(options.db, async (client) => {
    const row = await repository.insertEndpoint(client, { ...options.endpoint, secretSealed: options.secretBox.seal(secret) });
    await recordAudit(client, { actor: options.caller.name, action: 'create', entity: 'webhook', entityId: row.id, after: auditView(row) });
    return { ...toEndpoint(row), secret };
  });
}

/** Changes an endpoint's address, description, events or whether it is on. */
async function updateWebhookEndpoint(options: Staff & { id: number; endpoint: WebhookEndpointRequest }): Promise<WebhookEndpoint> {
  return withTransaction(options.db, async (client) => {
    const before = await repository.findEndpoint(client, options.id, { lock: true });
    if (!before) throw notFound('Webhook endpoint not found');
    const row = (await repository.updateEndpoint(client, options.id, options.endpoint))!;
    await recordAudit(client, {
      actor: options.caller.name,
      action: 'update',
      entity: 'webhook',
      entityId: row.id,
      before: auditView(before),
      after: auditView(row),
    });
    return toEndpoint(row);
  });
}

/** Removes an endpoint with its deliveries and their log. */
async function deleteWebhookEndpoint(options: Staff & { id: number }): Promise<void> {
  await withTransaction(options.db, async (client) => {
    const row = await repository.deleteEndpoint(client, options.id);
    if (!row) throw notFound('Webhook endpoint not found');
    await recordAudit(client, {
      actor: options.caller.name,
      action: 'delete',
      entity: 'webhook',
      entityId: row.id,
      before: auditView(row),
    });
  });
}

/**
 * Gives an endpoint a new signing secret, answered this once; the old one keeps signing, beside it, for
 * SECRET_OVERLAP_HOURS (the specification's several signatures in one header).
 */
async function rotateWebhookSecret(options: Staff & { secretBox: SecretBox; id: number }): Promise<WebhookEndpointWithSecret> {
  const secret = newWebhookSecret();
  return withTransaction(options.db, async (client) => {
    const row = await repository.rotateSecret(client, options.id, options.secretBox.seal(secret), SECRET_OVERLAP_HOURS);
    if (!row) throw notFound('Webhook endpoint not found');
    await recordAudit(client, {
      actor: options.caller.name,
      action: 'update',
      entity: 'webhook-secret',
      entityId: row.id,
      after: { previousSecretExpiresAt: row.previous_secret_expires_at?.toISOString() },
    });
    return { ...toEndpoint(row), secret };
  });
}

const toDelivery = (row: repository.DeliveryRow): WebhookDelivery => ({
  id: row.id,
  messageId: row.message_id,
  eventType: row.event_type,
  status: row.status,
  attempts: row.attempts,
  lastStatusCode: row.last_status_code,
  lastError: row.last_error,
  lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
  replayOf: row.replay_of,
  createdAt: row.created_at.toISOString(),
});

/** The newest deliveries to an endpoint, with the last answer of each (the delivery log). */
async function listWebhookDeliveries(options: { db: Db; endpointId: number }): Promise<WebhookDelivery[]> {
  if (!(await repository.findEndpoint(options.db, options.endpointId))) throw notFound('Webhook endpoint not found');
  return (await repository.listDeliveries(options.db, options.endpointId, 200)).map(toDelivery);
}

/**
 * Sends a delivery's event again, as a new delivery with the same message id (receivers deduplicate on it). Refused
 * (409, nothing written) while the endpoint is switched off or no longer takes the event (decision 083).
 */
async function replayWebhookDelivery(options: Staff & { deliveryId: number }): Promise<void> {
  await withTransaction(options.db, async (client) => {
    const target = await repository.findReplayTarget(client, options.deliveryId);
    if (!target) throw notFound('Webhook delivery not found');
    if (!target.is_enabled) throw conflict('The endpoint is switched off: switch it on to send this event again.');
    if (!target.takes_event) throw conflict(`The endpoint no longer takes ${target.event_type} events.`);
    const replay = await repository.insertReplay(client, options.deliveryId, WEBHOOK_MAX_ATTEMPTS);
    if (replay === undefined) throw notFound('Webhook delivery not found');
    await recordAudit(client, {
      actor: options.caller.name,
      action: 'replay',
      entity: 'webhook-delivery',
      entityId: options.deliveryId,
      after: { delivery: replay },
    });
  });
}

/** Deletes webhook events older than `retentionDays`, with their deliveries and log: an hourly job. */
export const purgeOldWebhookEvents = (db: Db, retentionDays: number): Promise<number> =>
  repository.purgeOldWebhookMessages(db, retentionDays);

/**
 * Erases a person from the outbound webhooks' messages (decision 040's erasure; the events name owners, buyers and
 * computers). A message of a licence while they held it (`holdings`: their licences and those they transferred) is
 * theirs: every mention of them and every computer's name (which they chose, "Ada's studio") is replaced. Any other
 * message is about them only if it holds their address whole, and then loses the same (decision 093); one without
 * their address is not touched. The messages and their log stay, and a delivery still pending sends the redacted
 * payload. Answers how many messages changed.
 */
export async function redactWebhookMessagesOf(
  db: Queryable,
  person: { texts: PersonalTexts; holdings: readonly repository.LicenceHolding[] },
): Promise<number> {
  const { texts, holdings } = person;
  const messages = await repository.lockMessagesAbout(db, { patterns: addressLikePatterns(texts), holdings });
  let changed = 0;
  for (const message of messages) {
    const record = { isTheirs: message.is_theirs, content: message.payload };
    const payload = isAboutPerson(texts, record) ? withoutComputerNames(message.payload) : message.payload;
    const redacted = redactJson(payload, mentionsToErase(texts, record));
    if (JSON.stringify(redacted) === JSON.stringify(message.payload)) continue;
    await repository.replaceMessagePayload(db, message.id, redacted);
    changed++;
  }
  return changed;
}

export type { LicenceHolding } from './outbound-webhook.repository.js';

/**
 * The Device IDs of a person's computers that the outbound webhooks' messages name, from the computer events of
 * their licences while they held them (`holdings`): also computers removed before the erasure and those of licences
 * they transferred to someone else (review W2). The erasure adds them to the texts it redacts everywhere.
 */
export const listDeviceIdsInWebhookMessages = (db: Queryable, holdings: readonly repository.LicenceHolding[]): Promise<string[]> =>
  repository.listDeviceIdsOfComputerEvents(db, holdings);

/** A payload with its `data.deviceName` erased. */
function withoutComputerNames(payload: unknown): unknown {
  if (typeof payload !== 'object' || payload === null || !('data' in payload)) return payload;
  const { data } = payload;
  if (typeof data !== 'object' || data === null || typeof (data as { deviceName?: unknown }).deviceName !== 'string') return payload;
  return { ...payload, data: { ...data, deviceName: ERASED_TEXT } };
}

/**
 * The outbound-webhook module's service, built once by `buildApp` with its database and secret box (decision 067):
 * the administrator's endpoints, secret rotation, the delivery log and replay.
 */
export function createOutboundWebhookService(deps: { db: Db; secretBox: SecretBox }) {
  return {
    listWebhookEndpoints: () => listWebhookEndpoints(deps.db),
    ...bindDependencies(deps, {
      createWebhookEndpoint,
      updateWebhookEndpoint,
      deleteWebhookEndpoint,
      rotateWebhookSecret,
      listWebhookDeliveries,
      replayWebhookDelivery,
    }),
  };
}
export type OutboundWebhookService = ReturnType<typeof createOutboundWebhookService>;
