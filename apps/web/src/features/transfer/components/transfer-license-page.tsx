import { TRANSFER_TAG_KEY } from '@store/contracts/constants';
import { LICENSE_TRANSFER_PRODUCT, TRANSFER_FEE_TEXT } from '@store/contracts/constants';
import { transferPageForm } from '@store/contracts/forms';
import { transferPossibleFrom, transferTag, type UserProduct } from '@store/contracts/licence';
import { transferFailed } from '@store/contracts/messages';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { FormField } from '../../../components/form-field';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { ensureCheckoutLoaded, pushCheckoutSession } from '../../../lib/checkout/checkout-actions';
import { countCheckoutErrors, useCheckoutState } from '../../../lib/checkout/checkout-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUserAtNavigation } from '../../../lib/use-user-at-navigation';
import { useTransferLicence } from '../api/get-transfer-licence';
import { useTransferTokenMutation } from '../api/verify-order-for-transfer';
import { FormSubmit } from '../../../components/form-submit';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { warnOfCheckoutFailure } from '../../../lib/checkout/checkout-failure';

const formatDay = (date: Date) => new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(date);

/**
 * /transferlicense/{id} (spec §2, §4, DESIGN §5): the new owner's details; submitting asks the server for a
 * transfer token, then checks out the `licensetransfer` product with the tag token;orderId;email;first;last.
 * The webhook of the paid order moves the licence. Failures read "License transfer failed. ({message})".
 */
export function TransferLicensePage() {
  const { id = '' } = useParams();
  const requestToken = useTransferTokenMutation();
  const [failure, setFailure] = useState('');
  const [errorMark, setErrorMark] = useState(countCheckoutErrors);
  const { error: checkoutError } = useCheckoutState();
  const { register, handleSubmit, formState, fieldOf } = useSchemaForm(transferPageForm, {
    defaultValues: { email: '', confirmEmail: '', firstName: '', lastName: '', isUnderstood: false },
  });
  const { errors, isSubmitting } = formState;
  useDocumentTitle('Transfer License');
  const ownerEmail = useUserAtNavigation()?.name ?? '';
  const licence = useTransferLicence(ownerEmail, Number(id));
  const possibleFrom = licence.data ? transferPossibleFrom(licence.data.licenseActivationDate) : null;
  // Until the date, the page says when instead of offering a form the server would refuse.
  const isTooEarly = possibleFrom !== null && possibleFrom.getTime() > Date.now();

  useEffect(() => {
    // The checkout is needed on submit: load it while the form is filled in.
    ensureCheckoutLoaded().catch(warnOfCheckoutFailure);
  }, []);

  const submit = handleSubmit(async (values) => {
    setFailure('');
    setErrorMark(countCheckoutErrors());
    try {
      const token = await requestToken.mutateAsync(id);
      const { email, firstName, lastName } = values;
      const tag = transferTag({ token, orderId: Number(id), email, firstName, lastName });
      // One self-contained push (docs/fastspring-protocol.md §4.4): a fresh cart with only the transfer fee, its tag, then checkout.
      await pushCheckoutSession({
        reset: true,
        products: [{ path: LICENSE_TRANSFER_PRODUCT, quantity: 1 }],
        tags: { [TRANSFER_TAG_KEY]: tag },
        // The owner pays the fee: the checkout starts with their address, not the new owner's.
        paymentContact: { email: ownerEmail },
        checkout: true,
      });
    } catch (error) {
      setFailure(errorText(error));
    }
  });

  const shownFailure = failure || (checkoutError && checkoutError.sequence > errorMark ? checkoutError.text : '');
  return (
    <main className="container py-4">
      <h1 className="h3 mb-3">Transfer License</h1>
      <p>
        A transfer of this licence to a new owner costs {TRANSFER_FEE_TEXT}. It takes effect when the payment notification arrives, which
        takes a few minutes.
      </p>
      {licence.data && <LicenceSummary licence={licence.data} />}
      {isTooEarly && possibleFrom && (
        <div className="alert alert-info" data-testid="transfer-not-yet">
          This {licence.data?.name} licence can be transferred from{' '}
          <time dateTime={possibleFrom.toISOString()}>{formatDay(possibleFrom)}</time>, 30 days after you got it. Until then it stays yours.{' '}
          <Link to={paths.userArea}>Back to your account</Link>
        </div>
      )}
      <section aria-labelledby="transfer-owner-heading" className="transfer-form" hidden={isTooEarly}>
        <h2 id="transfer-owner-heading" className="h5 mb-3">
          New owner
        </h2>
        <form onSubmit={submit} noValidate>
          <FormField id="transfer-email" label="Email" type="email" autoComplete="off" {...fieldOf('email')} />
          <FormField id="transfer-confirm-email" label="Confirm Email" type="email" autoComplete="off" {...fieldOf('confirmEmail')} />
          <FormField id="transfer-first-name" label="First Name" autoComplete="off" {...fieldOf('firstName')} />
          <FormField id="transfer-last-name" label="Last Name" autoComplete="off" {...fieldOf('lastName')} />
          <div className="form-check mb-3">
            <input
              id="transfer-understood"
              type="checkbox"
              className={`form-check-input${errors.isUnderstood ? ' is-invalid' : ''}`}
              aria-invalid={errors.isUnderstood ? true : undefined}
              aria-describedby={errors.isUnderstood ? 'transfer-understood-error' : undefined}
              {...register('isUnderstood')}
            />
            <label className="form-check-label" htmlFor="transfer-understood">
              I understand that the transfer cannot be undone: the licence, its keys and its computers leave my account.
            </label>
            {errors.isUnderstood && (
              <div id="transfer-understood-error" className="invalid-feedback">
                {errors.isUnderstood.message}
              </div>
            )}
          </div>
          <FormSubmit label="TRANSFER LICENSE" isPending={isSubmitting} />
          {shownFailure && (
            <p className="text-danger mt-3" role="alert" data-testid="transfer-failure">
              {transferFailed(shownFailure)}
            </p>
          )}
        </form>
      </section>
    </main>
  );
}

/** What the transfer is about: the licence's product, when it was bought and the computers it will lose. */
function LicenceSummary({ licence }: { licence: UserProduct }) {
  const purchased = licence.purchaseDate ?? licence.licenseActivationDate;
  return (
    <section aria-labelledby="transfer-licence-heading" className="mb-4" data-testid="transfer-licence">
      <h2 id="transfer-licence-heading" className="h5 mb-2">
        Licence to transfer
      </h2>
      <dl className="row mb-0">
        <dt className="col-sm-3">Product</dt>
        <dd className="col-sm-9">{licence.name}</dd>
        <dt className="col-sm-3">Licence</dt>
        <dd className="col-sm-9">#{licence.orderId}</dd>
        <dt className="col-sm-3">Purchased</dt>
        <dd className="col-sm-9">
          <time dateTime={purchased}>{formatDay(new Date(purchased))}</time>
        </dd>
        <dt className="col-sm-3">Computers to be removed</dt>
        <dd className="col-sm-9">
          {licence.orderDevices.length === 0 ? (
            'none'
          ) : (
            <ul className="list-unstyled mb-0">
              {licence.orderDevices.map((device) => (
                <li key={device.id}>{device.deviceName}</li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
    </section>
  );
}
