import type { CurrentUser } from '@store/contracts/auth';
import type { LoginRow } from './auth.repository.js';

/** The answer of a login: the user the client keeps (spec §3), with the session's token. */
export const toCurrentUser = (login: LoginRow, session: { token: string; expiresAt: Date }): CurrentUser => ({
  name: login.login_name,
  token: session.token,
  isAdmin: login.is_admin,
  ...(login.role === 'customer' ? {} : { role: login.role }),
  expiresAt: session.expiresAt.toISOString(),
});
