import type { Db } from '../../db/client.js';
import { erasePerson, eraseOwnAccount } from '../../flows/erase-person.flow.js';
import { exportPersonalData } from '../../flows/export-personal-data.flow.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { bindDependencies } from '../../lib/service-object.js';

/**
 * The privacy module's service, built once by `buildApp` with its database and secret box (decision 067): a
 * customer's export and erasure of their own account, and the administrator's erasure of a person. The work is the
 * flows'; this is the routes' entrance to them.
 */
export const createPrivacyService = (deps: { db: Db; secretBox: SecretBox }) =>
  bindDependencies(deps, { exportPersonalData, eraseOwnAccount, erasePerson });
export type PrivacyService = ReturnType<typeof createPrivacyService>;
