import { createHash, randomBytes } from 'node:crypto';
import { ADMIN_USER_NAME } from '@store/contracts/constants';
import { canonicalEmail } from '@store/contracts/email-address';
import type { Queryable } from '../../db/client.js';

export type AccountLinkPurpose = 'confirm' | 'purchase' | 'activation' | 'staff';
export type AccountLinkRow = { email: string; purpose: AccountLinkPurpose };

const hashToken = (token: string): Buffer => createHash('sha256').update(token).digest();

/** Stores a new single-use link for `email` and answers its token; only the token's hash is kept. */
export async function insertAccountLink(
  db: Queryable,
  link: { email: string; purpose: AccountLinkPurpose; lifetimeDays: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query({
    name: 'account-link-insert',
    text: `INSERT INTO account_link (token_hash, email, email_canonical, purpose, expires_at)
           VALUES ($1, $2, $5, $3, now() + make_interval(days => $4))`,
    values: [hashToken(token), link.email, link.purpose, link.lifetimeDays, canonicalEmail(link.email) ?? null],
  });
  return token;
}

/**
 * A new single-use link for `email`, as `insertAccountLink` stores one, unless the login of that address has proven
 * it (`hasProvenAddress` in auth.repository.ts, read here in the same statement: a verified address, or the built-in
 * administrator). Answers whether the address has a login and the link's token (undefined: proven, no link made).
 * One statement: every purchase's licence mail runs it (decision 065).
 */
export async function insertAccountLinkUnlessProven(
  db: Queryable,
  link: { email: string; purpose: AccountLinkPurpose; lifetimeDays: number },
): Promise<{ hasLogin: boolean; token: string | undefined }> {
  const token = randomBytes(32).toString('base64url');
  const { rows } = await db.query<{ has_login: boolean; is_linked: boolean }>({
    name: 'account-link-insert-unless-proven',
    text: `WITH address_login AS (SELECT login_name, email_verified_at FROM login WHERE login_name_canonical = $5),
                proven AS (SELECT EXISTS (SELECT 1 FROM address_login WHERE email_verified_at IS NOT NULL OR login_name = $6) AS is_proven),
                link AS (INSERT INTO account_link (token_hash, email, email_canonical, purpose, expires_at)
                         SELECT $1, $2, $5, $3, now() + make_interval(days => $4) FROM proven WHERE NOT is_proven RETURNING 1)
           SELECT EXISTS (SELECT 1 FROM address_login) AS has_login, EXISTS (SELECT 1 FROM link) AS is_linked`,
    values: [hashToken(token), link.email, link.purpose, link.lifetimeDays, canonicalEmail(link.email) ?? null, ADMIN_USER_NAME],
  });
  const row = rows[0];
  return { hasLogin: row?.has_login ?? false, token: row?.is_linked ? token : undefined };
}

/** The unused, unexpired link of this token. */
export async function findUsableAccountLink(db: Queryable, token: string): Promise<AccountLinkRow | undefined> {
  const { rows } = await db.query<AccountLinkRow>(
    'SELECT email, purpose FROM account_link WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()',
    [hashToken(token)],
  );
  return rows[0];
}

/** Uses the link once: answers it only to the one caller that marked it used (concurrent uses lose). */
export async function useAccountLink(db: Queryable, token: string): Promise<AccountLinkRow | undefined> {
  const { rows } = await db.query<AccountLinkRow>(
    `UPDATE account_link SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING email, purpose`,
    [hashToken(token)],
  );
  return rows[0];
}

/** Forgets links that can no longer be used. */
export async function deleteStaleAccountLinks(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM account_link WHERE expires_at < now() - interval '1 day' OR used_at < now() - interval '1 day'`);
}

/** Ends every unused link mailed to the address (any spelling of it): once it is proven, none opens a session. */
export async function useAccountLinksOf(db: Queryable, canonicalAddress: string): Promise<void> {
  await db.query('UPDATE account_link SET used_at = now() WHERE email_canonical = $1 AND used_at IS NULL', [canonicalAddress]);
}

/** Deletes every link mailed to the address (any spelling of it); answers how many. */
export async function deleteAccountLinksOf(db: Queryable, email: string): Promise<number> {
  const result = await db.query('DELETE FROM account_link WHERE email_canonical = $1', [canonicalEmail(email) ?? null]);
  return result.rowCount ?? 0;
}
