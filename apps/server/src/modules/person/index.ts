// The person module's public face (issue 28, decision 039): what other modules and the app may use of it.
export { estimatePersonMatches, selectPersonIdsMatching } from './person-match.js';
export { personRoutes } from './person.routes.js';
export {
  createPersonService,
  eraseLockedPerson,
  fillPersonDetails,
  findOrCreateNamedPerson,
  findOrCreatePersonByEmail,
  findPersonByEmail,
  findPersonById,
  findPersonRecord,
  findPersonsByIds,
  findPersonsMatching,
  isPersonErased,
  listEarlierAddresses,
  listPersons,
  lockPersonForErasure,
  type PersonService,
} from './person.service.js';
export {
  findReleasePreferences,
  saveReleasePreferences,
  withdrawReleaseMailConsent,
  type ReleasePreferencesRow,
} from './person.service.js';
