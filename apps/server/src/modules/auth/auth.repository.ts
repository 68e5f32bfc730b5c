import { createHash, randomBytes } from 'node:crypto';
import { ADMIN_USER_NAME } from '@store/contracts/constants';
import { canonicalEmail, canonicalLoginName } from '@store/contracts/email-address';
import { messages } from '@store/contracts/messages';
import type { Queryable } from '../../db/client.js';
import { badRequest } from '../../lib/app-error.js';
import { useAccountLinksOf } from './account-link.repository.js';
import { deleteTwoFactor } from './two-factor.repository.js';

export type LoginRow = {
  id: number;
  login_name: string;
  person_id: number | null;
  password_hash: string;
  pending_password_hash: string | null;
  pending_password_expires: Date | null;
  is_admin: boolean;
  role: StaffRole | 'customer';
  email_verified_at: Date | null;
};

/** What a staff login may do: "admin" everything, "support" persons, orders, mails and key resends. */
export type StaffRole = 'admin' | 'support';

/**
 * The caller of a session. Until the login has proven its address (docs/SECURITY.md) it reaches nobody's licences;
 * then it reaches those of the person with its address (`licence.service.findPersonIdOfLogin`).
 */
export type SessionActor = {
  loginId: number;
  name: string;
  isAdmin: boolean;
  role: StaffRole | 'customer';
  isEmailVerified: boolean;
};

/**
 * What a customer call needs of its caller: the login name (its address) and whether it proved the address, which
 * `licence.service.findPersonIdOfLogin` turns into the person whose licences it reaches.
 */
export type CustomerCaller = Pick<SessionActor, 'name' | 'isEmailVerified'>;

export const SESSION_LIFETIME_DAYS = 30;
const hashToken = (token: string): Buffer => createHash('sha256').update(token).digest();

/**
 * The login of this name: the one whose name has the same canonical form (canonicalLoginName, decision 030), compared
 * byte for byte. A name that is no accepted address (a look-alike spelling) finds none. `forUpdate` locks its row until
 * the transaction ends (a change that depends on whether the login has proven its address).
 */
export async function findLoginByName(
  db: Queryable,
  loginName: string,
  options: { forUpdate?: boolean } = {},
): Promise<LoginRow | undefined> {
  const canonical = canonicalLoginName(loginName);
  if (canonical === undefined) return undefined;
  const lock = options.forUpdate ? ' FOR UPDATE' : '';
  const { rows } = await db.query<LoginRow>(`SELECT * FROM login WHERE login_name_canonical = $1${lock}`, [canonical]);
  return rows[0];
}

/** Inserts a login; undefined when a login of the same canonical name exists. */
export async function insertLogin(
  db: Queryable,
  login: { loginName: string; passwordHash: string; personId: number | null; role?: StaffRole | 'customer' },
): Promise<LoginRow | undefined> {
  const canonical = canonicalLoginName(login.loginName);
  if (canonical === undefined) throw badRequest(messages.emailInvalid);
  const { rows } = await db.query<LoginRow>(
    `INSERT INTO login (login_name, login_name_canonical, password_hash, person_id, role) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (login_name_canonical) DO NOTHING RETURNING *`,
    [login.loginName, canonical, login.passwordHash, login.personId, login.role ?? 'customer'],
  );
  return rows[0];
}

export async function setPassword(db: Queryable, loginId: number, passwordHash: string): Promise<void> {
  await db.query(`UPDATE login SET password_hash = $2, pending_password_hash = NULL, pending_password_expires = NULL WHERE id = $1`, [
    loginId,
    passwordHash,
  ]);
}

export async function setPendingPassword(db: Queryable, loginId: number, passwordHash: string): Promise<void> {
  await db.query(`UPDATE login SET pending_password_hash = $2, pending_password_expires = now() + interval '24 hours' WHERE id = $1`, [
    loginId,
    passwordHash,
  ]);
}

export async function deleteLoginByName(db: Queryable, loginName: string): Promise<number> {
  const canonical = canonicalLoginName(loginName);
  if (canonical === undefined) return 0;
  const result = await db.query(`DELETE FROM login WHERE login_name_canonical = $1 AND role = 'customer'`, [canonical]);
  return result.rowCount ?? 0;
}

/** Creates a session and answers its opaque token; only the token's hash is stored. */
export async function createSession(db: Queryable, loginId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const { rows } = await db.query<{ expires_at: Date }>(
    `INSERT INTO session (token_hash, login_id, expires_at) VALUES ($1, $2, now() + make_interval(days => $3))
     RETURNING expires_at`,
    [hashToken(token), loginId, SESSION_LIFETIME_DAYS],
  );
  return { token, expiresAt: rows[0]!.expires_at };
}

export async function findSessionActor(db: Queryable, token: string): Promise<SessionActor | undefined> {
  const { rows } = await db.query<{
    login_id: number;
    login_name: string;
    role: SessionActor['role'];
    is_email_verified: boolean;
  }>(
    `SELECT l.id AS login_id, l.login_name, l.role, l.email_verified_at IS NOT NULL AS is_email_verified
       FROM session s JOIN login l ON l.id = s.login_id
      WHERE s.token_hash = $1 AND s.expires_at > now()`,
    [hashToken(token)],
  );
  const row = rows[0];
  return (
    row && {
      loginId: row.login_id,
      name: row.login_name,
      isAdmin: row.role === 'admin',
      role: row.role,
      isEmailVerified: row.is_email_verified,
    }
  );
}

export async function deleteSession(db: Queryable, token: string): Promise<void> {
  await db.query('DELETE FROM session WHERE token_hash = $1', [hashToken(token)]);
}

export async function deleteOtherSessions(db: Queryable, loginId: number, keepToken: string): Promise<void> {
  await db.query('DELETE FROM session WHERE login_id = $1 AND token_hash <> $2', [loginId, hashToken(keepToken)]);
}

const isAddressProven = (loginName: string, isEmailVerified: boolean): boolean => isEmailVerified || loginName === ADMIN_USER_NAME;

/** Whether the login has proven its address (the built-in administrator has none to prove). */
export const hasProvenAddress = (login: Pick<LoginRow, 'login_name' | 'email_verified_at'>): boolean =>
  isAddressProven(login.login_name, login.email_verified_at !== null);

/** The same for a session's caller, from its login as the session read it (no second read of the login). */
export const hasCallerProvenAddress = (caller: Pick<SessionActor, 'name' | 'isEmailVerified'>): boolean =>
  isAddressProven(caller.name, caller.isEmailVerified);

/**
 * Records that the login proved its address: links it to the person with that address and, with the new
 * password of a mailed link, replaces its password (and any mailed one). The first proof also removes a second
 * factor set up before it: whoever held the login then was not known to own the address (two-factor.service.ts),
 * and ends every other link mailed to the address, which from now on opens no session (decision 079).
 */
export async function markEmailVerified(
  db: Queryable,
  options: { loginId: number; personId: number | null; passwordHash?: string },
): Promise<void> {
  const { rows } = await db.query<{ is_first_proof: boolean; login_name_canonical: string | null }>(
    `UPDATE login SET email_verified_at = coalesce(login.email_verified_at, now()), person_id = coalesce($2, login.person_id),
            password_hash = coalesce($3, login.password_hash),
            pending_password_hash = CASE WHEN $3::text IS NULL THEN login.pending_password_hash END,
            pending_password_expires = CASE WHEN $3::text IS NULL THEN login.pending_password_expires END
       FROM login AS old
      WHERE login.id = $1 AND old.id = login.id
     RETURNING old.email_verified_at IS NULL AS is_first_proof, login.login_name_canonical`,
    [options.loginId, options.personId, options.passwordHash ?? null],
  );
  const proof = rows[0];
  if (!proof?.is_first_proof) return;
  await deleteTwoFactor(db, options.loginId);
  if (proof.login_name_canonical !== null) await useAccountLinksOf(db, proof.login_name_canonical);
}

/** Ends every session of the login (all of them, or all but `keepToken`'s). */
export async function deleteSessionsOfLogin(db: Queryable, loginId: number, keepToken?: string): Promise<void> {
  if (keepToken === undefined) await db.query('DELETE FROM session WHERE login_id = $1', [loginId]);
  else await deleteOtherSessions(db, loginId, keepToken);
}

export async function deleteExpiredSessions(db: Queryable): Promise<void> {
  await db.query('DELETE FROM session WHERE expires_at <= now()');
}

/** What the customer's export tells of a login. */
export type LoginSummaryRow = { login_name: string; created_at: Date; email_verified_at: Date | null };

export async function findLoginSummary(db: Queryable, loginId: number): Promise<LoginSummaryRow | undefined> {
  const { rows } = await db.query<LoginSummaryRow>('SELECT login_name, created_at, email_verified_at FROM login WHERE id = $1', [loginId]);
  return rows[0];
}

/**
 * The customer logins of a person: theirs, and any named with their address (one that has not proven it yet; the
 * same address by its canonical form, decision 030).
 */
export async function listLoginSummariesOfPerson(db: Queryable, person: { id: number; email: string }): Promise<LoginSummaryRow[]> {
  const { rows } = await db.query<LoginSummaryRow>(
    `SELECT login_name, created_at, email_verified_at FROM login
      WHERE role = 'customer' AND (person_id = $1 OR login_name_canonical = $2) ORDER BY id`,
    [person.id, canonicalEmail(person.email) ?? null],
  );
  return rows;
}

/** Whether a staff login (admin or support) has this name. */
export async function isStaffLoginName(db: Queryable, loginName: string): Promise<boolean> {
  const { rowCount } = await db.query(`SELECT 1 FROM login WHERE login_name_canonical = $1 AND role <> 'customer'`, [
    canonicalLoginName(loginName) ?? null,
  ]);
  return (rowCount ?? 0) > 0;
}

/**
 * Deletes the customer logins of a person: theirs, and any named with their address (one that never proved it).
 * Sessions, two-factor secrets and recovery codes go with them. Answers how many.
 */
export async function deleteCustomerLoginsOf(db: Queryable, person: { id: number; email: string }): Promise<number> {
  const result = await db.query(`DELETE FROM login WHERE role = 'customer' AND (person_id = $1 OR login_name_canonical = $2)`, [
    person.id,
    canonicalEmail(person.email) ?? null,
  ]);
  return result.rowCount ?? 0;
}

/** Deletes a customer login (its sessions go with it); false when there is none. */
export async function deleteCustomerLoginById(db: Queryable, loginId: number): Promise<boolean> {
  const { rowCount } = await db.query(`DELETE FROM login WHERE id = $1 AND role = 'customer'`, [loginId]);
  return (rowCount ?? 0) > 0;
}
