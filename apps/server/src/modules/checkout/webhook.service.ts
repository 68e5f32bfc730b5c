import type { FastifyBaseLogger } from 'fastify';
import type { PoolClient } from 'pg';
import { isSandboxCheckout, type Config } from '../../config.js';
import { withTransaction, type Db, type Queryable } from '../../db/client.js';
import { databaseStatusOf } from '../../db/database-status.js';
import { AppError } from '../../lib/app-error.js';
import { observeLicencesIssued, webhookEvents } from '../../lib/metrics.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { KeyFileSigner } from '../../licensing/signing-pool.js';
import { completeOrderFlow } from '../../flows/order-completed.flow.js';
import { returnCreatedFlow } from '../../flows/return-created.flow.js';
import { chargebackCreatedFlow } from '../../flows/chargeback-created.flow.js';
import { markWebhookEventAttention } from './provider-order.repository.js';
import { chargebackCreatedData, orderCompletedData, returnCreatedData, webhookEnvelope, type WebhookEvent } from './webhook-payload.js';
import { recordEventAudit } from './webhook-audit.js';
import {
  claimWebhookEvent,
  markWebhookEventProcessed,
  recordWebhookEventError,
  findEventOfOrder as findStoredEventOfOrder,
} from './webhook.repository.js';

/** `signer`: signs the licences' key files off the event loop (the app's pool); without it, on it. */
type Context = { db: Db; secretBox: SecretBox; config: Config; log: FastifyBaseLogger; signer?: KeyFileSigner };
/** What became of an event: a note for the log, why it needs a person (accepted, not retried), whether it issued licences. */
type Outcome = { note: string | null; attention?: string; issuedLicences?: boolean };
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
 * (their error is recorded and the provider retries them). `auditAs`: an administrator's reconciliation, whose
 * every event processed is audited (`reconcile`) in that event's transaction; events processed before write none.
 */
export async function receiveWebhookEvents(
  context: Context,
  events: WebhookEvent[],
  options: { auditAs?: string } = {},
): Promise<WebhookIntake> {
  const intake: WebhookIntake = { processedIds: [], failedIds: [] };
  for (const event of events) {
    webhookEvents.inc({ outcome: 'received' });
    try {
      const outcome = await withTransaction(context.db, async (client) => {
        const stored = await claimWebhookEvent(client, event);
        if (stored.isProcessed) return undefined;
        const outcome = await processEvent(context, client, event);
        if (outcome.attention) await markWebhookEventAttention(client, event.id, outcome.attention);
        else if (outcome.note !== null || !stored.isNew) await markWebhookEventProcessed(client, event.id, outcome.note);
        if (options.auditAs !== undefined) {
          const audit = { actor: options.auditAs, action: 'reconcile', eventId: event.id, details: { type: event.type } } as const;
          await recordEventAudit(client, { ...audit, outcome, settled: 'processed' });
        }
        return outcome;
      });
      intake.processedIds.push(event.id);
      webhookEvents.inc({ outcome: outcome?.attention ? 'attention' : 'processed' });
      if (outcome?.issuedLicences) observeLicencesIssued(event.created);
    } catch (error) {
      webhookEvents.inc({ outcome: 'failed' });
      const message = error instanceof Error ? error.message : String(error);
      // A lost database is logged once per outage by the database status (decision 021), not once per event.
      if (!databaseStatusOf(context.db)?.noteFailure(error))
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
      const { secretBox, config, signer } = context;
      const result = await completeOrderFlow({
        client,
        secretBox,
        config,
        signer,
        data: parsed.data,
        eventCreated: event.created,
        productOfPath: options.productOfPath,
      });
      if (result.kind === 'needsAttention') return { note: result.reason, attention: result.reason };
      if (result.problems.length > 0) context.log.warn({ eventId: event.id, problems: result.problems }, 'order partly unusable');
      const { revokedOrderIds: revoked, chargedBackOrderIds: chargedBack } = result;
      const notes = [
        ...result.problems,
        ...(chargedBack.length > 0 ? [`revoked ${chargedBack.length} for a chargeback taken before`] : []),
        ...(revoked.length > 0 ? [`revoked ${revoked.length} for returns taken before`] : []),
      ];
      const note = notes.length > 0 ? notes.join('; ') : null;
      const issuedLicences = result.createdOrderIds.length > 0;
      return result.unknownPaths.length > 0
        ? { note, attention: note ?? 'unknown product path', issuedLicences }
        : { note, issuedLicences };
    }
    case 'return.created': {
      const parsed = returnCreatedData.safeParse(event.data);
      if (!parsed.success) return malformed(event, parsed.error);
      return returnCreatedFlow(client, event, parsed.data, context.config);
    }
    case 'chargeback.created': {
      const parsed = chargebackCreatedData.safeParse(event.data);
      if (!parsed.success) return malformed(event, parsed.error);
      return chargebackCreatedFlow(client, parsed.data, { eventCreated: event.created, supportEmail: context.config.SUPPORT_EMAIL });
    }
    default:
      return { note: null }; // other events are acknowledged and kept, nothing to do
  }
}

const malformed = (event: WebhookEvent, error: { issues: { path: PropertyKey[]; message: string }[] }): Outcome => {
  const issue = error.issues[0];
  const reason = `malformed ${event.type}: ${issue ? `${issue.path.map(String).join('.') || '(data)'}: ${issue.message}` : 'unreadable'}`;
  return { note: reason, attention: reason };
};

/** A configured storefront without `.test.` takes live orders only (docs/fastspring-protocol.md §4.8). */
const isLiveStorefront = (config: Config) =>
  !isSandboxCheckout(config) && config.FASTSPRING_STOREFRONT !== undefined && !config.FASTSPRING_STOREFRONT.includes('.test.');

/** The stored event of this type for a provider order (the sandbox's replay switch). */
export const findEventOfOrder = (db: Queryable, type: string, providerOrderId: string) => findStoredEventOfOrder(db, type, providerOrderId);
