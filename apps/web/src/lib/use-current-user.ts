import { ADMIN_USER_NAME } from '@store/contracts/constants';
import type { CurrentUser } from '@store/contracts/auth';
import { useSyncExternalStore } from 'react';
import { getCurrentUser, subscribeToSession } from './session';

/** The signed-in user, re-rendering when it changes. */
export function useCurrentUser(): CurrentUser | null {
  return useSyncExternalStore(subscribeToSession, getCurrentUser, () => null);
}

/**
 * The client's admin rule (spec §6: the name admin), widened to staff logins with the role "admin" (decision
 * 013). It only decides what the navbar shows; the server enforces roles.
 */
export const isAdminUser = (user: CurrentUser | null): boolean => user?.name === ADMIN_USER_NAME || user?.role === 'admin';

/** Any staff login: the administrators and "support" (persons, orders, mails, key resends). */
export const isStaffUser = (user: CurrentUser | null): boolean => isAdminUser(user) || user?.role === 'support';
