import type { Device } from '@store/contracts/licence';
import type { RateLimitRule } from '../../lib/rate-limit.js';
import { type DeviceRow } from './device-rows.repository.js';

/** Plug-ins and the offline dialog of one address (a studio behind one router has a handful of computers). */
export const deviceRegistrationPerIp: RateLimitRule = { name: 'device-register-ip', limit: 60, windowSeconds: 15 * 60 };

export const unknownProductMessage = (productName: string) => `Unknown product "${productName}".`;

/**
 * A plug-in's registration of a computer (flows/register-computer.flow.ts): the licences a key proves, found with
 * their device states (the rate limit's hit counted in the first statement), the one-statement registration with a
 * key file signed in advance, and the general path's four-computer rule.
 */
export {
  findLicencesByKeyText,
  findLicencesBySerial,
  findLicencesOfPerson,
  isDeviceOfPerson,
  registerWithSignedKey,
} from './device.repository.js';
export { removeDoublePlace } from './device-places.repository.js';
export { noActiveLicenceMessage, registerDeviceOnLicences, renewModuleKey } from './device-registration.js';

/** A computer's place on a licence (the renewal of a clients/juce key checks its removal secret). */
export { findDeviceOfLicence } from './device-rows.repository.js';

/**
 * The computers registered on the licences, by licence and then by slot: the one read of the device lists of the
 * customer area and the administrator's licence screen (and of the re-issue of their key files).
 */
export { listDevicesOfOrders } from './device-rows.repository.js';

/** A customer's own computers: each statement is scoped to the person's licences (another's device is not found). */
export { findDeviceNameOfPerson, renameDeviceOfPerson } from './device-changes.repository.js';

/** Freed places: a customer's removal under the yearly limit, a removal code used once (decision 041). */
export { countReleasesThisYear, releaseDeviceWithCode, releaseOwnDevice } from './device-release.service.js';

/** The freed places of licences, newest first (a person's timeline, decision 061). */
export { forgetComputersOfReleases, listReleasesOfOrders } from './device-release.repository.js';

/**
 * The writes of other domains' flows, in the caller's transaction (with the audit record, where there is one): the
 * administrator's deletion of a computer, a re-issued key file, and the computers of refunded or transferred licences.
 */
export { deleteDeviceById, deleteDevicesOfLicences, setDeviceKeyFile } from './device-changes.repository.js';

/**
 * A registered computer as the calls answer it. Its key file only when it is permanent: a place that holds the
 * module's expiring key answers none, so no "Download offline Key" can hand a rolling key to a plug-in that relies on
 * stock JUCE's isUnlocked() or cannot renew (DESIGN §5, decision 102).
 */
export const toDevice = (row: DeviceRow): Device => ({
  id: row.id,
  deviceName: row.device_name,
  deviceIdHash: row.device_id_hash,
  deviceIdHashEncrypted: row.key_expires_at === null ? row.device_id_hash_encrypted : '',
  creationDate: row.creation_date.toISOString(),
  lastActivatedAt: row.last_activated_at.toISOString(),
  keyExpiresAt: row.key_expires_at?.toISOString() ?? null,
  renewedAt: row.renewed_at?.toISOString() ?? null,
});
