import { MAX_DEVICES_PER_LICENSE } from '@store/contracts/constants';
import type { Device, RegisterDeviceRequest } from '@store/contracts/licence';
import type { Db, Queryable } from '../../db/client.js';
import { badRequest } from '../../lib/app-error.js';
import { hitRateLimit, type RateLimitHit, type RateLimitRule, type RefusedCallers } from '../../lib/rate-limit.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { keyFileDigest } from '../../licensing/key-file-digest.js';
import type { KeyFileSigner } from '../../licensing/signing-pool.js';
import { createDeviceKeyFile } from '../order/index.js';
import type { ProductCache, ProductRow } from '../product/index.js';
import { findDeviceIdProblem } from './device-id.js';
import { noActiveLicenceMessage, registerDeviceOnLicences, type SignedKeyFile } from './device-registration.js';
import { findLicencesByKeyText, findLicencesBySerial, registerWithSignedKey, type LicenceCandidate } from './device.repository.js';
import { type DeviceRow } from './device-rows.repository.js';
import { compactKey, readProductKeyFile } from './licence-key-match.js';

/** Plug-ins and the offline dialog of one address (a studio behind one router has a handful of computers). */
export const deviceRegistrationPerIp: RateLimitRule = { name: 'device-register-ip', limit: 60, windowSeconds: 15 * 60 };

export const unknownProductMessage = (productName: string) => `Unknown product "${productName}".`;

type Registration = {
  db: Db;
  products: ProductCache;
  secretBox: SecretBox;
  signer: KeyFileSigner;
  /** The callers refused over the per-IP limit: they are refused again before any work. */
  refusedCallers: RefusedCallers;
  registration: RegisterDeviceRequest;
  ip: string;
};

/**
 * Registers a computer for the licence that `Key` proves (its serial or one of its key files) and answers the
 * computer's key file (JUCE key file with mach = the Device ID). At most four computers per licence; the same
 * computer again gets its stored key back. Every request counts against its address's limit in the first
 * statement it runs; a caller this process refused over the limit is refused again before any (decision 028).
 */
export async function registerDeviceWithKey(options: Registration): Promise<string> {
  const hit = { rule: deviceRegistrationPerIp, subject: options.ip };
  options.refusedCallers.refuseIfRefused(hit);
  // One connection for the few short queries of a registration (no transaction: the constraints decide races).
  const db = await options.db.connect();
  try {
    return await options.refusedCallers.remember(hit, () => register(db, hit, options));
  } finally {
    db.release();
  }
}

async function register(db: Queryable, hit: RateLimitHit, options: Registration): Promise<string> {
  const { registration } = options;
  const deviceId = registration.DeviceIdHash.trim();
  const problem = findDeviceIdProblem(deviceId, registration.DeviceName);
  const product = problem ? undefined : await options.products.byName(db, registration.ProductName);
  if (problem !== null || !product) {
    await hitRateLimit(db, hit.rule, hit.subject);
    throw badRequest(problem ?? unknownProductMessage(registration.ProductName));
  }
  const presented = readProductKeyFile(product, registration.Key);
  if (!presented) {
    // A serial number names no one: the licence is found (and the hit counted) first, the key file signed after.
    const licences = await findLicencesBySerial(db, deviceId, product.id, registration.Key.trim(), hit);
    return registerOn(db, { product, licences, deviceId }, options);
  }
  // A genuine key file names its owner: the computer's key file is signed for them first, so that the common case
  // (a new computer on the owner's licence) counts the hit, finds the licence and registers in one statement.
  const owner = { name: presented.user, email: presented.email };
  const compact = compactKey(registration.Key);
  const signed = {
    owner,
    keyFile: await createDeviceKeyFile({ product, owner, secretBox: options.secretBox, deviceId, signer: options.signer }),
  };
  const attempt = await registerWithSignedKey(db, {
    hit,
    productId: product.id,
    key: registration.Key,
    compactKey: compact,
    keyDigest: keyFileDigest(presented),
    owner,
    deviceId,
    deviceName: registration.DeviceName,
    keyFile: signed.keyFile,
    maxDevices: MAX_DEVICES_PER_LICENSE,
  });
  if (attempt.isRegistered) return signed.keyFile;
  // Only a genuine key file whose address owns no licence (issued before the owner's address changed) scans the
  // product's licences for its exact text, so the scan stays rare.
  const licences = attempt.licences.length > 0 ? attempt.licences : await findLicencesByKeyText(db, deviceId, product.id, compact);
  return registerOn(db, { product, licences, deviceId, signed }, options);
}

/** The general path: the licences' device states, the four-computer rule, a race lost and tried again. */
async function registerOn(
  db: Queryable,
  found: { product: ProductRow; licences: LicenceCandidate[]; deviceId: string; signed?: SignedKeyFile },
  options: Registration,
): Promise<string> {
  const { product, licences, deviceId, signed } = found;
  if (licences.length === 0) throw badRequest(noActiveLicenceMessage(product.name));
  return registerDeviceOnLicences({
    db,
    product,
    licences,
    deviceId,
    deviceName: options.registration.DeviceName,
    secretBox: options.secretBox,
    signer: options.signer,
    signed,
  });
}

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
export { listReleasesOfOrders } from './device-release.repository.js';

/**
 * The writes of other domains' flows, in the caller's transaction (with the audit record, where there is one): the
 * administrator's deletion of a computer, a re-issued key file, and the computers of refunded or transferred licences.
 */
export { deleteDeviceById, deleteDevicesOfLicences, setDeviceKeyFile } from './device-changes.repository.js';

/** A registered computer as the calls answer it. */
export const toDevice = (row: DeviceRow): Device => ({
  id: row.id,
  deviceName: row.device_name,
  deviceIdHash: row.device_id_hash,
  deviceIdHashEncrypted: row.device_id_hash_encrypted,
  creationDate: row.creation_date.toISOString(),
  lastActivatedAt: row.last_activated_at.toISOString(),
  keyExpiresAt: row.key_expires_at?.toISOString() ?? null,
  renewedAt: row.renewed_at?.toISOString() ?? null,
});
