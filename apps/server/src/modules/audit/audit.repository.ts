import type { Queryable } from '../../db/client.js';

export type AuditEntry = {
  actor: string;
  action:
    | 'create'
    | 'update'
    | 'delete'
    | 'transfer'
    | 'refresh-keys'
    | 'replace-keys'
    | 'resend-keys'
    | 'void'
    | 'replay'
    | 'resolve'
    | 'reconcile';
  entity: string;
  entityId?: string | number;
  before?: unknown;
  after?: unknown;
};

/** Records an administrator's change: who, what, when, and the state before and after. */
export async function insertAuditEntry(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.query('INSERT INTO audit_log (actor, action, entity, entity_id, before, after) VALUES ($1, $2, $3, $4, $5, $6)', [
    entry.actor,
    entry.action,
    entry.entity,
    entry.entityId === undefined ? null : String(entry.entityId),
    entry.before === undefined ? null : JSON.stringify(entry.before),
    entry.after === undefined ? null : JSON.stringify(entry.after),
  ]);
}
