import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/client.js';

export type TotpRow = { secret_sealed: string; enabled_at: Date | null; last_used_step: string };

export const hashRecoveryCode = (code: string): Buffer => createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest();

export async function findTotp(db: Queryable, loginId: number): Promise<TotpRow | undefined> {
  const { rows } = await db.query<TotpRow>('SELECT secret_sealed, enabled_at, last_used_step FROM login_totp WHERE login_id = $1', [
    loginId,
  ]);
  return rows[0];
}

export async function isTwoFactorEnabled(db: Queryable, loginId: number): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM login_totp WHERE login_id = $1 AND enabled_at IS NOT NULL', [loginId]);
  return (rowCount ?? 0) > 0;
}

/** Keeps a new secret for a login whose two-factor login is not on yet (set-up started again replaces it). */
export async function saveTotpSecret(db: Queryable, loginId: number, secretSealed: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO login_totp (login_id, secret_sealed) VALUES ($1, $2)
     ON CONFLICT (login_id) DO UPDATE SET secret_sealed = excluded.secret_sealed, last_used_step = 0
       WHERE login_totp.enabled_at IS NULL`,
    [loginId, secretSealed],
  );
  return (rowCount ?? 0) > 0;
}

/** Uses a time step once: only a step later than the last one used is taken (concurrent uses lose). */
export async function useTotpStep(db: Queryable, loginId: number, step: number, options: { enable: boolean }): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE login_totp SET last_used_step = $2, enabled_at = CASE WHEN $3 THEN now() ELSE enabled_at END
      WHERE login_id = $1 AND last_used_step < $2 AND (enabled_at IS NOT NULL) <> $3`,
    [loginId, step, options.enable],
  );
  return (rowCount ?? 0) > 0;
}

export async function replaceRecoveryCodes(db: Queryable, loginId: number, codes: string[]): Promise<void> {
  await db.query('DELETE FROM login_recovery_code WHERE login_id = $1', [loginId]);
  await db.query('INSERT INTO login_recovery_code (login_id, code_hash) SELECT $1, unnest($2::bytea[])', [
    loginId,
    codes.map(hashRecoveryCode),
  ]);
}

/** Uses a recovery code once. */
export async function useRecoveryCode(db: Queryable, loginId: number, code: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE login_recovery_code SET used_at = now() WHERE login_id = $1 AND code_hash = $2 AND used_at IS NULL',
    [loginId, hashRecoveryCode(code)],
  );
  return (rowCount ?? 0) > 0;
}

export async function deleteTwoFactor(db: Queryable, loginId: number): Promise<void> {
  await db.query('DELETE FROM login_totp WHERE login_id = $1', [loginId]);
  await db.query('DELETE FROM login_recovery_code WHERE login_id = $1', [loginId]);
}
