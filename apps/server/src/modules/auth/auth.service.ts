import type { CurrentUser } from '@store/contracts/auth';
import { withTransaction, type Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { checkRateLimit, hitRateLimit, rateLimits } from '../../lib/rate-limit.js';
import { enqueueMail } from '../../mail/outbox.js';
import { passwordResetMail } from '../../mail/templates.js';
import { findOrCreatePersonByEmail } from '../person/person.repository.js';
import * as repository from './auth.repository.js';
import { generatePassword, getDecoyHash, hashPassword, verifyPassword } from './password.js';

const toCurrentUser = (login: repository.LoginRow, session: { token: string; expiresAt: Date }): CurrentUser => ({
  name: login.login_name,
  token: session.token,
  isAdmin: login.is_admin,
  expiresAt: session.expiresAt.toISOString(),
});

/** Checks the credentials (the current password, or a requested one not yet expired) and opens a session. */
export async function logIn(options: { db: Db; username: string; password: string; ip: string }): Promise<CurrentUser> {
  const { db, username, password, ip } = options;
  await checkRateLimit(db, rateLimits.loginFailuresPerAddress, username);
  await hitRateLimit(db, rateLimits.loginPerIp, ip);

  const login = await repository.findLoginByName(db, username);
  const isCurrentPassword = await verifyPassword(login?.password_hash ?? (await getDecoyHash()), password);
  const isPendingPassword =
    !isCurrentPassword &&
    login?.pending_password_hash != null &&
    login.pending_password_expires != null &&
    login.pending_password_expires > new Date() &&
    (await verifyPassword(login.pending_password_hash, password));

  if (!login || (!isCurrentPassword && !isPendingPassword)) {
    await hitRateLimit(db, rateLimits.loginFailuresPerAddress, username).catch(() => undefined);
    throw new AppError('unauthorized', 'Wrong email or password');
  }
  if (isPendingPassword) {
    // First use of a requested password makes it the password.
    await repository.setPassword(db, login.id, login.pending_password_hash!);
  }
  return toCurrentUser(login, await repository.createSession(db, login.id));
}

/** Creates a customer login (linked to the person with that email, created if needed) and logs it in. */
export async function register(options: { db: Db; email: string; password: string; ip: string }): Promise<CurrentUser> {
  const { db, email, password, ip } = options;
  await hitRateLimit(db, rateLimits.registerPerIp, ip);
  await hitRateLimit(db, rateLimits.registerPerAddress, email);
  const passwordHash = await hashPassword(password);
  return withTransaction(db, async (client) => {
    const person = await findOrCreatePersonByEmail(client, { email });
    const login = await repository.insertLogin(client, {
      loginName: email,
      passwordHash,
      personId: person.id,
      isAdmin: false,
    });
    if (!login) throw new AppError('conflict', 'This email address is already registered.');
    return toCurrentUser(login, await repository.createSession(client, login.id));
  });
}

/**
 * Mails a new random password. The old one keeps working until the new one is used or expires (24 h), so
 * nobody can lock a customer out; the answer is the same whether or not the address has a login.
 */
export async function requestPassword(options: { db: Db; email: string; ip: string; siteUrl?: string }): Promise<void> {
  const { db, email, ip } = options;
  await hitRateLimit(db, rateLimits.passwordRequestPerIp, ip);
  await hitRateLimit(db, rateLimits.passwordRequestPerAddress, email);
  // Hashed before the address is looked up: an unknown address takes as long to answer as a known one.
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const login = await repository.findLoginByName(db, email);
  if (!login || login.is_admin) return;
  await withTransaction(db, async (client) => {
    await repository.setPendingPassword(client, login.id, passwordHash);
    await enqueueMail(client, passwordResetMail({ to: login.login_name, password, siteUrl: options.siteUrl }));
  });
}

/** Sets a new password and ends every other session of that login. */
export async function changePassword(options: { db: Db; loginId: number; token: string; newPassword: string }) {
  const passwordHash = await hashPassword(options.newPassword);
  await withTransaction(options.db, async (client) => {
    await repository.setPassword(client, options.loginId, passwordHash);
    await repository.deleteOtherSessions(client, options.loginId, options.token);
  });
}

/** Ends the session of this token. */
export const logOut = (options: { db: Db; token: string }) => repository.deleteSession(options.db, options.token);

/** Removes the login of this email and its sessions; the person and their licences stay. */
export async function deleteLogin(options: { db: Db; email: string }): Promise<void> {
  const deleted = await repository.deleteLoginByName(options.db, options.email);
  if (deleted === 0) throw new AppError('notFound', 'This person has no login.');
}
