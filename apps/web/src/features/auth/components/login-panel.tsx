import { zodResolver } from '@hookform/resolvers/zod';
import type { CurrentUser } from '@store/contracts/auth';
import { loginForm, type LoginForm } from '@store/contracts/forms';
import { messages } from '@store/contracts/messages';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FormField } from '../../../components/form-field';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { useLogInMutation } from '../api/log-in';

type LoginPanelProps = { onSignedIn: (user: CurrentUser) => void };

/** Login: email (or admin) and password; a failure shows the server's text on the password field (spec §8). */
export function LoginPanel({ onSignedIn }: LoginPanelProps) {
  const logIn = useLogInMutation();
  const { register, handleSubmit, setError, formState } = useForm<LoginForm>({
    resolver: zodResolver(loginForm),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    try {
      onSignedIn(await logIn.mutateAsync(values));
    } catch (error) {
      setError('password', { type: 'server', message: `${errorText(error)}${messages.loginFailedSuffix}` });
    }
  });

  return (
    <section aria-labelledby="login-heading">
      <h2 id="login-heading" className="h3 mb-3">
        Login
      </h2>
      <form onSubmit={submit} noValidate>
        <FormField
          id="login-email"
          label="Email"
          autoComplete="username"
          registration={register('username')}
          error={errors.username?.message}
        />
        <FormField
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password?.message}
        />
        <div className="d-flex flex-wrap align-items-center gap-3">
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            LOGIN
          </button>
          <Link to={paths.lostPassword}>Lost your password?</Link>
        </div>
      </form>
    </section>
  );
}
