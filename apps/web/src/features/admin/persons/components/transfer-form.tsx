import { adminTransferForm } from '@store/contracts/forms';
import { useState } from 'react';
import { FormField } from '../../../../components/form-field';
import { FormSubmit } from '../../../../components/form-submit';
import { useTransferOrdersMutation } from '../api/orders-api';
import { useSchemaForm } from '../../../../lib/use-schema-form';

type TransferFormProps = { orderIds: number[]; onTransferred: () => void };

/** "Transfer license": the new owner's email and full name; acts on the licences ticked in the table. */
export function TransferForm({ orderIds, onTransferred }: TransferFormProps) {
  const transfer = useTransferOrdersMutation();
  const [notice, setNotice] = useState('');
  const { handleSubmit, formState, setError, reset, fieldOf } = useSchemaForm(adminTransferForm, {
    defaultValues: { newOwnerEmail: '', newOwnerName: '' },
  });
  const { errors } = formState;

  const submit = handleSubmit(async (values) => {
    setNotice('');
    if (orderIds.length === 0) {
      setError('root', { message: 'Tick the licences to transfer in the table below.' });
      return;
    }
    try {
      const moved = await transfer.mutateAsync({ id: orderIds, ...values });
      setNotice(`${moved.length === 1 ? '1 licence' : `${moved.length} licences`} transferred to ${values.newOwnerEmail}.`);
      reset();
      onTransferred();
    } catch {
      // Shown by the error alert.
    }
  });

  return (
    <section className="card h-100" aria-labelledby="transfer-heading">
      <div className="card-body">
        <h2 id="transfer-heading" className="h5 card-title">
          Transfer license
        </h2>
        <form onSubmit={submit} noValidate>
          <div className="row g-3">
            <div className="col-md-6">
              <FormField id="transfer-email" label="New owner email" type="email" {...fieldOf('newOwnerEmail')} />
            </div>
            <div className="col-md-6">
              <FormField id="transfer-name" label="New owner full name" {...fieldOf('newOwnerName')} />
            </div>
          </div>
          <FormSubmit label="TRANSFER" isPending={transfer.isPending} notice={notice} error={transfer.error}>
            <span className="text-body-secondary small">
              {orderIds.length === 0 ? 'No licence ticked' : `${orderIds.length} ticked: ${orderIds.join(', ')}`}
            </span>
          </FormSubmit>
          {errors.root && <div className="text-danger mt-2">{errors.root.message}</div>}
        </form>
      </div>
    </section>
  );
}
