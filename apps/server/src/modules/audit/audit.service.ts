import type { Queryable } from '../../db/client.js';
import { insertAuditEntry, type AuditEntry } from './audit.repository.js';

/**
 * Records a staff change: who, what, when, and the state before and after. Pass the transaction of the change
 * itself, so the record exists exactly when the change does.
 */
export const recordAudit = (db: Queryable, entry: AuditEntry): Promise<void> => insertAuditEntry(db, entry);
