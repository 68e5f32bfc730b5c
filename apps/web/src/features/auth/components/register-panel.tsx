import { zodResolver } from '@hookform/resolvers/zod';
import type { CurrentUser } from '@store/contracts/auth';
import { registerForm, type RegisterForm } from '@store/contracts/forms';
import { messages } from '@store/contracts/messages';
import { useForm } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { errorText } from '../../../lib/api-client';
import { useRegisterMutation } from '../api/register';
import { FormSubmit } from '../../../components/form-submit';

type RegisterPanelProps = { onSignedIn: (user: CurrentUser) => void };

/** Register: email, password and repeat; a failure shows the server's text on the repeat field (spec §8). */
export function RegisterPanel({ onSignedIn }: RegisterPanelProps) {
  const registerAccount = useRegisterMutation();
  const { register, handleSubmit, setError, formState } = useForm<RegisterForm>({
    resolver: zodResolver(registerForm),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '', password: '', repeatPassword: '' },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    try {
      onSignedIn(await registerAccount.mutateAsync(values));
    } catch (error) {
      setError('repeatPassword', { type: 'server', message: `${errorText(error)}${messages.registerFailedSuffix}` });
    }
  });

  return (
    <section aria-labelledby="register-heading">
      <h2 id="register-heading" className="h3 mb-3">
        Register
      </h2>
      <form onSubmit={submit} noValidate>
        <FormField
          id="register-email"
          label="Email"
          type="email"
          autoComplete="email"
          registration={register('email')}
          error={errors.email?.message}
        />
        <FormField
          id="register-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          registration={register('password')}
          error={errors.password?.message}
        />
        <FormField
          id="register-repeat-password"
          label="Repeat Password"
          type="password"
          autoComplete="new-password"
          registration={register('repeatPassword')}
          error={errors.repeatPassword?.message}
        />
        <FormSubmit label="REGISTER" isPending={isSubmitting} />
      </form>
    </section>
  );
}
