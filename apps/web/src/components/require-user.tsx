import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../config/paths';
import { useUserAtNavigation } from '../lib/use-user-at-navigation';

/**
 * Sends visitors without a signed-in user to /login, replacing the history entry. Whether a signed-in user may open
 * a back-office screen is the server's to say (decision 033), not the role's on the client.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const user = useUserAtNavigation();
  if (!user) return <Navigate to={paths.login} replace />;
  return children;
}
