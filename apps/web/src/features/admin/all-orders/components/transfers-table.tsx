import type { TransferEntry } from '@store/contracts/order-detail';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../../../components/data-table/data-table';
import { initialTableQuery, toListSearch, type TableQuery } from '../../../../components/data-table/table-query';
import { paths } from '../../../../config/paths';
import { formatMoney } from '../../../../lib/checkout/format-money';
import { adminPaths } from '../../shared/admin-paths';
import { formatDateTime } from '../../shared/format-date';
import { useTransfersPage } from '../api/all-orders-api';

const newestFirst: TableQuery = { ...initialTableQuery, sorting: [{ id: 'id', desc: true }] };

const personCell = (id: number | null, email: string) =>
  id === null ? email || 'an erased person' : <Link to={paths.adminPerson(id)}>{email || `#${id}`}</Link>;

/**
 * The orders screen's transfers (decision 060): each change of owner its own entry, with when, the licence, from whom
 * to whom and the fee, while the licence's row above keeps its purchase and amount.
 */
export function TransfersTable() {
  const [query, setQuery] = useState(newestFirst);
  const transfers = useTransfersPage(toListSearch(query));
  const columns = useMemo<ColumnDef<TransferEntry>[]>(
    () => [
      { accessorKey: 'id', header: 'Transfer', size: 100, enableColumnFilter: false },
      {
        id: 'date',
        accessorFn: (row) => row.date,
        header: 'Date',
        size: 190,
        enableColumnFilter: false,
        cell: ({ row }) => <time dateTime={row.original.date}>{formatDateTime(row.original.date)}</time>,
      },
      {
        accessorKey: 'orderId',
        header: 'Order',
        size: 100,
        cell: ({ row }) => <Link to={adminPaths.order(row.original.orderId)}>{row.original.orderId}</Link>,
      },
      { accessorKey: 'productName', header: 'Product', size: 150, enableSorting: false, enableColumnFilter: false },
      {
        id: 'from',
        accessorFn: (row) => row.fromEmail,
        header: 'From',
        size: 240,
        enableSorting: false,
        enableColumnFilter: false,
        cell: ({ row }) => personCell(row.original.fromPersonId, row.original.fromEmail),
      },
      {
        id: 'to',
        accessorFn: (row) => row.toEmail,
        header: 'To',
        size: 240,
        enableSorting: false,
        enableColumnFilter: false,
        cell: ({ row }) => personCell(row.original.toPersonId, row.original.toEmail),
      },
      {
        id: 'fee',
        accessorFn: (row) => row.fee ?? '',
        header: 'Fee',
        size: 140,
        enableSorting: false,
        enableColumnFilter: false,
        cell: ({ row }) => (row.original.fee === null ? 'none (by staff)' : formatMoney(row.original.fee, row.original.currency ?? '')),
      },
    ],
    [],
  );
  return (
    <section aria-labelledby="transfers-heading" className="mt-4">
      <h2 id="transfers-heading" className="h4">
        Transfers
      </h2>
      <p className="text-body-secondary small">
        A transferred licence keeps its purchase and amount in the orders above, under its new owner; each transfer is listed here with its
        fee.
      </p>
      <DataTable
        label="Transfers"
        columns={columns}
        data={transfers.data?.rows ?? []}
        server={{ total: transfers.data?.total ?? 0, query, onQueryChange: setQuery }}
        getRowId={(row) => String(row.id)}
        isLoading={transfers.isFetching}
        emptyText="No transfers"
      />
    </section>
  );
}
