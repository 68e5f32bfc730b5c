import { batchFileName } from '@store/contracts/constants';
import { batchDownloadForm } from '@store/contracts/forms';
import { useEffect } from 'react';
import { FormField } from '../../../../components/form-field';
import { downloadTextFile } from '../../../../lib/download-text-file';
import { useDownloadBatchMutation } from '../api/activation-codes-api';
import { FormSubmit } from '../../../../components/form-submit';
import { useSchemaForm } from '../../../../lib/use-schema-form';

/** Download a batch by its number, saved as `{product}.txt`. */
export function DownloadBatchForm({ suggestedBatch }: { suggestedBatch: number | undefined }) {
  const download = useDownloadBatchMutation();
  const { handleSubmit, setValue, fieldOf } = useSchemaForm(batchDownloadForm, {
    defaultValues: { batchNumber: '' },
  });

  // A batch just created is the one most likely to be downloaded next.
  useEffect(() => {
    if (suggestedBatch !== undefined) setValue('batchNumber', String(suggestedBatch));
  }, [suggestedBatch, setValue]);

  const submit = handleSubmit(async ({ batchNumber }) => {
    const batch = await download.mutateAsync(batchNumber).catch(() => undefined);
    if (batch) downloadTextFile(batchFileName(batch.productName), batch.text);
  });

  return (
    <section className="card h-100" aria-labelledby="download-codes-heading">
      <div className="card-body">
        <h2 id="download-codes-heading" className="h5 card-title">
          Download a batch
        </h2>
        <form onSubmit={submit} noValidate>
          <FormField id="download-batch" label="Batch number" {...fieldOf('batchNumber')} />
          <FormSubmit label="DOWNLOAD" isPending={download.isPending} error={download.error} />
        </form>
      </div>
    </section>
  );
}
