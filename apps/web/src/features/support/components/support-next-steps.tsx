import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/use-current-user';

/** Below "Support request sent." (decision 037): where the answer goes, and the way on. */
export function SupportNextSteps({ email }: { email: string }) {
  const user = useCurrentUser();
  return (
    <div data-testid="next-steps">
      <p>
        We will answer by mail at <strong>{email}</strong>.
      </p>
      {user ? (
        <Link to={paths.userArea} className="btn btn-primary">
          Go to your licences and downloads
        </Link>
      ) : (
        <Link to={paths.home} className="btn btn-primary">
          Back to the home page
        </Link>
      )}
    </div>
  );
}
