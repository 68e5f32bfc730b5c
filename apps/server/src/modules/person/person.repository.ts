import { canonicalEmail } from '@store/contracts/email-address';
import type { Person } from '@store/contracts/person';
import { messages } from '@store/contracts/messages';
import type { Queryable } from '../../db/client.js';
import { badRequest } from '../../lib/app-error.js';
import { escapeLike } from '../../lib/list-request.js';

/**
 * Finds the person with this address (the same canonical form, decision 030) or creates one; safe under
 * concurrency (the unique index on person.email_canonical decides).
 */
export async function findOrCreatePersonByEmail(
  db: Queryable,
  person: { email: string; name?: string; country?: string },
): Promise<Person & { isNew: boolean }> {
  // Every way an address enters (purchase, activation, transfer, admin) ends here: refuse what is no address.
  const canonical = canonicalEmail(person.email);
  if (canonical === undefined) throw badRequest(`email: ${messages.emailInvalid}`);
  // Named (prepared once per connection): every purchase and activation runs it.
  const inserted = await db.query<Person>({
    name: 'person-find-or-create',
    text: `INSERT INTO person (email, email_canonical, name, country) VALUES ($1, $2, $3, $4)
           ON CONFLICT (email_canonical) DO NOTHING RETURNING id, email, name, country`,
    values: [person.email, canonical, person.name ?? '', person.country ?? ''],
  });
  if (inserted.rows[0]) return { ...inserted.rows[0], isNew: true };
  return { ...(await findPersonByCanonicalEmail(db, canonical))!, isNew: false };
}

/** The person with this address (the same canonical form, decision 030); an address not accepted finds nobody. */
export async function findPersonByEmail(db: Queryable, email: string): Promise<Person | undefined> {
  const canonical = canonicalEmail(email);
  return canonical === undefined ? undefined : findPersonByCanonicalEmail(db, canonical);
}

async function findPersonByCanonicalEmail(db: Queryable, canonical: string): Promise<Person | undefined> {
  const { rows } = await db.query<Person>('SELECT id, email, name, country FROM person WHERE email_canonical = $1', [canonical]);
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
  await db.query(`UPDATE person SET name = $2 WHERE id = $1 AND name = '' AND erased_at IS NULL`, [found.id, person.name]);
  return { id: found.id, email: found.email, name: person.name, country: found.country };
}

/** Fills a person's empty name and country (a login creates the person with the email only); never overwrites. */
export async function fillPersonDetails(db: Queryable, personId: number, details: { name: string; country: string }): Promise<void> {
  await db.query(
    `UPDATE person SET name = CASE WHEN name = '' THEN $2 ELSE name END,
                       country = CASE WHEN country = '' THEN $3 ELSE country END
      WHERE id = $1 AND erased_at IS NULL AND ((name = '' AND $2 <> '') OR (country = '' AND $3 <> ''))`,
    [personId, details.name, details.country],
  );
}

/** The persons of these ids (any order; an id without a person is left out). */
export async function findPersonsByIds(db: Queryable, ids: readonly number[]): Promise<Person[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<Person>('SELECT id, email, name, country FROM person WHERE id = ANY($1::bigint[])', [ids]);
  return rows;
}

/** A person a search text found, and whether it matched the address or only the name. */
export type PersonMatch = Person & { match: 'email' | 'name' };

/**
 * The person whose address is `text` (the same canonical form, decision 030), then, from three characters, up to
 * `limit` more whose address or name contains it (through the persons' trigram index, migration 009; a text search
 * for the administrator, not a match of addresses).
 */
export async function findPersonsMatching(db: Queryable, text: string, limit: number): Promise<PersonMatch[]> {
  const lower = text.toLowerCase();
  const { rows } = await db.query<PersonMatch>(
    `SELECT 'email' AS match, id, email, name, country
       FROM person WHERE email_canonical = $4::text
     UNION ALL
     (SELECT CASE WHEN lower(email) LIKE $1 THEN 'email' ELSE 'name' END, id, email, name, country
        FROM person WHERE length($2) >= 3 AND (lower(email) LIKE $1 OR lower(name) LIKE $1)
         AND ($4::text IS NULL OR email_canonical IS DISTINCT FROM $4::text) LIMIT $3)`,
    [`%${escapeLike(lower)}%`, lower, limit, canonicalEmail(text.trim()) ?? null],
  );
  return rows;
}
