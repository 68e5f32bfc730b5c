import type { ActivationBatch } from '@store/contracts/batch';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { DataTable } from '../../../../components/data-table/data-table';
import { downloadTextFile } from '../../../../lib/download-text-file';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { ErrorAlert } from '../../../../components/error-alert';
import { formatDateTime } from '../../shared/format-date';
import { actionColumn, hiddenHeader } from '../../shared/row-action-columns';
import { useBatches, useDownloadBatchFileMutation, useVoidBatchMutation } from '../api/batches-api';
import { BatchCodes } from './batch-codes';
import { SendButton } from '../../../../components/send-button';

/** /admin/batches: distributor batches as objects: counts, TXT and CSV downloads, voiding, each code's redemption. */
export function BatchesPage() {
  useDocumentTitle('Batches');
  const batches = useBatches();
  const download = useDownloadBatchFileMutation();
  const voidBatch = useVoidBatchMutation();
  const [notice, setNotice] = useState('');

  const columns = useMemo<ColumnDef<ActivationBatch>[]>(() => {
    const save = (batch: ActivationBatch, format: 'txt' | 'csv') =>
      download.mutate(
        { batch: batch.batchNumber, format },
        {
          onSuccess: (text) =>
            downloadTextFile(format === 'txt' ? `${batch.productName}.txt` : `${batch.productName}-batch-${batch.batchNumber}.csv`, text),
        },
      );
    const askToVoid = (batch: ActivationBatch) => {
      const open = batch.codes - batch.redeemed - batch.voided;
      const question = `Void the ${open} unredeemed codes of batch ${batch.batchNumber} (${batch.productName}, ${batch.distributorName})? They can no longer be redeemed. The ${batch.redeemed} redeemed codes stay licences.`;
      if (!window.confirm(question)) return;
      setNotice('');
      voidBatch.mutate(batch.batchNumber, {
        onSuccess: ({ voided }) => setNotice(`${voided} codes of batch ${batch.batchNumber} voided.`),
      });
    };
    return [
      {
        id: 'expand',
        ...actionColumn,
        header: hiddenHeader('Show codes'),
        size: 56,
        cell: ({ row }) => (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-expanded={row.getIsExpanded()}
            aria-label={`Codes of batch ${row.original.batchNumber}`}
            onClick={row.getToggleExpandedHandler()}
          >
            {row.getIsExpanded() ? '−' : '+'}
          </button>
        ),
      },
      { accessorKey: 'batchNumber', header: 'Batch', size: 90 },
      { accessorKey: 'productName', header: 'Product', size: 150 },
      { accessorKey: 'distributorName', header: 'Distributor', size: 200 },
      {
        accessorKey: 'creationDate',
        header: 'Created',
        size: 190,
        cell: ({ row }) => <time dateTime={row.original.creationDate}>{formatDateTime(row.original.creationDate)}</time>,
      },
      { accessorKey: 'codes', header: 'Codes', size: 90 },
      { accessorKey: 'redeemed', header: 'Redeemed', size: 110 },
      { accessorKey: 'voided', header: 'Voided', size: 100 },
      {
        id: 'actions',
        ...actionColumn,
        header: hiddenHeader('Actions'),
        size: 250,
        cell: ({ row }) => {
          const batch = row.original;
          const hasOpenCodes = batch.codes - batch.redeemed - batch.voided > 0;
          return (
            <div className="d-flex gap-1">
              <button
                type="button"
                className="btn btn-sm btn-outline-primary"
                aria-label={`Download batch ${batch.batchNumber} as TXT`}
                onClick={() => save(batch, 'txt')}
              >
                TXT
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-primary"
                aria-label={`Download batch ${batch.batchNumber} as CSV`}
                onClick={() => save(batch, 'csv')}
              >
                CSV
              </button>
              <SendButton
                type="button"
                className="btn btn-sm btn-outline-danger"
                isPending={voidBatch.isPending}
                isDisabled={!hasOpenCodes}
                aria-label={`Void the unredeemed codes of batch ${batch.batchNumber}`}
                onClick={() => askToVoid(batch)}
              >
                Void unredeemed
              </SendButton>
            </div>
          );
        },
      },
    ];
  }, [download, voidBatch]);

  return (
    <main className="admin-screen">
      <h1 className="h3 mb-3">Batches</h1>
      {notice && (
        <p className="alert alert-success" role="status">
          {notice}
        </p>
      )}
      <ErrorAlert error={download.error ?? voidBatch.error} className="mb-3" />
      <DataTable
        label="Batches"
        columns={columns}
        data={batches.data ?? []}
        getRowId={(batch) => String(batch.batchNumber)}
        isLoading={batches.isPending}
        renderDetail={(batch) => <BatchCodes batchNumber={batch.batchNumber} />}
        emptyText="No batches"
      />
    </main>
  );
}
