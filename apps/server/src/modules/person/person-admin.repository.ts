import { canonicalEmail } from '@store/contracts/email-address';
import type { Person } from '@store/contracts/person';
import type { Queryable } from '../../db/client.js';

/** The administrator's writes to persons; reads and finds used by other features are in person.repository.ts. */

const columns = 'id, email, name, country';
type PersonFields = Omit<Person, 'id'>;

/** PostgreSQL's unique_violation: an index such as the one on the canonical address refused the row. */
export const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** How a read locks the person for the caller's transaction: against any change, or against changes by others. */
export type PersonLock = 'update' | 'share';

export async function findPersonById(db: Queryable, id: number, options: { lock?: PersonLock } = {}): Promise<Person | undefined> {
  const lock = options.lock === undefined ? '' : `FOR ${options.lock === 'update' ? 'UPDATE' : 'SHARE'}`;
  const { rows } = await db.query<Person>(`SELECT ${columns} FROM person WHERE id = $1 ${lock}`, [id]);
  return rows[0];
}

/**
 * The canonical form stored beside an address (decision 030): none for a blank person's empty address. The save
 * request's contract has refused any other address without one.
 */
const canonicalOf = (email: string): string | null => (email === '' ? null : (canonicalEmail(email) ?? null));

/** A person's row: the record, when it was made, and when its personal data was erased. */
export type PersonRecord = Omit<Person, 'erasedAt'> & { created_at: Date; erased_at: Date | null };

export async function findPersonRecord(db: Queryable, id: number): Promise<PersonRecord | undefined> {
  const { rows } = await db.query<PersonRecord>(`SELECT ${columns}, created_at, erased_at FROM person WHERE id = $1`, [id]);
  return rows[0];
}

/** A person whose data is to be erased, locked against any change (and new licences: migration 075) until the caller commits. */
export async function lockPersonForErasure(db: Queryable, id: number): Promise<PersonRecord | undefined> {
  const { rows } = await db.query<PersonRecord>(`SELECT ${columns}, created_at, erased_at FROM person WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0];
}

/** Empties the person's row of everything but its id and dates, and marks it erased: their kept orders point to it. */
export async function markPersonErased(db: Queryable, id: number): Promise<void> {
  await db.query(`UPDATE person SET email = '', email_canonical = NULL, name = '', country = '', erased_at = now() WHERE id = $1`, [id]);
}

/** Whether the person's data was erased. */
export async function isPersonErased(db: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM person WHERE id = $1 AND erased_at IS NOT NULL', [id]);
  return (rowCount ?? 0) > 0;
}

/** Inserts a person; undefined when another person has that address. */
export async function insertPerson(db: Queryable, person: PersonFields): Promise<Person | undefined> {
  const { rows } = await db.query<Person>(
    `INSERT INTO person (email, email_canonical, name, country) VALUES ($1, $2, $3, $4)
     ON CONFLICT (email_canonical) DO NOTHING RETURNING ${columns}`,
    [person.email, canonicalOf(person.email), person.name, person.country],
  );
  return rows[0];
}

/** Updates a person; throws a unique violation when another person has that address. */
export async function updatePerson(db: Queryable, id: number, person: PersonFields): Promise<Person | undefined> {
  const { rows } = await db.query<Person>(
    `UPDATE person SET email = $2, email_canonical = $3, name = $4, country = $5 WHERE id = $1 RETURNING ${columns}`,
    [id, person.email, canonicalOf(person.email), person.name, person.country],
  );
  return rows[0];
}

/** Renames the person's customer login to their new address (the login name is the address). */
export async function renameLoginOfPerson(db: Queryable, personId: number, email: string): Promise<number> {
  const result = await db.query(
    `UPDATE login SET login_name = $2, login_name_canonical = $3 WHERE person_id = $1 AND role = 'customer' AND login_name <> $2`,
    [personId, email, canonicalOf(email)],
  );
  return result.rowCount ?? 0;
}

export async function countOrdersOfPerson(db: Queryable, personId: number): Promise<number> {
  const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM orders WHERE person_id = $1', [personId]);
  return rows[0]!.count;
}

/** Deletes the person's customer logins (their sessions go with them); answers how many. */
export async function deleteLoginsOfPerson(db: Queryable, personId: number): Promise<number> {
  const result = await db.query(`DELETE FROM login WHERE person_id = $1 AND role = 'customer'`, [personId]);
  return result.rowCount ?? 0;
}

export async function deletePerson(db: Queryable, id: number): Promise<Person | undefined> {
  const { rows } = await db.query<Person>(`DELETE FROM person WHERE id = $1 RETURNING ${columns}`, [id]);
  return rows[0];
}

/** Keeps the address a correction replaced (decision 109); the same address replaced again keeps its latest date. */
export async function recordEarlierAddress(db: Queryable, personId: number, email: string): Promise<void> {
  await db.query(
    `INSERT INTO person_earlier_address (person_id, email) VALUES ($1, $2)
     ON CONFLICT (person_id, email) DO UPDATE SET replaced_at = now()`,
    [personId, email],
  );
}

/**
 * The person's earlier addresses that are still theirs alone: one that another person or login has taken since
 * (another customer bought with it, or registered it) is that one's now, and what is held under it is left alone.
 */
export async function listEarlierAddresses(db: Queryable, personId: number): Promise<string[]> {
  const { rows } = await db.query<{ email: string }>(
    'SELECT email FROM person_earlier_address WHERE person_id = $1 ORDER BY replaced_at, email',
    [personId],
  );
  const canonicals = rows.map((row) => canonicalOf(row.email));
  const { rows: taken } = await db.query<{ canonical: string }>(
    `SELECT email_canonical AS canonical FROM person WHERE id <> $1 AND email_canonical = ANY ($2::text[])
     UNION SELECT login_name_canonical FROM login WHERE person_id IS DISTINCT FROM $1 AND login_name_canonical = ANY ($2::text[])`,
    [personId, canonicals],
  );
  const takenCanonicals = new Set(taken.map((row) => row.canonical));
  return rows.filter((_, index) => !takenCanonicals.has(canonicals[index]!)).map((row) => row.email);
}

/** Forgets the person's earlier addresses (their erasure). */
export async function deleteEarlierAddresses(db: Queryable, personId: number): Promise<void> {
  await db.query('DELETE FROM person_earlier_address WHERE person_id = $1', [personId]);
}
