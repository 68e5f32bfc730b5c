import type { ListQuery, Paged } from '@store/contracts/list';
import type { Person } from '@store/contracts/person';
import type { Db } from '../../db/client.js';
import { queryPage, selectPlainList } from '../../lib/list-query.js';
import { readListRequest, type ListDefinition, type PlainList } from '../../lib/list-request.js';

/**
 * The persons list. Each sortable column has a (column, id) index (migration 004) and one trigram index covers
 * lower(name) and lower(email) (migration 009), so a page stays fast with a million persons.
 */
export const personList: ListDefinition = {
  select: 'id, email, name, country',
  from: 'person',
  columns: {
    id: { expression: 'id', filter: 'number' },
    email: { expression: 'email', filter: 'contains' },
    name: { expression: 'name', filter: 'contains' },
    country: { expression: 'country', filter: 'contains' },
  },
  defaultSort: 'id',
  key: 'id',
  isLarge: true,
};

/** GET /person/: without paging parameters the spec's plain array (at most PLAIN_LIST_LIMIT, by id); else a page. */
export async function listPersons(db: Db, query: ListQuery): Promise<PlainList<Person> | Paged<Person>> {
  const request = readListRequest(query, personList);
  return request ? queryPage<Person>(db, personList, request) : selectPlainList<Person>(db, personList);
}
