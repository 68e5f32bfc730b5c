import { unassignedCreateForm } from '@store/contracts/forms';
import { FormField, SelectField } from '../../../../components/form-field';
import { useAdminProducts } from '../../shared/products-api';
import { useCreateBatchMutation } from '../api/activation-codes-api';
import { FormSubmit } from '../../../../components/form-submit';
import { useSchemaForm } from '../../../../lib/use-schema-form';

/** Create activation keys for a distributor: product, distributor and how many ("Required"); shows the batch. */
export function CreateBatchForm({ onCreated }: { onCreated: (batchNumber: number) => void }) {
  const products = useAdminProducts();
  const createBatch = useCreateBatchMutation();
  const { handleSubmit, fieldOf } = useSchemaForm(unassignedCreateForm, {
    defaultValues: { ProductName: '', DistributorName: '', NumberOfOrders: '' },
  });

  const submit = handleSubmit(async (values) => {
    const batch = await createBatch.mutateAsync(values).catch(() => undefined);
    if (batch) onCreated(batch.batchNumber);
  });

  return (
    <section className="card h-100" aria-labelledby="create-codes-heading">
      <div className="card-body">
        <h2 id="create-codes-heading" className="h5 card-title">
          Create activation keys for a distributor
        </h2>
        <form onSubmit={submit} noValidate>
          <SelectField id="codes-product" label="Product" {...fieldOf('ProductName')}>
            <option value="">Select a product…</option>
            {products.data
              ?.filter((product) => !product.isBundle)
              .map((product) => (
                <option key={product.id} value={product.name}>
                  {product.name}
                </option>
              ))}
          </SelectField>
          <FormField id="codes-distributor" label="Distributor" {...fieldOf('DistributorName')} />
          <FormField id="codes-count" label="How many" {...fieldOf('NumberOfOrders')} />
          <FormSubmit label="CREATE" isPending={createBatch.isPending} error={createBatch.error} />
        </form>
        {createBatch.data && (
          <p className="alert alert-success mt-3 mb-0" role="status">
            Created {createBatch.data.count} activation keys. Batch number:{' '}
            <strong data-testid="batch-number">{createBatch.data.batchNumber}</strong>
          </p>
        )}
      </div>
    </section>
  );
}
