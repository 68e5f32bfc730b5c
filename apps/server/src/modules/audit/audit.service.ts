import type { AuditEntry as ListedAuditEntry } from '@store/contracts/audit';
import type { ListQuery, Paged } from '@store/contracts/list';
import { isSameEmail } from '@store/contracts/email-address';
import type pg from 'pg';
import { isInTransaction, type Db, type Queryable } from '../../db/client.js';
import { addressesOf, addressLikePatterns, ERASED_TEXT, redactJson, redactText, type PersonalTexts } from '../../lib/redact.js';
import * as list from './audit-list.repository.js';
import {
  insertAuditEntry,
  listActionTimesSince,
  listEntriesAbout,
  lockEntriesAboutPerson,
  replaceEntryDetails,
  type AuditDetails,
  type AuditEntry,
} from './audit.repository.js';

/**
 * Records a staff change: who, what, when, and the state before and after, in the transaction of the change itself
 * (the client withTransaction gives), so the record exists exactly when the change does. Anything else is refused.
 */
export async function recordAudit(client: pg.PoolClient, entry: AuditEntry): Promise<void> {
  if (!isInTransaction(client)) throw new Error(`The audit of ${entry.action} ${entry.entity} must be written in the change's transaction`);
  await insertAuditEntry(client, entry);
}

/**
 * When `action` was recorded about the entity since `since`, oldest first: the audit log is the record of what was
 * done, so a limit over a long window (an owner's key replacements, decision 112) counts there.
 */
export const listAuditedActionTimes = (db: Queryable, about: { action: string; entity: string; entityId: number; since: Date }) =>
  listActionTimesSince(db, about);

/** One page of the audit log (by default the newest first), filtered by who, what and which record. */
const listAuditLog = (db: Db, query: ListQuery): Promise<Paged<ListedAuditEntry>> => list.listAuditLog(db, query);

/** The staff changes about a person, their licences, computers and login, newest first (decision 061). */
export const listAuditEntriesAbout = (db: Queryable, subject: { personId: number; email: string; orderIds: readonly number[] }) =>
  listEntriesAbout(db, subject);

/** The fields of a person's own records (their editor's saves, a re-issue of their keys) that hold their data. */
const PERSON_FIELDS = new Set(['email', 'name', 'country']);
/**
 * The fields of a record of their computer that hold its data: a computer removed before the erasure is named
 * nowhere else, so its Device ID is known only from here.
 */
const COMPUTER_FIELDS = new Set(['deviceIdHash', 'deviceName']);

/** Details with the given fields erased, whatever they held then (an earlier address too). */
function withoutFields(value: unknown, fields: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutFields(item, fields));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      fields.has(key) && typeof inner === 'string' ? ERASED_TEXT : withoutFields(inner, fields),
    ]),
  );
}

/**
 * Erases a person from the audit log (decision 040): the records about them, their licences, the computers on those
 * and their login keep who did what and when, with every mention of them (address, name, Device ID) replaced and a
 * person record's email, name and country erased. Any other record loses only their address, where it stands whole:
 * their name and their Device IDs are words they chose (a Device ID is whatever the plug-in sent, "admin" or "@"), so
 * they are no licence to rewrite other people's records (review S1, 2026-11-28-staff-roles). Answers how many
 * records changed.
 */
export async function redactAuditEntriesOf(
  db: Queryable,
  options: { personId: number; orderIds: readonly number[]; texts: PersonalTexts },
): Promise<number> {
  const { personId, texts } = options;
  const addressesOnly = addressesOf(texts);
  const orderIds = new Set(options.orderIds.map(String));
  const entries = await lockEntriesAboutPerson(db, {
    personId,
    orderIds: options.orderIds,
    emails: texts.emails,
    addressPatterns: addressLikePatterns(texts),
  });
  let changed = 0;
  for (const entry of entries) {
    const isPersonRecord = entry.entity === 'person' && entry.entity_id === String(personId);
    const isComputerRecord = entry.entity === 'order-device' && orderIds.has(orderIdOfDeviceEntry(entry));
    const isOwnRecord =
      isPersonRecord ||
      isComputerRecord ||
      (entry.entity === 'order' && orderIds.has(entry.entity_id ?? '')) ||
      (entry.entity === 'login' && texts.emails.some((email) => entry.entity_id !== null && isSameEmail(entry.entity_id, email)));
    const mentions = isOwnRecord ? texts : addressesOnly;
    const redact = (details: unknown) =>
      details === null
        ? null
        : redactJson(
            isPersonRecord ? withoutFields(details, PERSON_FIELDS) : isComputerRecord ? withoutFields(details, COMPUTER_FIELDS) : details,
            mentions,
          );
    const redacted: AuditDetails = {
      ...entry,
      entity_id: entry.entity_id === null ? null : redactText(entry.entity_id, mentions),
      before: redact(entry.before),
      after: redact(entry.after),
    };
    if (JSON.stringify(redacted) === JSON.stringify(entry)) continue;
    await replaceEntryDetails(db, redacted);
    changed++;
  }
  return changed;
}

/** The licence a computer's record is about (its `orderId` before, or after for a record of its creation). */
function orderIdOfDeviceEntry(entry: AuditDetails): string {
  const orderIdOf = (details: unknown) =>
    typeof details === 'object' && details !== null && 'orderId' in details ? String(details.orderId) : undefined;
  return orderIdOf(entry.before) ?? orderIdOf(entry.after) ?? '';
}

/** The audit module's service, built once by `buildApp` with its database (decision 067): the administrator's log. */
export function createAuditService(deps: { db: Db }) {
  return { listAuditLog: (query: ListQuery) => listAuditLog(deps.db, query) };
}
export type AuditService = ReturnType<typeof createAuditService>;
