import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../config/paths';
import { isAdminUser, isStaffUser } from '../lib/use-current-user';
import { useUserAtNavigation } from '../lib/use-user-at-navigation';

type RequireUserProps = { children: ReactNode; isAdminOnly?: boolean; isStaffOnly?: boolean };

/** Sends visitors without a (suitable) signed-in user to /login, replacing the history entry. */
export function RequireUser({ children, isAdminOnly = false, isStaffOnly = false }: RequireUserProps) {
  const user = useUserAtNavigation();
  if (!user || (isAdminOnly && !isAdminUser(user)) || (isStaffOnly && !isStaffUser(user))) return <Navigate to={paths.login} replace />;
  return children;
}
