import { isSameEmail } from '@store/contracts/email-address';
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
    | 'reconcile'
    | 'revoke'
    | 'release-device'
    | 'erase';
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

/** What an erasure may have to change in an audit record. */
export type AuditDetails = { id: number; entity: string; entity_id: string | null; before: unknown; after: unknown };

/**
 * The records an erasure changes, locked: those about the person's own records (their person record, their licences
 * and the computers on them, their login by address; `lower()` finds a superset of the login's, which the caller
 * narrows) and those whose subject or details match one of the `ILIKE` patterns of their addresses.
 */
export async function lockEntriesAboutPerson(
  db: Queryable,
  options: { personId: number; orderIds: readonly number[]; emails: readonly string[]; addressPatterns: readonly string[] },
): Promise<AuditDetails[]> {
  const { rows } = await db.query<AuditDetails>(
    `SELECT id, entity, entity_id, before, after FROM audit_log
      WHERE (entity = 'person' AND entity_id = $1)
         OR (entity = 'order' AND entity_id = ANY($2::text[]))
         OR (entity = 'order-device' AND COALESCE(before->>'orderId', after->>'orderId') = ANY($2::text[]))
         OR (entity = 'login' AND lower(entity_id) = ANY($3::text[]))
         OR entity_id ILIKE ANY($4::text[]) OR before::text ILIKE ANY($4::text[]) OR after::text ILIKE ANY($4::text[])
      ORDER BY id FOR UPDATE`,
    [String(options.personId), options.orderIds.map(String), options.emails.map((email) => email.toLowerCase()), options.addressPatterns],
  );
  return rows;
}

/** Replaces a record's subject and details (an erasure's redaction); who did what and when stay. */
export async function replaceEntryDetails(db: Queryable, entry: AuditDetails): Promise<void> {
  await db.query('UPDATE audit_log SET entity_id = $2, before = $3, after = $4 WHERE id = $1', [
    entry.id,
    entry.entity_id,
    entry.before === null ? null : JSON.stringify(entry.before),
    entry.after === null ? null : JSON.stringify(entry.after),
  ]);
}

/** A staff change about a person, as their timeline shows it (decision 061). */
export type AuditEntryAbout = { id: number; at: Date; actor: string; action: string; entity: string; entity_id: string | null };

/**
 * The records about a person, newest first: their own record, their licences (and those they held), the computers
 * of those licences and their login. Who did what to which record and when; the details before and after stay in
 * the audit log.
 */
export async function listEntriesAbout(
  db: Queryable,
  subject: { personId: number; email: string; orderIds: readonly number[] },
): Promise<AuditEntryAbout[]> {
  const { rows } = await db.query<AuditEntryAbout>(
    `SELECT id, at, actor, action, entity, entity_id FROM audit_log
      WHERE (entity = 'person' AND entity_id = $1)
         OR (entity = 'order' AND entity_id = ANY($2::text[]))
         OR (entity = 'order-device' AND before->>'orderId' = ANY($2::text[]))
         OR (entity = 'login' AND $3 <> '' AND lower(entity_id) = lower($3))
      ORDER BY at DESC, id DESC`,
    [String(subject.personId), subject.orderIds.map(String), subject.email],
  );
  // lower() finds a superset: "Émile@" and "émile@" are two people (decision 082), so a login's records are theirs
  // only when the addresses are one.
  return rows.filter((row) => row.entity !== 'login' || (row.entity_id !== null && isSameEmail(row.entity_id, subject.email)));
}

/** When `action` was recorded about the entity since `since`, oldest first (a limit over a long window, decision 112). */
export async function listActionTimesSince(
  db: Queryable,
  about: { action: string; entity: string; entityId: number | string; since: Date },
): Promise<Date[]> {
  const { rows } = await db.query<{ at: Date }>(
    'SELECT at FROM audit_log WHERE at > $4 AND action = $1 AND entity = $2 AND entity_id = $3 ORDER BY at',
    [about.action, about.entity, String(about.entityId), about.since],
  );
  return rows.map((row) => row.at);
}
