import { apiRequest } from '../../../lib/api-client';
import { getCurrentUser, logOut } from '../../../lib/session';

/**
 * LOGOUT: asks the server to revoke the token (best effort; the request carries the token taken before the user
 * is forgotten) and forgets the user at once.
 */
export function signOut(): void {
  if (getCurrentUser()) void apiRequest('POST', '/logout', { auth: true }).catch(() => undefined);
  logOut();
}
