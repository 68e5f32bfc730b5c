import type { Queryable } from '../../db/client.js';
import type { RateLimitHit } from '../../lib/rate-limit.js';
import { decryptKeyFile, type DecryptedKeyFile } from '../../licensing/juce-key-file.js';
import type { ProductRow } from '../product/product.repository.js';
import * as repository from './device.repository.js';
import type { LicenceCandidate } from './device.repository.js';

const compact = (text: string): string => text.replace(/\s+/g, '');

/**
 * The active licences of the product that a presented Key proves: a key file signed with one of the product's
 * key pairs that names the product and the owner's email address (the licence holding exactly that text first;
 * for a key issued before the owner's address changed, the licence holding its exact text, whitespace ignored);
 * or the licence's serial number. Empty when the Key proves none. Each comes with its device state. `hit` is
 * counted by the first query (and refused with 429 over its limit).
 */
export async function findLicencesForKey(
  db: Queryable,
  options: { product: ProductRow; key: string; deviceId: string; hit?: RateLimitHit },
): Promise<LicenceCandidate[]> {
  const { product, key, deviceId, hit } = options;
  const content = decryptWithProductKeys(product, key);
  if (!content) return repository.findLicencesBySerial(db, deviceId, product.id, key.trim(), hit);

  const compactKey = compact(key);
  const owned = await repository.findLicencesByOwnerEmail(db, deviceId, product.id, content.email, hit);
  const exact = owned.filter((licence) => compact(licence.serial_new) === compactKey || compact(licence.serial_2048) === compactKey);
  if (owned.length > 0) return exact.length > 0 ? exact : owned;
  // Only a genuine key file gets here, so the scan of the product's licences stays rare.
  return repository.findLicencesByKeyText(db, deviceId, product.id, compactKey);
}

/** The key file's content when one of the product's public keys opens it and it names a user and the product. */
function decryptWithProductKeys(product: ProductRow, key: string): DecryptedKeyFile | null {
  for (const publicKey of [product.public_key_2048, product.public_key]) {
    if (publicKey === '') continue;
    const content = tryDecrypt(key, publicKey);
    if (content && content.user !== '' && content.email !== '' && content.app.toLowerCase() === product.name.toLowerCase()) {
      return content;
    }
  }
  return null;
}

function tryDecrypt(key: string, publicKey: string): DecryptedKeyFile | null {
  try {
    return decryptKeyFile(key, publicKey);
  } catch {
    return null; // a product key pair that cannot be read opens nothing
  }
}
