import type { CurrentUser } from '@store/contracts/auth';
import { useLocation, useNavigate } from 'react-router';
import { landingPathOf, returnPathOf } from '../../../lib/landing-path';
import { logIn } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LoginPanel } from './login-panel';
import { RegisterPanel } from './register-panel';

/**
 * /login/: Login and Register side by side, stacked on small screens (spec §2). Staff sent here from a back-office
 * screen (the history state's `from`) return to it.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const returnPath = returnPathOf(useLocation().state);
  useDocumentTitle('Login');

  const handleSignedIn = (user: CurrentUser) => {
    logIn(user);
    void navigate(landingPathOf(user, returnPath), { replace: true });
  };

  return (
    <main className="container py-4">
      <h1 className="visually-hidden">Login or register</h1>
      {/* gx-4: its negative margins stay within the container's padding, so a 375 px phone does not scroll sideways. */}
      <div className="row gx-4 gy-5">
        <div className="col-md-6">
          <LoginPanel onSignedIn={handleSignedIn} />
        </div>
        <div className="col-md-6">
          <RegisterPanel onSignedIn={handleSignedIn} />
        </div>
      </div>
    </main>
  );
}
