import { isSameEmail } from '@store/contracts/email-address';
import type { ListQuery, Paged } from '@store/contracts/list';
import { newPersonDefaults, type Person, type PersonSaveRequest } from '@store/contracts/person';
import { withTransaction, type Db, type Queryable } from '../../db/client.js';
import { AppError, conflict, notFound } from '../../lib/app-error.js';
import type { PlainList } from '../../lib/list-request.js';
import { bindDependencies } from '../../lib/service-object.js';
import { recordAudit } from '../audit/index.js';
import * as repository from './person-admin.repository.js';
import * as list from './person-list.repository.js';
import * as personRepository from './person.repository.js';

/** GET /person/: without paging parameters the spec's plain array; else one page, sorted and filtered. */
export const listPersons = (db: Db, query: ListQuery): Promise<PlainList<Person> | Paged<Person>> => list.listPersons(db, query);

/** The person with this id (with `erasedAt` once erased); id 0 answers the defaults of a new person (§4). */
async function getPerson(options: { db: Db; id: number }): Promise<Person> {
  if (options.id === 0) return newPersonDefaults;
  const person = await repository.findPersonRecord(options.db, options.id);
  if (!person) throw notFound('Person not found');
  const fields = { id: person.id, email: person.email, name: person.name, country: person.country };
  return person.erased_at ? { ...fields, erasedAt: person.erased_at.toISOString() } : fields;
}

/** The person with this address (its canonical form, decision 030). */
async function getPersonByEmail(options: { db: Db; email: string }): Promise<Person> {
  const person = await personRepository.findPersonByEmail(options.db, options.email.trim());
  if (!person) throw notFound('Person not found');
  return person;
}

const duplicateEmail = (email: string) => conflict(`A person with the email ${email} already exists.`);

/** The script API's refusal of an address change (decision 085). */
export const ADDRESS_CHANGE_NEEDS_ADMIN =
  "A script cannot change a person's email address: the customer's login moves with it. An administrator changes it on the person's screen.";

/**
 * Creates the person (id 0) or updates it. The address is unique (in its canonical form, decision 030); when it
 * changes, the person's login is renamed with it, so the customer logs in with the new address and "Delete Login"
 * finds it. That hands the account to whoever reads the new address, so only the administrator's screen may do it:
 * `isAddressFixed` (the script API, decision 085) refuses a change of an existing person's address with 403.
 */
async function savePerson(options: { db: Db; actor: string; person: PersonSaveRequest; isAddressFixed?: boolean }): Promise<Person> {
  const { db, actor, person } = options;
  const fields = { email: person.email, name: person.name, country: person.country };
  return withTransaction(db, async (client) => {
    const before = person.id > 0 ? await repository.findPersonById(client, person.id, { lock: 'update' }) : undefined;
    if (person.id > 0 && !before) throw notFound('Person not found');
    if (before && (await repository.isPersonErased(client, before.id))) throw erasedPerson();
    if (before && options.isAddressFixed && !isSameEmail(before.email, person.email) && before.email !== person.email) {
      throw new AppError('forbidden', ADDRESS_CHANGE_NEEDS_ADMIN);
    }
    let saved: Person | undefined;
    try {
      saved = before ? await repository.updatePerson(client, person.id, fields) : await repository.insertPerson(client, fields);
      if (saved && before && before.email !== saved.email && saved.email !== '') {
        await repository.renameLoginOfPerson(client, saved.id, saved.email);
        // What is held under the address replaced stays theirs: the export and the erasure reach it (decision 109).
        if (before.email !== '' && !isSameEmail(before.email, saved.email)) {
          await repository.recordEarlierAddress(client, saved.id, before.email);
        }
      }
    } catch (error) {
      if (!repository.isUniqueViolation(error)) throw error;
      if ((error as { constraint?: string }).constraint === 'login_name_canonical_key') {
        throw conflict(`Another login already uses the email ${person.email}.`);
      }
      throw duplicateEmail(person.email);
    }
    if (!saved) throw duplicateEmail(person.email);
    const action = before ? 'update' : 'create';
    await recordAudit(client, { actor, action, entity: 'person', entityId: saved.id, before, after: saved });
    return saved;
  });
}

/**
 * Deletes a person who has no licences, with their login and its sessions. A person with licences is refused
 * rather than leaving licences without an owner (docs/decisions); the foreign key holds it under concurrency too.
 */
async function deletePerson(options: { db: Db; actor: string; id: number }): Promise<void> {
  const { db, actor, id } = options;
  await withTransaction(db, async (client) => {
    const person = await repository.findPersonById(client, id, { lock: 'update' });
    if (!person) throw notFound('Person not found');
    const licences = await repository.countOrdersOfPerson(client, id);
    if (licences > 0) throw refusedDeletion(person, licences);
    const deletedLogins = await repository.deleteLoginsOfPerson(client, id);
    try {
      await repository.deletePerson(client, id);
    } catch (error) {
      // An order created for the person since the check above: the foreign key refuses the deletion.
      if ((error as { code?: string }).code === '23503') throw refusedDeletion(person, 1);
      throw error;
    }
    await recordAudit(client, { actor, action: 'delete', entity: 'person', entityId: id, before: person, after: { deletedLogins } });
  });
}

const erasedPerson = () =>
  conflict("This person's personal data was erased: the record only keeps their orders for the tax records and cannot be changed.");

const refusedDeletion = (person: Person, licences: number) =>
  conflict(
    `${person.email || `Person ${person.id}`} has ${licences === 1 ? 'a licence' : `${licences} licences`} and cannot be deleted. ` +
      'Transfer or delete the licences first.',
  );

// The person queries other domains use (they never read the person table themselves).

/** The person with this address (its canonical form, decision 030), created when there is none; safe under concurrency. */
export const findOrCreatePersonByEmail = (db: Queryable, person: { email: string; name?: string; country?: string }) =>
  personRepository.findOrCreatePersonByEmail(db, person);

/** The person with this address (created if needed), their name filled in when it is still empty. */
export const findOrCreateNamedPerson = (db: Queryable, person: { email: string; name: string }) =>
  personRepository.findOrCreateNamedPerson(db, person);

/** The person of this id, locked for the caller's transaction when `lock` says how. */
export const findPersonById = (db: Queryable, id: number, options: { lock?: repository.PersonLock } = {}) =>
  repository.findPersonById(db, id, options);

/** The persons of these ids (any order; an id without a person is left out). */
export const findPersonsByIds = (db: Queryable, ids: readonly number[]) => personRepository.findPersonsByIds(db, ids);

/** The person with this address (its canonical form, decision 030), or undefined; an empty address finds nobody. */
export const findPersonByEmail = (db: Queryable, email: string) => personRepository.findPersonByEmail(db, email);

/** Fills the person's name and country where they are still empty (what an order tells of its buyer). */
export const fillPersonDetails = (db: Queryable, personId: number, details: { name: string; country: string }) =>
  personRepository.fillPersonDetails(db, personId, details);

/** The persons a search text finds: by exact address, then by address or name containing it (decision 024). */
export const findPersonsMatching = (db: Queryable, text: string, limit: number) => personRepository.findPersonsMatching(db, text, limit);

// A person's erasure (flows/erase-person.flow.ts, docs/PRIVACY.md).

/** The person, locked for the erasure's transaction (no change, no new licence until it commits); 404 or 409 when erased. */
export async function lockPersonForErasure(db: Queryable, id: number): Promise<repository.PersonRecord> {
  const person = await repository.lockPersonForErasure(db, id);
  if (!person) throw notFound('Person not found');
  if (person.erased_at) throw conflict(`The personal data of person ${id} was erased already.`);
  return person;
}

/**
 * Ends the person's record: with licences kept for the tax records, the row stays as their owner, emptied of email,
 * name and country and marked erased; without any, it is deleted. Answers which.
 */
export async function eraseLockedPerson(db: Queryable, options: { id: number; hasKeptOrders: boolean }): Promise<'emptied' | 'deleted'> {
  if (!options.hasKeptOrders) {
    await repository.deletePerson(db, options.id);
    return 'deleted';
  }
  await repository.deleteEarlierAddresses(db, options.id);
  await repository.markPersonErased(db, options.id);
  return 'emptied';
}

/**
 * The addresses a correction replaced that are still the person's alone (decision 109): the export and the erasure
 * reach what is held under them.
 */
export const listEarlierAddresses = (db: Queryable, personId: number) => repository.listEarlierAddresses(db, personId);

/** The person's row with when it was made (the customer's export). */
export const findPersonRecord = (db: Queryable, id: number) => repository.findPersonRecord(db, id);

/** Whether the person's data was erased: no licence may be given to them (409 rather than the database's refusal). */
export const isPersonErased = (db: Queryable, id: number) => repository.isPersonErased(db, id);

/** A person's release choices (decision 055): the beta channel and release mail, each with its date. */
export {
  findReleasePreferences,
  saveReleasePreferences,
  withdrawReleaseMailConsent,
  type ReleasePreferencesRow,
} from './person-release-preferences.repository.js';

/** The person module's service, built once by `buildApp` with its database (decision 067): the administrator's persons. */
export function createPersonService(deps: { db: Db }) {
  const { db } = deps;
  return {
    listPersons: (query: ListQuery) => listPersons(db, query),
    ...bindDependencies(deps, { getPersonByEmail, getPerson, savePerson, deletePerson }),
  };
}
export type PersonService = ReturnType<typeof createPersonService>;
