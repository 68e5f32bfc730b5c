import type { AuditEntry as ListedAuditEntry } from '@store/contracts/audit';
import type { ListQuery, Paged } from '@store/contracts/list';
import type pg from 'pg';
import { isInTransaction, type Db } from '../../db/client.js';
import * as list from './audit-list.repository.js';
import { insertAuditEntry, type AuditEntry } from './audit.repository.js';

/**
 * Records a staff change: who, what, when, and the state before and after, in the transaction of the change itself
 * (the client withTransaction gives), so the record exists exactly when the change does. Anything else is refused.
 */
export async function recordAudit(client: pg.PoolClient, entry: AuditEntry): Promise<void> {
  if (!isInTransaction(client)) throw new Error(`The audit of ${entry.action} ${entry.entity} must be written in the change's transaction`);
  await insertAuditEntry(client, entry);
}

/** One page of the audit log (by default the newest first), filtered by who, what and which record. */
export const listAuditLog = (db: Db, query: ListQuery): Promise<Paged<ListedAuditEntry>> => list.listAuditLog(db, query);
