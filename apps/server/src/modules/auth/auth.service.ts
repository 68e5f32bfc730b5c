import { SECOND_FACTOR_REQUIRED, type CurrentUser } from '@store/contracts/auth';
import { ADMIN_USER_NAME } from '@store/contracts/constants';
import { withTransaction, type Db, type Queryable } from '../../db/client.js';
import { AppError, conflict } from '../../lib/app-error.js';
import { ADDRESS_CALL_FLOOR_MS, withMinimumDuration } from '../../lib/minimum-duration.js';
import { addressSubject, hitRateLimit, rateLimits } from '../../lib/rate-limit.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { enqueueMail } from '../../mail/outbox.js';
import { passwordResetMail } from '../../mail/templates.js';
import { recordAudit } from '../audit/index.js';
import { findOrCreatePersonByEmail } from '../person/index.js';
import { deleteAccountLinksOf, deleteStaleAccountLinks } from './account-link.repository.js';
import { mailConfirmationLink } from './account-link.service.js';
import * as repository from './auth.repository.js';
import { checkCredentials, countFailure } from './credentials.js';
import { toCurrentUser } from './current-user.js';
import type { DeviceClaim } from './device-cookie.js';
import { generatePassword, hashPassword } from './password.js';
import { isTwoFactorEnabled } from './two-factor.repository.js';
import { verifySecondFactor } from './two-factor.service.js';

/**
 * Checks the credentials (the current password, or a mailed one not yet expired) and, for a login with
 * two-factor login on, the app's code; then opens a session. Logging in with a mailed password proves the
 * address, makes it the password and ends the login's other sessions.
 */
export async function logIn(options: {
  db: Db;
  secretBox: SecretBox;
  username: string;
  password: string;
  otp?: string | undefined;
  ip: string;
  device?: DeviceClaim | undefined;
}): Promise<CurrentUser> {
  const { db, username, ip } = options;
  const { login, isMailedPassword, knownCaller } = await checkCredentials(options);
  // A mailed password that first proves the address outranks a second factor set up before the proof, by whoever
  // held the login then: the address's owner is let in, and that second factor is dropped.
  const isFirstProof = isMailedPassword && !repository.hasProvenAddress(login);
  if (!isFirstProof && (await isTwoFactorEnabled(db, login.id))) {
    if (!options.otp) throw new AppError('unauthorized', SECOND_FACTOR_REQUIRED);
    if (!(await verifySecondFactor({ db, secretBox: options.secretBox, loginId: login.id, code: options.otp }))) {
      await countFailure(db, { username, ip, knownCaller });
      throw new AppError('unauthorized', 'This code is not right. Enter the current code of your authenticator app, or a recovery code.');
    }
  }
  return withTransaction(db, async (client) => {
    if (isMailedPassword) {
      await repository.setPassword(client, login.id, login.pending_password_hash!);
      if (login.login_name !== ADMIN_USER_NAME) {
        const person = await findOrCreatePersonByEmail(client, { email: login.login_name });
        await repository.markEmailVerified(client, { loginId: login.id, personId: person.id });
      }
      await repository.deleteSessionsOfLogin(client, login.id);
    }
    return toCurrentUser(login, await repository.createSession(client, login.id));
  });
}

/**
 * Creates a customer login and logs it in (spec §4). It reaches no licences until the address is proven: the
 * confirmation link is mailed in the same transaction.
 */
export async function register(options: { db: Db; email: string; password: string; ip: string; siteUrl: string }): Promise<CurrentUser> {
  const { db, email, password, ip } = options;
  await hitRateLimit(db, rateLimits.registerPerIp, ip);
  await hitRateLimit(db, rateLimits.registerPerAddress, addressSubject(email));
  const passwordHash = await hashPassword(password);
  return withTransaction(db, async (client) => {
    const login = await repository.insertLogin(client, { loginName: email, passwordHash, personId: null });
    if (!login) throw conflict('This email address is already registered.');
    await mailConfirmationLink(client, { email, siteUrl: options.siteUrl });
    return toCurrentUser(login, await repository.createSession(client, login.id));
  });
}

/**
 * Mails a new random password. The old one keeps working until the new one is used or expires (24 h), so
 * nobody can lock a customer out; each request mails a password that works, and the answer is the same whether
 * or not the address has a login.
 */
export async function requestPassword(options: { db: Db; email: string; ip: string; siteUrl?: string }): Promise<void> {
  const { db, email, ip } = options;
  // An unknown address takes as long to answer as a known one.
  await withMinimumDuration(ADDRESS_CALL_FLOOR_MS, async () => {
    await hitRateLimit(db, rateLimits.passwordRequestPerIp, ip);
    await hitRateLimit(db, rateLimits.passwordRequestPerAddress, addressSubject(email));
    const password = generatePassword();
    const passwordHash = await hashPassword(password);
    const login = await repository.findLoginByName(db, email);
    // The built-in administrator's name is no address to mail.
    if (!login || login.login_name === ADMIN_USER_NAME) return;
    await withTransaction(db, async (client) => {
      await repository.setPendingPassword(client, login.id, passwordHash);
      await enqueueMail(client, passwordResetMail({ to: login.login_name, password, siteUrl: options.siteUrl }));
    });
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

/** Removes the login of this email and its sessions (audited); the person and their licences stay. */
export async function deleteLogin(options: { db: Db; actor: string; email: string }): Promise<void> {
  await withTransaction(options.db, async (client) => {
    const deleted = await repository.deleteLoginByName(client, options.email);
    if (deleted === 0) throw new AppError('notFound', 'This person has no login.');
    await recordAudit(client, { actor: options.actor, action: 'delete', entity: 'login', entityId: options.email });
  });
}

/** The caller of a session token, or undefined when it is unknown or expired (the auth plugin's look-up). */
export const findSessionActor = (db: Queryable, token: string) => repository.findSessionActor(db, token);

/** Deletes expired sessions and mailed links that can no longer be used (an hourly job). */
export async function purgeExpiredSessions(db: Queryable): Promise<void> {
  await repository.deleteExpiredSessions(db);
  await deleteStaleAccountLinks(db);
}

// A customer's data rights (docs/PRIVACY.md, decision 040).

/** The login as the customer's export tells it: its name, when it was made, whether it proved its address, its second factor. */
export async function describeLogin(db: Queryable, loginId: number) {
  const login = await repository.findLoginSummary(db, loginId);
  if (!login) throw new AppError('unauthorized', 'Your session has ended. Please log in again.');
  return { ...login, hasTwoFactor: await isTwoFactorEnabled(db, loginId) };
}

/** When a person's logins were created and proved their address (a person's timeline, decision 061). */
export const listLoginsOfPerson = (db: Queryable, person: { id: number; email: string }) =>
  repository.listLoginSummariesOfPerson(db, person);

/** Whether a staff login has this name: its person is not erased through the customer's path (staff logins are the administrator's). */
export const isStaffLoginName = (db: Queryable, loginName: string) => repository.isStaffLoginName(db, loginName);

/**
 * Deletes an erased person's customer logins (sessions, second factors and recovery codes go with them) and every
 * link mailed to their address or to an earlier one of theirs (decision 109). Answers how many logins.
 */
export async function deleteLoginsOfErasedPerson(
  db: Queryable,
  person: { id: number; email: string; earlierEmails: readonly string[] },
): Promise<number> {
  const logins = await repository.deleteCustomerLoginsOf(db, person);
  for (const email of [person.email, ...person.earlierEmails]) await deleteAccountLinksOf(db, email);
  return logins;
}

/** Deletes a customer's own login, with its sessions (one that never proved its address erases only itself). */
export const deleteCustomerLoginById = (db: Queryable, loginId: number) => repository.deleteCustomerLoginById(db, loginId);
