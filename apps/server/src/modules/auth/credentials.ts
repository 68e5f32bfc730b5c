import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { addressSubject, checkRateLimit, hitRateLimit, rateLimits, type RateLimitHit } from '../../lib/rate-limit.js';
import { findLoginByName, type LoginRow } from './auth.repository.js';
import type { DeviceClaim } from './device-cookie.js';
import { getDecoyHash, verifyPassword } from './password.js';

export type CheckedCredentials = {
  login: LoginRow;
  isMailedPassword: boolean;
  /** The counter of the caller's own wrong passwords when the account's ceiling does not apply to it. */
  knownCaller: RateLimitHit | undefined;
};

/** The text of every wrong login: it never says whether the address has an account. */
export const WRONG_CREDENTIALS = 'Wrong email or password';

/**
 * The one password check, for the web login and the plug-ins' online unlock alike, under the same limits
 * (docs/SECURITY.md): every attempt counts against the caller's IP; a wrong password counts against the known
 * caller's own counter (a device cookie of this login, or a computer registered on the address's licences),
 * else against the login's ceiling, which only unknown callers have to respect. The current password and a
 * mailed one are both checked every time (against a decoy hash when there is none), so the time taken tells
 * nothing about accounts or pending resets.
 */
export async function checkCredentials(options: {
  db: Db;
  username: string;
  password: string;
  ip: string;
  device?: DeviceClaim | undefined;
  /**
   * The plug-in's Device ID when it already holds a place on one of the address's licences (the online unlock
   * looks it up): that computer is known to the address, as a device cookie is to its login (decision 031).
   */
  registeredComputer?: string | undefined;
}): Promise<CheckedCredentials> {
  const { db, username, password, ip } = options;
  await hitRateLimit(db, rateLimits.loginPerIp, ip);
  await checkRateLimit(db, rateLimits.loginFailuresPerIp, ip);
  const knownCaller = await findKnownCaller(db, options);
  if (knownCaller === undefined) await checkRateLimit(db, rateLimits.loginFailuresPerAccount, addressSubject(username));

  const login = await findLoginByName(db, username);
  const decoy = await getDecoyHash();
  const hasPending =
    login?.pending_password_hash != null && login.pending_password_expires != null && login.pending_password_expires > new Date();
  const [isCurrentPassword, isPendingPassword] = await Promise.all([
    verifyPassword(login?.password_hash ?? decoy, password),
    verifyPassword(hasPending ? login.pending_password_hash! : decoy, password),
  ]);
  if (login && (isCurrentPassword || (hasPending && isPendingPassword))) {
    return { login, isMailedPassword: !isCurrentPassword, knownCaller };
  }
  await countFailure(db, { username, ip, knownCaller });
  throw new AppError('unauthorized', WRONG_CREDENTIALS);
}

/** Counts a failed second step (a wrong two-factor code) like a wrong password. */
export async function countFailure(db: Db, options: { username: string; ip: string; knownCaller: RateLimitHit | undefined }) {
  await hitRateLimit(db, rateLimits.loginFailuresPerIp, options.ip).catch(() => undefined);
  const { rule, subject } = options.knownCaller ?? { rule: rateLimits.loginFailuresPerAccount, subject: addressSubject(options.username) };
  await hitRateLimit(db, rule, subject).catch(() => undefined);
}

/**
 * The caller's own counter when the caller is known to the account and that counter is not spent: a device cookie
 * naming this login, or a computer on the address's licences. Undefined for everyone else, and for a known
 * caller past its own limit, who then meets the account's ceiling like a stranger.
 */
async function findKnownCaller(
  db: Db,
  options: { username: string; device?: DeviceClaim | undefined; registeredComputer?: string | undefined },
): Promise<RateLimitHit | undefined> {
  // The device cookie names the login by its canonical name (decision 030).
  const address = addressSubject(options.username);
  let caller: RateLimitHit | undefined;
  if (options.device?.loginName === address) caller = { rule: rateLimits.loginFailuresPerDevice, subject: options.device.nonce };
  else if (options.registeredComputer) {
    caller = { rule: rateLimits.loginFailuresPerComputer, subject: `${address}:${options.registeredComputer}` };
  }
  if (caller === undefined) return undefined;
  const isWithinLimit = await checkRateLimit(db, caller.rule, caller.subject).then(
    () => true,
    () => false,
  );
  return isWithinLimit ? caller : undefined;
}
