import '../../../styles/forms.scss';
import { supportForm } from '@store/contracts/forms';
import { messages, supportFailed } from '@store/contracts/messages';
import { useNavigate, useSearchParams } from 'react-router';
import { FormField } from '../../../components/form-field';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import type { MessageState } from '../../../lib/message-state';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUserAtNavigation } from '../../../lib/use-user-at-navigation';
import { useOwnProductNames } from '../api/get-own-products';
import { useSupportRequestMutation } from '../api/send-support-request';
import { FormSubmit } from '../../../components/form-submit';
import { useSchemaForm } from '../../../lib/use-schema-form';

const DESCRIPTION_ID = 'support-problem-description';
const PRODUCTS_ID = 'support-own-products';

/** The confirmation: the specification's words, then the request's number and where its copy went. */
const sentMessage = (requestId: number, email: string) =>
  `${messages.supportSent} Your request number is #${requestId}; a confirmation was mailed to ${email}.`;

/**
 * /contactsupport and /support (spec §2, DESIGN §9): a support request. Success goes to /messageview with
 * "Support request sent."; a failure shows "Error: Please try again later! {message}" (spec §8).
 * A product page may link here with `?product=Name` to fill in the product.
 */
export function SupportPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  useDocumentTitle('Support');
  const sendRequest = useSupportRequestMutation();
  // A signed-in customer: the address is theirs and their products are offered (the field stays free text).
  const user = useUserAtNavigation();
  const customerEmail = user && !user.role && user.name !== 'admin' ? user.name : '';
  const ownProducts = useOwnProductNames(customerEmail);
  const { register, handleSubmit, setError, clearErrors, formState, fieldOf } = useSchemaForm(supportForm, {
    defaultValues: { email: customerEmail, productName: searchParams.get('product') ?? '', operatingSystem: '', problemDescription: '' },
  });
  const { errors, isSubmitting } = formState;
  const descriptionError = errors.problemDescription?.message;

  const submit = handleSubmit(async (values) => {
    clearErrors('root.server');
    try {
      const { requestId } = await sendRequest.mutateAsync(values);
      const state: MessageState = { message: sentMessage(requestId, values.email), next: { kind: 'support', email: values.email } };
      void navigate(paths.messageView, { state });
    } catch (error) {
      setError('root.server', { type: 'server', message: supportFailed(errorText(error)) });
    }
  });

  return (
    <main className="container py-4">
      <div className="row">
        <div className="col-md-10 col-lg-8">
          <h1 className="h3 mb-3">Support request</h1>
          <form onSubmit={submit} noValidate>
            <FormField id="support-email" label="Email" type="email" autoComplete="email" {...fieldOf('email')} />
            <FormField
              id="support-product-name"
              label="Product Name"
              {...fieldOf('productName')}
              list={ownProducts.data && ownProducts.data.length > 0 ? PRODUCTS_ID : undefined}
            />
            {ownProducts.data && ownProducts.data.length > 0 && (
              <datalist id={PRODUCTS_ID} data-testid="support-own-products">
                {ownProducts.data.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
            )}
            <FormField id="support-operating-system" label="Operating System and Host Software" {...fieldOf('operatingSystem')} />
            <div className="mb-3">
              <label htmlFor={DESCRIPTION_ID} className="form-label">
                Problem Description
              </label>
              <textarea
                id={DESCRIPTION_ID}
                rows={8}
                className={descriptionError ? 'form-control is-invalid' : 'form-control'}
                aria-invalid={descriptionError ? true : undefined}
                aria-describedby={descriptionError ? `${DESCRIPTION_ID}-error` : undefined}
                {...register('problemDescription')}
              />
              {descriptionError && (
                <div id={`${DESCRIPTION_ID}-error`} className="invalid-feedback">
                  {descriptionError}
                </div>
              )}
            </div>
            {errors.root?.server && (
              <div className="alert alert-danger" role="alert">
                {errors.root.server.message}
              </div>
            )}
            <FormSubmit label="SEND" isPending={isSubmitting} />
          </form>
        </div>
      </div>
    </main>
  );
}
