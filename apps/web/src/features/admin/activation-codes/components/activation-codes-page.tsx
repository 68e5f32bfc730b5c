import type { UnassignedOrder } from '@store/contracts/order';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../../../components/data-table/data-table';
import { initialTableQuery, toListSearch } from '../../../../components/data-table/table-query';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { ErrorAlert } from '../../../../components/error-alert';
import { formatDateTime } from '../../shared/format-date';
import { deleteColumn } from '../../shared/row-action-columns';
import { useDeleteCodeMutation, useOpenCodesPage } from '../api/activation-codes-api';
import { CreateBatchForm } from './create-batch-form';
import { DownloadBatchForm } from './download-batch-form';
import { adminPaths } from '../../shared/admin-paths';

/** The codes not yet redeemed, paged, sorted and filtered by the server, each with X (delete). */
function OpenCodesTable() {
  const [query, setQuery] = useState(initialTableQuery);
  const codes = useOpenCodesPage(toListSearch(query));
  const { mutate: deleteCode, error: deleteError } = useDeleteCodeMutation();

  const columns = useMemo<ColumnDef<UnassignedOrder>[]>(
    () => [
      // Sized to fit a 1280-pixel screen whole (the key is 36 characters).
      { accessorKey: 'id', header: 'id', size: 80 },
      { accessorKey: 'activationKey', header: 'activation key', size: 330 },
      { id: 'productName', accessorFn: (code) => code.productName ?? '', header: 'product', size: 140 },
      { accessorKey: 'distributorName', header: 'distributor', size: 170 },
      { accessorKey: 'batchNumber', header: 'batch', size: 90 },
      {
        accessorKey: 'creationDate',
        header: 'created',
        size: 190,
        cell: ({ row }) => <time dateTime={row.original.creationDate}>{formatDateTime(row.original.creationDate)}</time>,
      },
      deleteColumn({
        label: (code) => `Delete activation code ${code.activationKey}`,
        confirmText: (code) =>
          `Delete the activation code ${code.activationKey} (batch ${code.batchNumber}, ${code.distributorName})? It can no longer be redeemed.`,
        onDelete: (code) => deleteCode(code.id),
        size: 60,
      }),
    ],
    [deleteCode],
  );

  return (
    <section className="mt-4" aria-labelledby="open-codes-heading">
      <h2 id="open-codes-heading" className="h5">
        Unassigned licences
      </h2>
      <ErrorAlert error={deleteError} className="mb-3" />
      <DataTable
        label="Unassigned licences"
        columns={columns}
        data={codes.data?.rows ?? []}
        server={{ total: codes.data?.total ?? 0, query, onQueryChange: setQuery }}
        getRowId={(code) => String(code.id)}
        isLoading={codes.isFetching}
        emptyText="No unassigned licences"
      />
    </section>
  );
}

/** /admin/orders: activation codes for distributors: create a batch, download a batch, the unredeemed codes. */
export function ActivationCodesPage() {
  useDocumentTitle('Activation Codes');
  const [createdBatch, setCreatedBatch] = useState<number>();
  return (
    <main className="admin-screen">
      <h1 className="h3 mb-3">Activation Codes</h1>
      <p>
        <Link to={adminPaths.batches}>Batches: redemptions, CSV downloads and voiding</Link>
      </p>
      <div className="row g-4">
        <div className="col-lg-7">
          <CreateBatchForm onCreated={setCreatedBatch} />
        </div>
        <div className="col-lg-5">
          <DownloadBatchForm suggestedBatch={createdBatch} />
        </div>
      </div>
      <OpenCodesTable />
    </main>
  );
}
