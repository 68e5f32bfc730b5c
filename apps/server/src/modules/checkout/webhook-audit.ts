import type { WebhookEventRow } from '@store/contracts/webhook';
import type { PoolClient } from 'pg';
import { recordAudit } from '../audit/index.js';

/** What became of an event processed at an administrator's request: why it still needs a person, or its note. */
export type EventOutcome = { note: string | null; attention?: string };

/** What the audit keeps of an event's state: what became of it and why, not its payload (the log keeps that). */
const auditView = (row: WebhookEventRow) => ({ result: row.result, attention: row.attention, resolvedBy: row.resolvedBy });

/**
 * The one audit record of an administrator's work on a webhook event (decision 034), written in the transaction
 * that did it: a reconciliation's (`reconcile`, the event's type and `processed`), a replay's (`replay`, the state
 * before and the mapping, `resolved`) or settling by hand (`resolve`). `result` is `attention` while the event still
 * needs a person, and the note is the reason then.
 */
export async function recordEventAudit(
  client: PoolClient,
  options: {
    actor: string;
    action: 'reconcile' | 'replay' | 'resolve';
    eventId: string;
    before?: WebhookEventRow;
    /** What the record says before the result: the event's type (a reconciliation), the mapping (a replay). */
    details?: Record<string, unknown>;
    outcome: EventOutcome;
    /** The result of an event that went through: `processed`, or `resolved` when it leaves the "needs attention" list. */
    settled: 'processed' | 'resolved';
  },
): Promise<void> {
  const { outcome } = options;
  await recordAudit(client, {
    actor: options.actor,
    action: options.action,
    entity: 'webhook_event',
    entityId: options.eventId,
    ...(options.before ? { before: auditView(options.before) } : {}),
    after: { ...options.details, result: outcome.attention ? 'attention' : options.settled, note: outcome.attention ?? outcome.note },
  });
}
