import type { BackOfficeScreen } from '@store/contracts/staff';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { PageFallback } from '../../../components/page-fallback';
import { paths } from '../../../config/paths';
import { ApiError, errorText } from '../../../lib/api-client';
import { isStaffUser, useCurrentUser } from '../../../lib/use-current-user';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useScreenAccess } from './screen-access-api';

/**
 * A screen the server refuses the signed-in user (403): says so with the server's reason, and offers the way back
 * to where the user can work; the user stays signed in (decisions 022 and 033).
 */
function NotPermitted({ reason }: { reason: string }) {
  useDocumentTitle('Not permitted');
  const user = useCurrentUser();
  const wayBack = isStaffUser(user)
    ? { to: paths.adminPersons, label: 'Go to Persons' }
    : { to: paths.userArea, label: 'Go to your licences' };
  return (
    <main className="container py-4" aria-labelledby="not-permitted-heading">
      <h1 id="not-permitted-heading" className="h3 mb-3">
        Not permitted
      </h1>
      <p className="alert alert-warning" data-testid="not-permitted">
        {reason} You are signed in as {user?.name}, and this screen is not for your login.
      </p>
      <Link to={wayBack.to} className="btn btn-primary">
        {wayBack.label}
      </Link>
    </main>
  );
}

/**
 * Shows a back-office screen only when the server says the signed-in user may open it (decision 033): no guess
 * from the role on the client. 403 shows "not permitted"; only 401 (the session is gone) leads to the login.
 */
export function ScreenAccess({ screen, children }: { screen: BackOfficeScreen; children: ReactNode }) {
  const access = useScreenAccess(screen);
  if (access.isSuccess) return children;
  if (access.isPending) return <PageFallback />;
  const { error } = access;
  if (error instanceof ApiError && error.status === 401) return <Navigate to={paths.login} replace />;
  if (error instanceof ApiError && error.status === 403) return <NotPermitted reason={error.text} />;
  return (
    <main className="container py-4">
      <p className="alert alert-danger" role="alert">
        {errorText(error) || 'This screen could not be opened.'}
      </p>
      <button type="button" className="btn btn-outline-secondary" onClick={() => void access.refetch()}>
        Try again
      </button>
    </main>
  );
}
