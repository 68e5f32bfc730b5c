import type { BackOfficeScreen } from '@store/contracts/staff';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { PageFallback } from '../../../components/page-fallback';
import { paths } from '../../../config/paths';
import { ApiError, errorText } from '../../../lib/api-client';
import { loginStateReturningTo } from '../../../lib/landing-path';
import { isStaffUser, useCurrentUser } from '../../../lib/use-current-user';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUserAtNavigation } from '../../../lib/use-user-at-navigation';
import { useScreenAccess } from './screen-access-api';
import { SessionNotice } from './session-notice';

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
 * from the role on the client. 403 shows "not permitted"; only 401 (the session is gone) leads to the login, which
 * returns to this screen. Once shown, the screen stays mounted, its unsaved work with it: an ended session or a
 * login change in another tab is said above it (review 2026-11-28, web client, finding 1).
 */
export function ScreenAccess({ screen, children }: { screen: BackOfficeScreen; children: ReactNode }) {
  const userAtEntry = useUserAtNavigation();
  const access = useScreenAccess(screen, userAtEntry?.name ?? '');
  const location = useLocation();
  // The router keeps this component when another back-office route is opened, so the screen is remembered by name.
  const [openedScreen, setOpenedScreen] = useState<BackOfficeScreen>();
  if (access.isSuccess && openedScreen !== screen) setOpenedScreen(screen);
  if (access.isSuccess || openedScreen === screen) {
    return (
      <>
        <SessionNotice userAtEntry={userAtEntry} accessError={access.error} />
        {children}
      </>
    );
  }
  if (access.isPending) return <PageFallback />;
  const { error } = access;
  if (error instanceof ApiError && error.status === 401)
    return <Navigate to={paths.login} replace state={loginStateReturningTo(location)} />;
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
