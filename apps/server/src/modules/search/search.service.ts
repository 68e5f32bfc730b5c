import type { SearchHit } from '@store/contracts/search';
import type { Db } from '../../db/client.js';
import { findPersonsMatching } from '../person/index.js';
import { findLicenceHits } from './search.repository.js';

/** At most this many hits per kind of match. */
const SEARCH_LIMIT = 20;

/**
 * The search box of every admin screen: one text, tried as each thing an administrator pastes: the licences it
 * names (search.repository.ts) and, asked of the person domain at the same time, the persons whose address is the
 * text or whose address or name contains it (from three characters). Each kind answers at most SEARCH_LIMIT hits;
 * `isTruncated` says one had more.
 */
async function searchEverything(options: { db: Db; text: string }): Promise<{ hits: SearchHit[]; isTruncated: boolean }> {
  const { db, text } = options;
  const limit = SEARCH_LIMIT + 1;
  const [licenceHits, persons] = await Promise.all([findLicenceHits(db, text, limit), findPersonsMatching(db, text, limit)]);
  const personHits = persons.map((person): SearchHit => ({
    match: person.match,
    personId: person.id,
    personEmail: person.email,
    personName: person.name,
    orderId: null,
    productName: null,
    batchNumber: null,
  }));
  const kinds = [...licenceHits, personHits];
  return {
    hits: kinds.flatMap((hits) => hits.slice(0, SEARCH_LIMIT)),
    isTruncated: kinds.some((hits) => hits.length > SEARCH_LIMIT),
  };
}

/** The search module's service, built once by `buildApp` with its database (decision 067). */
export function createSearchService(deps: { db: Db }) {
  const { db } = deps;
  return { searchEverything: (text: string) => searchEverything({ db, text }) };
}
export type SearchService = ReturnType<typeof createSearchService>;
