import { randomBytes } from 'node:crypto';
import type { AccountStatus, TwoFactorRecoveryCodes, TwoFactorSetup } from '@store/contracts/account';
import { withTransaction, type Db, type Queryable } from '../../db/client.js';
import { AppError, badRequest, conflict } from '../../lib/app-error.js';
import type { SecretBox } from '../../lib/secret-box.js';
import * as logins from './auth.repository.js';
import { checkCredentials, countFailure } from './credentials.js';
import type { DeviceClaim } from './device-cookie.js';
import { generateTotpSecret, matchTotpStep, totpUri } from './totp.js';
import * as repository from './two-factor.repository.js';

const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Plug-in Store';

type Caller = { loginId: number; name: string; token: string };

/** The signed-in login's account screen: its name, whether it proved its address, whether two-factor login is on. */
export async function getAccountStatus(options: {
  db: Queryable;
  caller: { loginId: number; name: string; isEmailVerified: boolean };
}): Promise<AccountStatus> {
  const { caller } = options;
  return {
    name: caller.name,
    isEmailVerified: caller.isEmailVerified,
    hasTwoFactor: await repository.isTwoFactorEnabled(options.db, caller.loginId),
  };
}

/**
 * Starts turning two-factor login on: a new secret for the authenticator app, active once a code confirms it. Only
 * for a login that proved its address (or the built-in administrator, which has none): anyone may register any
 * address, and a second factor on it would lock its owner out of the mailed password that proves it.
 */
export async function setUpTwoFactor(options: {
  db: Db;
  secretBox: SecretBox;
  caller: Caller & { isEmailVerified: boolean };
}): Promise<TwoFactorSetup> {
  if (!logins.hasCallerProvenAddress(options.caller)) {
    throw new AppError('forbidden', 'Confirm your email address first: open the link we mailed you, or ask for a new one.');
  }
  const secret = generateTotpSecret();
  const isSaved = await repository.saveTotpSecret(options.db, options.caller.loginId, options.secretBox.seal(secret));
  if (!isSaved) throw conflict('Two-factor login is already on.');
  return { secret, uri: totpUri({ secret, account: options.caller.name, issuer: ISSUER }) };
}

/**
 * Turns two-factor login on when `code` is the app's current code; ends the login's other sessions and answers
 * the recovery codes, shown once.
 */
export async function enableTwoFactor(options: {
  db: Db;
  secretBox: SecretBox;
  caller: Caller;
  code: string;
}): Promise<TwoFactorRecoveryCodes> {
  const { db, caller } = options;
  const totp = await repository.findTotp(db, caller.loginId);
  if (!totp || totp.enabled_at) throw badRequest('Start the set-up of two-factor login first.');
  const step = matchTotpStep({ secret: options.secretBox.open(totp.secret_sealed), code: options.code, now: Date.now(), lastUsedStep: 0 });
  if (step === undefined) throw badRequest('This code is not right. Check the time of your device and try the current code.');
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, () => formatRecoveryCode(randomBytes(6).toString('hex')));
  await withTransaction(db, async (client) => {
    if (!(await repository.useTotpStep(client, caller.loginId, step, { enable: true }))) throw conflict('Two-factor login is already on.');
    await repository.replaceRecoveryCodes(client, caller.loginId, recoveryCodes);
    await logins.deleteSessionsOfLogin(client, caller.loginId, caller.token);
  });
  return { recoveryCodes };
}

/**
 * Turns two-factor login off; the current password and a current code of the app (or an unused recovery code)
 * confirm it, so that a session alone, which may set a new password, cannot (confirmAccountOwner).
 */
export async function disableTwoFactor(options: OwnerProof & { db: Db; code: string }): Promise<void> {
  const { db, caller } = options;
  // Nothing to turn off: no code can be right, and a wrong one would count against the login.
  if (!(await repository.isTwoFactorEnabled(db, caller.loginId))) throw conflict('Two-factor login is off.');
  await confirmAccountOwner(options);
  await repository.deleteTwoFactor(db, caller.loginId);
}

/** What proves that the caller of a session owns its login: the password again, and a code when two-factor login is on. */
export type OwnerProof = {
  db: Db;
  secretBox: SecretBox;
  caller: Pick<Caller, 'loginId' | 'name'>;
  password: string;
  code?: string | undefined;
  ip: string;
  device?: DeviceClaim | undefined;
};

/**
 * Confirms a grave change to an account (turning two-factor login off, erasing the account): the current password,
 * and with two-factor login on a current code of the app (or an unused recovery code). A session alone may set a new
 * password (/passwordchange asks for nothing else), so for a login with two-factor on the password is not enough.
 * The password goes through the one password check, under a login's limits; a wrong code counts like a wrong
 * password, as at login. Refuses with 403.
 */
export async function confirmAccountOwner(options: OwnerProof): Promise<void> {
  const { db, caller, ip } = options;
  const checked = await checkCredentials({ db, username: caller.name, password: options.password, ip, device: options.device }).catch(
    (error: unknown) => {
      // The caller is logged in: a wrong password here is refused (403), not answered as a failed login (401).
      throw error instanceof AppError && error.code === 'unauthorized' ? wrongPassword() : error;
    },
  );
  // Only the current password: a mailed one not yet used has not become the password.
  if (checked.isMailedPassword) throw wrongPassword();
  if (!(await repository.isTwoFactorEnabled(db, caller.loginId))) return;
  const code = options.code?.trim() ?? '';
  if (code === '') throw new AppError('forbidden', 'Enter the current code of your authenticator app, or a recovery code.');
  if (!(await verifySecondFactor({ db, secretBox: options.secretBox, loginId: caller.loginId, code }))) {
    await countFailure(db, { username: caller.name, ip, knownCaller: checked.knownCaller });
    throw new AppError('forbidden', 'This code is not right. Enter the current code of your authenticator app, or a recovery code.');
  }
}

const wrongPassword = () => new AppError('forbidden', 'The password is not right.');

/** Whether `code` is the login's current app code or one of its unused recovery codes; uses it up either way. */
export async function verifySecondFactor(options: { db: Db; secretBox: SecretBox; loginId: number; code: string }): Promise<boolean> {
  const { db, loginId } = options;
  const totp = await repository.findTotp(db, loginId);
  if (!totp?.enabled_at) return false;
  const step = matchTotpStep({
    secret: options.secretBox.open(totp.secret_sealed),
    code: options.code,
    now: Date.now(),
    lastUsedStep: Number(totp.last_used_step),
  });
  if (step !== undefined) return repository.useTotpStep(db, loginId, step, { enable: false });
  return repository.useRecoveryCode(db, loginId, options.code);
}

const formatRecoveryCode = (hex: string) => `${hex.slice(0, 4)}-${hex.slice(4, 8)}-${hex.slice(8)}`;

/** Whether the login turned two-factor login on. */
export const isTwoFactorEnabled = (db: Queryable, loginId: number) => repository.isTwoFactorEnabled(db, loginId);
