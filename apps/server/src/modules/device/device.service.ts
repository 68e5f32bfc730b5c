import type { RegisterDeviceRequest } from '@store/contracts/licence';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../lib/app-error.js';
import { hitRateLimit, type RateLimitRule } from '../../lib/rate-limit.js';
import type { KeyFileSigner } from '../../licensing/signing-pool.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { ProductCache } from '../product/product-cache.js';
import { findDeviceIdProblem } from './device-id.js';
import { noActiveLicenceMessage, registerDeviceOnLicences } from './device-registration.js';
import { findLicencesForKey } from './licence-key-match.js';

/** Plug-ins and the offline dialog of one address (a studio behind one router has a handful of computers). */
export const deviceRegistrationPerIp: RateLimitRule = { name: 'device-register-ip', limit: 60, windowSeconds: 15 * 60 };

export const unknownProductMessage = (productName: string) => `Unknown product "${productName}".`;

/**
 * Registers a computer for the licence that `Key` proves (its serial or one of its key files) and answers the
 * computer's key file (JUCE key file with mach = the Device ID). At most four computers per licence; the same
 * computer again gets its stored key back.
 */
export async function registerDeviceWithKey(options: {
  db: Db;
  products: ProductCache;
  secretBox: SecretBox;
  signer: KeyFileSigner;
  registration: RegisterDeviceRequest;
  ip: string;
}): Promise<string> {
  const { registration } = options;
  const deviceId = registration.DeviceIdHash.trim();
  // One connection for the few short queries of a registration (no transaction: the constraints decide races).
  const db = await options.db.connect();
  try {
    // Every request counts against the address's limit before any work that costs (signing): a refused one
    // here, the others in the statement that finds their licences.
    const hit = { rule: deviceRegistrationPerIp, subject: options.ip };
    const problem = findDeviceIdProblem(deviceId, registration.DeviceName);
    const product = problem ? undefined : await options.products.byName(db, registration.ProductName);
    if (problem !== null || !product) {
      await hitRateLimit(db, hit.rule, hit.subject);
      throw badRequest(problem ?? unknownProductMessage(registration.ProductName));
    }
    const licences = await findLicencesForKey(db, { product, key: registration.Key, deviceId, hit });
    if (licences.length === 0) throw badRequest(noActiveLicenceMessage(product.name));
    const registered = await registerDeviceOnLicences({
      db,
      product,
      licences,
      deviceId,
      deviceName: registration.DeviceName,
      secretBox: options.secretBox,
      signer: options.signer,
    });
    return registered.keyFile;
  } finally {
    db.release();
  }
}
