import { zodResolver } from '@hookform/resolvers/zod';
import { adminTransferForm, type AdminTransferForm } from '@store/contracts/forms';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '../../../../components/form-field';
import { FormSubmit } from '../../../../components/form-submit';
import { useTransferOrdersMutation } from '../api/orders-api';

type TransferFormProps = { orderIds: number[]; onTransferred: () => void };

/** "Transfer license": the new owner's email and full name; acts on the licences ticked in the table. */
export function TransferForm({ orderIds, onTransferred }: TransferFormProps) {
  const transfer = useTransferOrdersMutation();
  const [notice, setNotice] = useState('');
  const { register, handleSubmit, formState, setError, reset } = useForm<AdminTransferForm>({
    resolver: zodResolver(adminTransferForm),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
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
              <FormField
                id="transfer-email"
                label="New owner email"
                type="email"
                registration={register('newOwnerEmail')}
                error={errors.newOwnerEmail?.message}
              />
            </div>
            <div className="col-md-6">
              <FormField
                id="transfer-name"
                label="New owner full name"
                registration={register('newOwnerName')}
                error={errors.newOwnerName?.message}
              />
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
