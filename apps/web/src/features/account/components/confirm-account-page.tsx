import type { ConfirmAccountResponse } from '@store/contracts/account';
import { accountPasswordForm } from '@store/contracts/forms';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { FormField } from '../../../components/form-field';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { landingPathOf } from '../../../lib/landing-path';
import { logIn } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { confirmAccount } from '../api/account-api';
import { FormSubmit } from '../../../components/form-submit';
import { useSchemaForm } from '../../../lib/use-schema-form';

type State = { kind: 'opening' } | { kind: 'failed'; message: string } | ConfirmAccountResponse;

/** The page's heading: a staff invitation's, a buyer's first sign-in (decision 053), or a confirmation. */
function headingOf(state: State): string {
  if (!('status' in state) || state.status !== 'passwordNeeded') return 'Confirm your email address';
  if (state.isStaffInvitation) return 'Your staff login';
  return state.hasLogin ? 'Confirm your email address' : 'Sign in to your account';
}

/**
 * /account/confirm/{token}: a link mailed at registration or with a purchase. In the browser of the login it was
 * sent for it confirms the address at once; anywhere else it asks for a password, which opens the account.
 */
export function ConfirmAccountPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { pathname } = location;
  // The link confirmed the address already in this history entry (Back to it, or a reload): its outcome, not the link again.
  const confirmedEmail = (location.state as { confirmedEmail?: string } | null)?.confirmedEmail;
  const [state, setState] = useState<State>(
    confirmedEmail === undefined ? { kind: 'opening' } : { status: 'confirmed', email: confirmedEmail },
  );
  const isOpened = useRef(confirmedEmail !== undefined);
  useDocumentTitle('Confirm your email address');

  useEffect(() => {
    // Once: the link is single-use, and a second call would find it spent.
    if (isOpened.current) return;
    isOpened.current = true;
    confirmAccount({ token }).then(
      (answer) => {
        setState(answer);
        // Kept with the history entry, so that Back or a reload shows the outcome instead of spending the link again.
        if (answer.status === 'confirmed') void navigate(pathname, { replace: true, state: { confirmedEmail: answer.email } });
      },
      (error: unknown) => setState({ kind: 'failed', message: errorText(error) }),
    );
  }, [token, navigate, pathname]);

  const { handleSubmit, setError, formState, fieldOf } = useSchemaForm(accountPasswordForm, {
    defaultValues: { password: '', repeatPassword: '' },
  });
  const submit = handleSubmit(async (values) => {
    try {
      const answer = await confirmAccount({ token, password: values.password });
      if (answer.status === 'confirmed' && answer.user) {
        logIn(answer.user);
        void navigate(landingPathOf(answer.user), { replace: true });
      }
    } catch (error) {
      setError('repeatPassword', { type: 'server', message: errorText(error) }, { shouldFocus: true });
    }
  });

  return (
    <main className="container py-4">
      {/* A buyer without a login opens the link of their licence mail: its words, "Sign in to your account" (decision 053). */}
      <h1 className="h3 mb-3">{headingOf(state)}</h1>
      {'kind' in state && state.kind === 'opening' && <p role="status">Checking the link…</p>}
      {'kind' in state && state.kind === 'failed' && (
        <p className="text-danger" role="alert">
          {state.message}
        </p>
      )}
      {'status' in state && state.status === 'confirmed' && (
        <p className="lead" role="status">
          Thank you: {state.email} is confirmed. <Link to={paths.userArea}>Go to your licences</Link>
        </p>
      )}
      {'status' in state && state.status === 'passwordNeeded' && (
        <form onSubmit={submit} noValidate className="row">
          <div className="col-md-8 col-lg-6">
            <p>
              {state.isStaffInvitation
                ? `Choose the password of your staff login, ${state.email}.`
                : state.hasLogin
                  ? `Choose a new password for ${state.email}. It replaces the old one, and every other session of the account ends.`
                  : `Choose a password for your account, ${state.email}.`}
            </p>
            <FormField id="account-password" label="Password" type="password" autoComplete="new-password" {...fieldOf('password')} />
            <FormField
              id="account-repeat-password"
              label="Repeat Password"
              type="password"
              autoComplete="new-password"
              {...fieldOf('repeatPassword')}
            />
            <FormSubmit label="SET PASSWORD" isPending={formState.isSubmitting} />
          </div>
        </form>
      )}
    </main>
  );
}
