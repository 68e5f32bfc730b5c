import { activationForm } from '@store/contracts/forms';
import { activationFailed, activationThanks } from '@store/contracts/messages';
import { useNavigate, useSearchParams } from 'react-router';
import { FormField } from '../../../components/form-field';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import type { MessageState } from '../../../lib/message-state';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useActivationMutation } from '../api/redeem-activation';
import { activationTitle } from '../activation-title';
import { FormSubmit } from '../../../components/form-submit';
import { useSchemaForm } from '../../../lib/use-schema-form';

/**
 * /activate (no login): redeems a retailer's activation key (spec §2). Success goes to /messageview with the
 * thanks; a failure shows "Error: {server message}" on the first name field (spec §8).
 */
export function ActivationPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const title = activationTitle(searchParams.get('product'));
  useDocumentTitle(title);
  const activate = useActivationMutation();
  const { handleSubmit, setError, formState, fieldOf } = useSchemaForm(activationForm, {
    defaultValues: { activationKey: '', email: '', confirmEmail: '', firstName: '', lastName: '' },
  });
  const { isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    try {
      const { productName } = await activate.mutateAsync(values);
      // The address as the customer typed it (spec: "We have sent the serial key to {email}").
      const state: MessageState = {
        message: activationThanks(values.email),
        next: { kind: 'activation', email: values.email, productName },
      };
      void navigate(paths.messageView, { state });
    } catch (error) {
      setError('firstName', { type: 'server', message: activationFailed(errorText(error)) }, { shouldFocus: true });
    }
  });

  return (
    <main className="container py-4">
      <div className="row">
        <div className="col-md-8 col-lg-6">
          <h1 className="h3 mb-3">{title}</h1>
          <form onSubmit={submit} noValidate>
            <FormField id="activation-key" label="Activation Key" autoComplete="off" {...fieldOf('activationKey')} />
            <FormField id="activation-email" label="Email" type="email" autoComplete="email" {...fieldOf('email')} />
            <FormField id="activation-confirm-email" label="Confirm Email" type="email" autoComplete="email" {...fieldOf('confirmEmail')} />
            <FormField id="activation-first-name" label="First Name" autoComplete="given-name" {...fieldOf('firstName')} />
            <FormField id="activation-last-name" label="Last Name" autoComplete="family-name" {...fieldOf('lastName')} />
            <FormSubmit label="ACTIVATE" isPending={isSubmitting} />
          </form>
        </div>
      </div>
    </main>
  );
}
