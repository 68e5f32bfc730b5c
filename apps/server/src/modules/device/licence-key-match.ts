import type { Queryable } from '../../db/client.js';
import type { RateLimitHit } from '../../lib/rate-limit.js';
import { decryptKeyFile, type DecryptedKeyFile } from '../../licensing/juce-key-file.js';
import type { ProductRow } from '../product/product.repository.js';
import * as repository from './device.repository.js';
import type { LicenceCandidate } from './device.repository.js';

/** The presented key, whitespace removed: a key file's text is matched so, however a mail or a dialog wrapped it. */
export const compactKey = (text: string): string => text.replace(/\s+/g, '');

/**
 * The active licences of the product that a presented Key proves without naming its owner: the licence whose
 * serial number it is (case-insensitive), or, for a genuine key file whose address is no licence owner's (issued
 * before the owner's address changed), the licence holding its exact text, whitespace ignored. A key file naming
 * its owner is matched in the registration's own statement (registerWithSignedKey). Each comes with its device
 * state; `hit` is counted by the serial's query (and refused with 429 over its limit).
 */
export function findLicencesForKey(
  db: Queryable,
  options: { product: ProductRow; key: string; keyFile: DecryptedKeyFile | null; deviceId: string; hit?: RateLimitHit },
): Promise<LicenceCandidate[]> {
  const { product, key, deviceId, hit } = options;
  if (!options.keyFile) return repository.findLicencesBySerial(db, deviceId, product.id, key.trim(), hit);
  // Only a genuine key file gets here, so the scan of the product's licences stays rare.
  return repository.findLicencesByKeyText(db, deviceId, product.id, compactKey(key));
}

/** The key file's content when one of the product's public keys opens it and it names a user and the product. */
export function readProductKeyFile(product: ProductRow, key: string): DecryptedKeyFile | null {
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
