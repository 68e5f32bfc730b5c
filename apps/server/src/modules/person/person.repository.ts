import type { Person } from '@store/contracts/person';
import { EMAIL_PATTERN } from '@store/contracts/fields';
import { messages } from '@store/contracts/messages';
import type { Queryable } from '../../db/client.js';
import { badRequest } from '../../lib/app-error.js';

/** Whether a person may have this address: what findOrCreatePersonByEmail accepts. */
export const isAcceptedEmail = (email: string) => email.length <= 254 && EMAIL_PATTERN.test(email);

/** Finds the person with this email (case-insensitive) or creates one; safe under concurrency. */
export async function findOrCreatePersonByEmail(
  db: Queryable,
  person: { email: string; name?: string; country?: string },
): Promise<Person & { isNew: boolean }> {
  // Every way an address enters (purchase, activation, transfer, admin) ends here: refuse what is no address.
  if (!isAcceptedEmail(person.email)) throw badRequest(`email: ${messages.emailInvalid}`);
  const inserted = await db.query<Person>(
    `INSERT INTO person (email, name, country) VALUES ($1, $2, $3)
     ON CONFLICT (lower(email)) WHERE email <> '' DO NOTHING RETURNING id, email, name, country`,
    [person.email, person.name ?? '', person.country ?? ''],
  );
  if (inserted.rows[0]) return { ...inserted.rows[0], isNew: true };
  const { rows } = await db.query<Person>('SELECT id, email, name, country FROM person WHERE lower(email) = lower($1) AND email <> $2', [
    person.email,
    '',
  ]);
  return { ...rows[0]!, isNew: false };
}

export async function findPersonByEmail(db: Queryable, email: string): Promise<Person | undefined> {
  const { rows } = await db.query<Person>(`SELECT id, email, name, country FROM person WHERE lower(email) = lower($1) AND email <> ''`, [
    email,
  ]);
  return rows[0];
}

/**
 * The person with this address (created if needed) for a licence that is issued or moved to them; their name
 * is filled in when it is still empty (a person made by registering has none), since key files carry it.
 */
export async function findOrCreateNamedPerson(db: Queryable, person: { email: string; name: string }): Promise<Person> {
  const found = await findOrCreatePersonByEmail(db, person);
  if (found.isNew || found.name !== '' || person.name === '')
    return { id: found.id, email: found.email, name: found.name, country: found.country };
  await db.query(`UPDATE person SET name = $2 WHERE id = $1 AND name = ''`, [found.id, person.name]);
  return { id: found.id, email: found.email, name: person.name, country: found.country };
}
