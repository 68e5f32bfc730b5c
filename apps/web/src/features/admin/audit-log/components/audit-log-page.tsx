import type { AuditEntry } from '@store/contracts/audit';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { DataTable } from '../../../../components/data-table/data-table';
import { initialTableQuery, toListSearch, type TableQuery } from '../../../../components/data-table/table-query';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { formatDateTime } from '../../shared/format-date';
import { useAuditLogPage } from '../api/audit-log-api';

const newestFirst: TableQuery = { ...initialTableQuery, sorting: [{ id: 'id', desc: true }] };

/** A change's before and after, one line each, readable in a cell. */
function Change({ entry }: { entry: AuditEntry }) {
  return (
    <div className="small font-monospace text-break" style={{ whiteSpace: 'normal' }}>
      {entry.before && <div>before: {entry.before}</div>}
      {entry.after && <div>after: {entry.after}</div>}
    </div>
  );
}

/** /admin/audit: who did what to which record, when, with the state before and after (decision 024). */
export function AuditLogPage() {
  useDocumentTitle('Audit Log');
  const [query, setQuery] = useState(newestFirst);
  const log = useAuditLogPage(toListSearch(query));

  const columns = useMemo<ColumnDef<AuditEntry>[]>(
    () => [
      { accessorKey: 'id', header: 'Entry', size: 90 },
      {
        accessorKey: 'at',
        header: 'When',
        size: 190,
        cell: ({ row }) => <time dateTime={row.original.at}>{formatDateTime(row.original.at)}</time>,
      },
      { accessorKey: 'actor', header: 'Staff', size: 130 },
      { accessorKey: 'action', header: 'Action', size: 140 },
      { accessorKey: 'entity', header: 'Record', size: 160 },
      { id: 'entityId', accessorFn: (entry) => entry.entityId ?? '', header: 'Record id', size: 110 },
      {
        id: 'change',
        header: 'Change',
        size: 480,
        enableSorting: false,
        enableColumnFilter: false,
        cell: ({ row }) => <Change entry={row.original} />,
      },
    ],
    [],
  );

  return (
    <main className="admin-screen">
      <h1 className="h3 mb-3">Audit Log</h1>
      <DataTable
        label="Audit log"
        columns={columns}
        data={log.data?.rows ?? []}
        server={{ total: log.data?.total ?? 0, query, onQueryChange: setQuery }}
        getRowId={(entry) => String(entry.id)}
        isLoading={log.isFetching}
        emptyText="No staff actions yet"
      />
    </main>
  );
}
