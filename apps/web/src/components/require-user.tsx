import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { loginStateReturningTo } from '../lib/landing-path';
import { useUserAtNavigation } from '../lib/use-user-at-navigation';

/**
 * Sends visitors without a signed-in user to /login, replacing the history entry; the login can return staff to
 * the back-office screen asked for (lib/landing-path.ts). Whether a signed-in user may open a back-office screen is
 * the server's to say (decision 033), not the role's on the client.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const user = useUserAtNavigation();
  const location = useLocation();
  if (!user) return <Navigate to={paths.login} replace state={loginStateReturningTo(location)} />;
  return children;
}
