import type { AuditEntry } from '@store/contracts/audit';
import type { ListQuery, Paged } from '@store/contracts/list';
import type { Db } from '../../db/client.js';
import { queryPage } from '../../lib/list-query.js';
import { readListRequest, type ListDefinition } from '../../lib/list-request.js';

type Row = {
  id: number;
  at: Date;
  actor: string;
  action: string;
  entity: string;
  entity_id: string | null;
  before: string | null;
  after: string | null;
};

/** The staff actions, newest first by default; filters on who, what and which record. */
const auditLog: ListDefinition = {
  select: 'id, at, actor, action, entity, entity_id, before::text AS before, after::text AS after',
  from: 'audit_log',
  columns: {
    id: { expression: 'id', filter: 'number' },
    at: { expression: 'at', filterExpression: `to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS')`, filter: 'prefix' },
    actor: { expression: 'actor', filter: 'contains' },
    action: { expression: 'action', filter: 'contains' },
    entity: { expression: 'entity', filter: 'contains' },
    entityId: { expression: 'entity_id', filter: 'exact' },
  },
  defaultSort: 'id',
  key: 'id',
};

/** One page of the audit log (by default the newest first). */
export async function listAuditLog(db: Db, query: ListQuery): Promise<Paged<AuditEntry>> {
  const request = readListRequest({ ...query, page: query.page ?? 0, desc: query.desc ?? 'true' }, auditLog)!;
  const page = await queryPage<Row>(db, auditLog, request);
  return {
    ...page,
    rows: page.rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: row.actor,
      action: row.action,
      entity: row.entity,
      entityId: row.entity_id,
      before: row.before ?? '',
      after: row.after ?? '',
    })),
  };
}
