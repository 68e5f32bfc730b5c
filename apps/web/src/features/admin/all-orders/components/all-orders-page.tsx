import { orderKindLabel, orderSourceLabels, type OrderListRow } from '@store/contracts/order-list';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../../../components/data-table/data-table';
import { initialTableQuery, toListSearch, type TableQuery } from '../../../../components/data-table/table-query';
import { paths } from '../../../../config/paths';
import { downloadTextFile } from '../../../../lib/download-text-file';
import { adminPaths } from '../../shared/admin-paths';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { ErrorAlert } from '../../../../components/error-alert';
import { formatDateTime } from '../../shared/format-date';
import { useAllOrdersPage, useExportOrdersMutation } from '../api/all-orders-api';
import { TransfersTable } from './transfers-table';
import { SendButton } from '../../../../components/send-button';

const newestFirst: TableQuery = { ...initialTableQuery, sorting: [{ id: 'id', desc: true }] };
/** The list's sort and filters without its page: what the export takes. */
const exportSearch = (query: TableQuery) => {
  const params = new URLSearchParams(toListSearch(query));
  params.delete('page');
  params.delete('pageSize');
  return params.toString();
};

/** /admin/allorders: every licence, paged, sorted and filtered by the server, and its CSV export (decision 024). */
export function AllOrdersPage() {
  useDocumentTitle('Orders');
  const [query, setQuery] = useState(newestFirst);
  const orders = useAllOrdersPage(toListSearch(query));
  const exportOrders = useExportOrdersMutation();

  // The columns add up to 1,020 px: with the side navigation the whole table, Status included, fits a 1,280 px
  // window (decision 061); longer texts wrap.
  const columns = useMemo<ColumnDef<OrderListRow>[]>(
    () => [
      {
        accessorKey: 'id',
        header: 'Order',
        size: 72,
        cell: ({ row }) => <Link to={adminPaths.order(row.original.id)}>{row.original.id}</Link>,
      },
      {
        accessorKey: 'creationDate',
        header: 'Date',
        size: 116,
        cell: ({ row }) => <time dateTime={row.original.creationDate}>{formatDateTime(row.original.creationDate)}</time>,
      },
      { id: 'providerReference', accessorFn: (row) => row.providerReference ?? '', header: 'Provider reference', size: 120 },
      {
        id: 'person',
        accessorFn: (row) => row.personEmail,
        header: 'Person',
        size: 170,
        cell: ({ row }) => (
          <Link to={paths.adminPerson(row.original.personId)} title={row.original.personName} className="text-break">
            {row.original.personEmail || row.original.personName || `#${row.original.personId}`}
          </Link>
        ),
      },
      { accessorKey: 'productName', header: 'Product', size: 100 },
      // An upgrade, crossgrade or bundle's licence (decision 057): read with the row, neither sorted nor filtered.
      {
        id: 'kind',
        accessorFn: orderKindLabel,
        header: 'Kind',
        size: 100,
        enableSorting: false,
        enableColumnFilter: false,
        cell: ({ row }) =>
          row.original.kind && (
            <span className="badge text-bg-info text-wrap text-start" title={row.original.kindFrom ?? undefined}>
              {orderKindLabel(row.original)}
            </span>
          ),
      },
      {
        id: 'amount',
        accessorFn: (row) => row.amount ?? '',
        header: 'Amount',
        size: 84,
        cell: ({ row }) => (row.original.amount === null ? '' : row.original.amount.toFixed(2)),
      },
      { id: 'currency', accessorFn: (row) => row.currency ?? '', header: 'Currency', size: 72, enableSorting: false },
      { id: 'source', accessorFn: (row) => orderSourceLabels[row.source], header: 'Source', size: 96, enableSorting: false },
      { accessorKey: 'state', header: 'Status', size: 90, enableSorting: false },
    ],
    [],
  );

  const exportCsv = () => exportOrders.mutate(exportSearch(query), { onSuccess: (csv) => downloadTextFile('orders.csv', csv) });

  return (
    <main className="admin-screen">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">Orders</h1>
        <SendButton type="button" className="btn btn-outline-primary" isPending={exportOrders.isPending} onClick={exportCsv}>
          {exportOrders.isPending ? 'Exporting…' : 'Export CSV'}
        </SendButton>
      </div>
      <p className="text-body-secondary small">
        Filters: Person matches email or name; Provider reference and Date match the beginning (2026, 2026-11, 2026-11-24); Source is
        FastSpring, Activation code, Admin or Transfer; Status is active, refunded, transferred or erased (its owner’s data erased).
      </p>
      <ErrorAlert error={exportOrders.error} className="mb-3" />
      <DataTable
        label="Orders"
        columns={columns}
        data={orders.data?.rows ?? []}
        server={{ total: orders.data?.total ?? 0, query, onQueryChange: setQuery }}
        getRowId={(row) => String(row.id)}
        isLoading={orders.isFetching}
        emptyText="No orders"
      />
      <TransfersTable />
    </main>
  );
}
