import { canonicalLoginName } from '@store/contracts/email-address';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { checkRateLimit, hitRateLimit, rateLimits } from '../../lib/rate-limit.js';
import { findLoginByName, type LoginRow } from './auth.repository.js';
import type { DeviceClaim } from './device-cookie.js';
import { getDecoyHash, verifyPassword } from './password.js';

export type CheckedCredentials = {
  login: LoginRow;
  isMailedPassword: boolean;
  /** The caller's device cookie, when it is one of this login's and still trusted. */
  deviceNonce: string | undefined;
};

/** The text of every wrong login: it never says whether the address has an account. */
export const WRONG_CREDENTIALS = 'Wrong email or password';

/**
 * The one password check, for the web login and the plug-ins' online unlock alike, under the same limits
 * (docs/SECURITY.md): every attempt counts against the caller's IP; a wrong password counts against the
 * caller's device cookie when it has one for this login, else against the login's ceiling, which only callers
 * without such a cookie have to respect. The current password and a mailed one are both checked every time
 * (against a decoy hash when there is none), so the time taken tells nothing about accounts or pending resets.
 */
export async function checkCredentials(options: {
  db: Db;
  username: string;
  password: string;
  ip: string;
  device?: DeviceClaim | undefined;
}): Promise<CheckedCredentials> {
  const { db, username, password, ip } = options;
  await hitRateLimit(db, rateLimits.loginPerIp, ip);
  await checkRateLimit(db, rateLimits.loginFailuresPerIp, ip);
  const deviceNonce = await trustedDeviceNonce(db, username, options.device);
  if (deviceNonce === undefined) await checkRateLimit(db, rateLimits.loginFailuresPerAccount, username);

  const login = await findLoginByName(db, username);
  const decoy = await getDecoyHash();
  const hasPending =
    login?.pending_password_hash != null && login.pending_password_expires != null && login.pending_password_expires > new Date();
  const [isCurrentPassword, isPendingPassword] = await Promise.all([
    verifyPassword(login?.password_hash ?? decoy, password),
    verifyPassword(hasPending ? login.pending_password_hash! : decoy, password),
  ]);
  if (login && (isCurrentPassword || (hasPending && isPendingPassword))) {
    return { login, isMailedPassword: !isCurrentPassword, deviceNonce };
  }
  await countFailure(db, { username, ip, deviceNonce });
  throw new AppError('unauthorized', WRONG_CREDENTIALS);
}

/** Counts a failed second step (a wrong two-factor code) like a wrong password. */
export async function countFailure(db: Db, options: { username: string; ip: string; deviceNonce: string | undefined }) {
  await hitRateLimit(db, rateLimits.loginFailuresPerIp, options.ip).catch(() => undefined);
  if (options.deviceNonce !== undefined) {
    await hitRateLimit(db, rateLimits.loginFailuresPerDevice, options.deviceNonce).catch(() => undefined);
  } else {
    await hitRateLimit(db, rateLimits.loginFailuresPerAccount, options.username).catch(() => undefined);
  }
}

/** The nonce of the caller's device cookie when it names this login and has not failed too often. */
export async function trustedDeviceNonce(db: Db, username: string, device: DeviceClaim | undefined): Promise<string | undefined> {
  if (!device || device.loginName !== canonicalLoginName(username.trim())) return undefined;
  const isUsable = await checkRateLimit(db, rateLimits.loginFailuresPerDevice, device.nonce).then(
    () => true,
    () => false,
  );
  return isUsable ? device.nonce : undefined;
}
