import { SECOND_FACTOR_REQUIRED, type CurrentUser } from '@store/contracts/auth';
import { useRef, useState } from 'react';
import { loginForm } from '@store/contracts/forms';
import { messages } from '@store/contracts/messages';
import { Link } from 'react-router';
import { FormField } from '../../../components/form-field';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { useLogInMutation } from '../api/log-in';
import { FormSubmit } from '../../../components/form-submit';
import { useSchemaForm } from '../../../lib/use-schema-form';

type LoginPanelProps = { onSignedIn: (user: CurrentUser) => void };

/** Login: email (or admin) and password; a failure shows the server's text on the password field (spec §8). */
export function LoginPanel({ onSignedIn }: LoginPanelProps) {
  const logIn = useLogInMutation();
  const { handleSubmit, setError, formState, fieldOf } = useSchemaForm(loginForm, {
    defaultValues: { username: '', password: '' },
  });
  const { isSubmitting } = formState;
  // Asked for only when the server says the login uses two-factor login.
  const [otp, setOtp] = useState<string | null>(null);
  const [otpError, setOtpError] = useState('');
  const otpInput = useRef<HTMLInputElement>(null);
  // The code's failure is read out where the user is, as the password's (review 2026-11-28, web client, finding 5).
  const showOtpError = (text: string) => {
    setOtpError(text);
    otpInput.current?.focus();
  };

  const submit = handleSubmit(async (values) => {
    setOtpError('');
    try {
      onSignedIn(await logIn.mutateAsync({ ...values, ...(otp ? { otp } : {}) }));
    } catch (error) {
      const text = errorText(error);
      if (text === SECOND_FACTOR_REQUIRED) {
        setOtp('');
        if (otp !== null) showOtpError(text);
      } else if (otp !== null && otp !== '' && /code/i.test(text)) {
        showOtpError(text);
      } else {
        setError('password', { type: 'server', message: `${text}${messages.loginFailedSuffix}` }, { shouldFocus: true });
      }
    }
  });

  return (
    <section aria-labelledby="login-heading">
      <h2 id="login-heading" className="h3 mb-3">
        Login
      </h2>
      <form onSubmit={submit} noValidate>
        <FormField id="login-email" label="Email" autoComplete="username" {...fieldOf('username')} />
        <FormField id="login-password" label="Password" type="password" autoComplete="current-password" {...fieldOf('password')} />
        {otp !== null && (
          <div className="mb-3">
            <label htmlFor="login-otp" className="form-label">
              Authentication code
            </label>
            <input
              ref={otpInput}
              id="login-otp"
              className={otpError ? 'form-control is-invalid' : 'form-control'}
              inputMode="numeric"
              autoComplete="one-time-code"
              aria-describedby="login-otp-help"
              aria-invalid={otpError ? true : undefined}
              value={otp}
              onChange={(event) => setOtp(event.target.value)}
              autoFocus
            />
            <div id="login-otp-help" className={otpError ? 'invalid-feedback' : 'form-text'}>
              {otpError || 'The 6-digit code of your authenticator app, or a recovery code.'}
            </div>
          </div>
        )}
        <FormSubmit label="LOGIN" isPending={isSubmitting}>
          <Link to={paths.lostPassword}>Lost your password?</Link>
        </FormSubmit>
      </form>
    </section>
  );
}
