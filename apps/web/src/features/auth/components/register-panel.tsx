import type { CurrentUser } from '@store/contracts/auth';
import { registerForm } from '@store/contracts/forms';
import { messages } from '@store/contracts/messages';
import { FormField } from '../../../components/form-field';
import { errorText } from '../../../lib/api-client';
import { useRegisterMutation } from '../api/register';
import { FormSubmit } from '../../../components/form-submit';
import { useSchemaForm } from '../../../lib/use-schema-form';

type RegisterPanelProps = { onSignedIn: (user: CurrentUser) => void };

/** Register: email, password and repeat; a failure shows the server's text on the repeat field (spec §8). */
export function RegisterPanel({ onSignedIn }: RegisterPanelProps) {
  const registerAccount = useRegisterMutation();
  const { handleSubmit, setError, formState, fieldOf } = useSchemaForm(registerForm, {
    defaultValues: { email: '', password: '', repeatPassword: '' },
  });
  const { isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    try {
      onSignedIn(await registerAccount.mutateAsync(values));
    } catch (error) {
      setError('repeatPassword', { type: 'server', message: `${errorText(error)}${messages.registerFailedSuffix}` }, { shouldFocus: true });
    }
  });

  return (
    <section aria-labelledby="register-heading">
      <h2 id="register-heading" className="h3 mb-3">
        Register
      </h2>
      <form onSubmit={submit} noValidate>
        <FormField id="register-email" label="Email" type="email" autoComplete="email" {...fieldOf('email')} />
        <FormField id="register-password" label="Password" type="password" autoComplete="new-password" {...fieldOf('password')} />
        <FormField
          id="register-repeat-password"
          label="Repeat Password"
          type="password"
          autoComplete="new-password"
          {...fieldOf('repeatPassword')}
        />
        <FormSubmit label="REGISTER" isPending={isSubmitting} />
      </form>
    </section>
  );
}
