import { adminNewOrderForm } from '@store/contracts/forms';
import { useAdminProducts } from '../../shared/products-api';
import { useCreateOrderMutation } from '../api/orders-api';
import { FormSubmit } from '../../../../components/form-submit';
import { useSchemaForm } from '../../../../lib/use-schema-form';
import { SelectField } from '../../../../components/form-field';

/** "New order/license": the product and NEW ORDER; the licences reload afterwards (§4). */
export function NewOrderForm({ personId }: { personId: number }) {
  const products = useAdminProducts();
  const createOrder = useCreateOrderMutation();
  const { handleSubmit, fieldOf } = useSchemaForm(adminNewOrderForm, {
    defaultValues: { productId: '' },
  });

  const submit = handleSubmit(async (values) => {
    await createOrder.mutateAsync({ productId: Number(values.productId), personId }).catch(() => undefined);
  });

  return (
    <section className="card h-100" aria-labelledby="new-order-heading">
      <div className="card-body">
        <h2 id="new-order-heading" className="h5 card-title">
          New order/license
        </h2>
        <form onSubmit={submit} noValidate>
          <SelectField id="new-order-product" label="Product" {...fieldOf('productId')}>
            <option value="">Select a product…</option>
            {products.data
              ?.filter((product) => !product.isBundle)
              .map((product) => (
                <option key={product.id} value={product.id}>
                  {product.name}
                </option>
              ))}
          </SelectField>
          <FormSubmit label="NEW ORDER" isPending={createOrder.isPending} error={createOrder.error} />
        </form>
      </div>
    </section>
  );
}
