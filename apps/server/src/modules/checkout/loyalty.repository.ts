import type { Queryable } from '../../db/client.js';

/** Whether the person owns at least one active licence. */
export async function hasActiveLicence(db: Queryable, personId: number): Promise<boolean> {
  const { rowCount } = await db.query(`SELECT 1 FROM orders WHERE person_id = $1 AND state = 'active' LIMIT 1`, [personId]);
  return (rowCount ?? 0) > 0;
}

/** The person's code that has not been used yet. */
export async function findOpenCodeOfPerson(db: Queryable, personId: number): Promise<string | undefined> {
  const { rows } = await db.query<{ code: string }>('SELECT code FROM loyalty_code WHERE person_id = $1 AND used_at IS NULL', [personId]);
  return rows[0]?.code;
}

/** Keeps a new open code for the person; answers the person's open code (this one, or one a concurrent call kept). */
export async function keepOpenCode(db: Queryable, personId: number, code: string): Promise<string> {
  const { rows } = await db.query<{ code: string }>(
    `INSERT INTO loyalty_code (code, person_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING code`,
    [code, personId],
  );
  return rows[0]?.code ?? (await findOpenCodeOfPerson(db, personId)) ?? code;
}

/** Whether `code` is a loyalty code not used yet (compared case-insensitively, as FastSpring does). */
export async function isOpenCode(db: Queryable, code: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM loyalty_code WHERE upper(code) = upper($1) AND used_at IS NULL', [code]);
  return (rowCount ?? 0) > 0;
}

/** The customer a loyalty code was made for. */
export async function findPersonIdOfCode(db: Queryable, code: string): Promise<number | undefined> {
  const { rows } = await db.query<{ person_id: number }>('SELECT person_id FROM loyalty_code WHERE upper(code) = upper($1)', [code]);
  return rows[0]?.person_id;
}

/** Whether `code` is a loyalty code at all, used or not. */
export async function isLoyaltyCode(db: Queryable, code: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM loyalty_code WHERE upper(code) = upper($1)', [code]);
  return (rowCount ?? 0) > 0;
}

/** Uses a code once, noting whether its owner paid: true only for the one caller that marked it used. */
export async function useCode(db: Queryable, code: string, isUsedByOwner: boolean): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE loyalty_code SET used_at = now(), is_used_by_owner = $2 WHERE upper(code) = upper($1) AND used_at IS NULL',
    [code, isUsedByOwner],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * Holds the person's loyalty codes until the transaction ends: two requests for a code at once make and add one
 * (FastSpring keeps every code added to the coupon, kept here or not).
 */
export async function lockCodesOfPerson(db: Queryable, personId: number): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtextextended('loyalty-code:' || $1, 0))`, [personId]);
}

/** Whether someone other than the person spent one of their codes within the last year (decision 086). */
export async function hasCodeSpentByOther(db: Queryable, personId: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM loyalty_code WHERE person_id = $1 AND is_used_by_owner = false AND used_at > now() - interval '1 year' LIMIT 1`,
    [personId],
  );
  return (rowCount ?? 0) > 0;
}

export type LoyaltyCodeRow = { code: string; created_at: Date; used_at: Date | null };

/** Every loyalty code made for the person, oldest first. */
export async function listCodesOfPerson(db: Queryable, personId: number): Promise<LoyaltyCodeRow[]> {
  const { rows } = await db.query<LoyaltyCodeRow>(
    'SELECT code, created_at, used_at FROM loyalty_code WHERE person_id = $1 ORDER BY created_at',
    [personId],
  );
  return rows;
}

/** Deletes the person's loyalty codes; answers how many. */
export async function deleteCodesOfPerson(db: Queryable, personId: number): Promise<number> {
  const result = await db.query('DELETE FROM loyalty_code WHERE person_id = $1', [personId]);
  return result.rowCount ?? 0;
}
