import { Link } from 'react-router';
import { paths } from '../config/paths';
import { useCurrentUser } from '../lib/use-current-user';

/**
 * The way on after a licence was mailed to `email` (decision 037): a signed-in customer goes to their licences (and
 * is told when the licence belongs to another address); anyone else learns how to sign in: a new customer sets a
 * password from the link in the mail, a returning one logs in.
 */
export function AccountNextStep({ email }: { email: string }) {
  const user = useCurrentUser();
  if (user) {
    const isOtherAddress = email !== '' && user.name.toLowerCase() !== email.toLowerCase();
    return (
      <>
        {isOtherAddress && (
          <p data-testid="other-address">
            The licence belongs to {email}, not to {user.name}: log in with {email} to see it.
          </p>
        )}
        <Link to={paths.userArea} className="btn btn-primary">
          Go to your licences and downloads
        </Link>
      </>
    );
  }
  return (
    <>
      <p data-testid="sign-in-way">
        <strong>New customer?</strong> The mail holds a link to set your password: it opens your account, where your licences and the
        installers are. <strong>Already a customer?</strong> Log in with {email || 'your email address'}.
      </p>
      <Link to={paths.login} className="btn btn-primary">
        Log in
      </Link>
    </>
  );
}
