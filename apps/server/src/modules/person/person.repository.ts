import type { Person } from '@store/contracts/person';
import { EMAIL_PATTERN } from '@store/contracts/fields';
import { messages } from '@store/contracts/messages';
import type { Queryable } from '../../db/client.js';
import { badRequest } from '../../lib/app-error.js';

/** Finds the person with this email (case-insensitive) or creates one; safe under concurrency. */
export async function findOrCreatePersonByEmail(
  db: Queryable,
  person: { email: string; name?: string; country?: string },
): Promise<Person & { isNew: boolean }> {
  // Every way an address enters (purchase, activation, transfer, admin) ends here: refuse what is no address.
  if (person.email.length > 254 || !EMAIL_PATTERN.test(person.email)) throw badRequest(`email: ${messages.emailInvalid}`);
  const inserted = await db.query<Person>(
    `INSERT INTO person (email, name, country) VALUES ($1, $2, $3)
     ON CONFLICT (lower(email)) WHERE email <> '' DO NOTHING RETURNING id, email, name, country`,
    [person.email, person.name ?? '', person.country ?? ''],
  );
  if (inserted.rows[0]) return { ...inserted.rows[0], isNew: true };
  const { rows } = await db.query<Person>(
    'SELECT id, email, name, country FROM person WHERE lower(email) = lower($1) AND email <> $2',
    [person.email, ''],
  );
  return { ...rows[0]!, isNew: false };
}

export async function findPersonByEmail(db: Queryable, email: string): Promise<Person | undefined> {
  const { rows } = await db.query<Person>(
    `SELECT id, email, name, country FROM person WHERE lower(email) = lower($1) AND email <> ''`,
    [email],
  );
  return rows[0];
}
