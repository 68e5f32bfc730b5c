import type { Order } from '@store/contracts/order';
import type { ColumnDef, OnChangeFn, RowSelectionState } from '@tanstack/react-table';
import { useMemo } from 'react';
import { DataTable } from '../../../../components/data-table/data-table';
import { ErrorAlert } from '../../../../components/error-alert';
import { formatDateTime } from '../../shared/format-date';
import { actionColumn, deleteColumn, hiddenHeader } from '../../shared/row-action-columns';
import { useDeleteOrderMutation, useOrdersOfPerson } from '../api/orders-api';
import { LicenceDetail } from './licence-detail';

type LicencesTableProps = {
  personId: number;
  selection: RowSelectionState;
  onSelectionChange: OnChangeFn<RowSelectionState>;
};

/** The person's licences: tick box, ID, ProductName, CreationDate, a DETAIL toggle and X (delete). */
export function LicencesTable({ personId, selection, onSelectionChange }: LicencesTableProps) {
  const orders = useOrdersOfPerson(personId);
  const { mutate: deleteOrder, error: deleteError } = useDeleteOrderMutation();

  const columns = useMemo<ColumnDef<Order>[]>(
    () => [
      {
        id: 'select',
        ...actionColumn,
        header: hiddenHeader('Select'),
        size: 44,
        cell: ({ row }) => (
          <input
            type="checkbox"
            className="form-check-input"
            aria-label={`Select licence ${row.original.id}`}
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
          />
        ),
      },
      { accessorKey: 'id', header: 'ID', size: 110 },
      {
        id: 'productName',
        accessorFn: (order) => order.productName ?? '',
        header: 'ProductName',
        size: 300,
        cell: ({ row }) => (
          <>
            {row.original.productName}
            {row.original.state && row.original.state !== 'active' && (
              <span className="badge text-bg-secondary ms-2">{row.original.state}</span>
            )}
          </>
        ),
      },
      {
        accessorKey: 'creationDate',
        header: 'CreationDate',
        size: 280,
        cell: ({ row }) => <time dateTime={row.original.creationDate}>{formatDateTime(row.original.creationDate)}</time>,
      },
      {
        id: 'detail',
        ...actionColumn,
        header: hiddenHeader('Detail'),
        size: 96,
        cell: ({ row }) => (
          <button
            type="button"
            className={row.getIsExpanded() ? 'btn btn-sm btn-secondary' : 'btn btn-sm btn-outline-secondary'}
            aria-expanded={row.getIsExpanded()}
            aria-label={`DETAIL of licence ${row.original.id}`}
            onClick={row.getToggleExpandedHandler()}
          >
            DETAIL
          </button>
        ),
      },
      deleteColumn({
        label: (order) => `Delete licence ${order.id}`,
        confirmText: (order) => `Delete licence ${order.id} (${order.productName ?? ''}) and its computers?`,
        onDelete: (order) => deleteOrder(order.id),
        size: 60,
      }),
    ],
    [deleteOrder],
  );

  return (
    <section className="mt-4" aria-labelledby="licences-heading">
      <h2 id="licences-heading" className="h5">
        Licences
      </h2>
      <ErrorAlert error={deleteError} className="mb-3" />
      <DataTable
        label="Licences"
        columns={columns}
        data={orders.data ?? []}
        getRowId={(order) => String(order.id)}
        rowSelection={selection}
        onRowSelectionChange={onSelectionChange}
        renderDetail={(order) => <LicenceDetail order={order} />}
        isLoading={orders.isPending}
        emptyText="No licences"
      />
    </section>
  );
}
