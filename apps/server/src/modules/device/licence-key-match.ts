import { decryptKeyFile, type DecryptedKeyFile } from '../../licensing/juce-key-file.js';
import type { ProductRow } from '../product/index.js';

/** The presented key, whitespace removed: a key file's text is matched so, however a mail or a dialog wrapped it. */
export const compactKey = (text: string): string => text.replace(/\s+/g, '');

/**
 * The key file's content when one of the product's public keys opens it, it names a user and the product, and it
 * expires never: what the product signs only for an owner (a licence's key file, a registered computer's). A trial's
 * key file is signed for anyone who asks (decision 017) and proves nothing about who owns a licence.
 */
export function readProductKeyFile(product: ProductRow, key: string): DecryptedKeyFile | null {
  for (const publicKey of [product.public_key_2048, product.public_key]) {
    if (publicKey === '') continue;
    const content = tryDecrypt(key, publicKey);
    if (content && isOwnersKeyFile(content) && content.app.toLowerCase() === product.name.toLowerCase()) return content;
  }
  return null;
}

/** Names someone, and carries neither part of an expiring file (JUCE treats it as expiring only with both). */
const isOwnersKeyFile = (content: DecryptedKeyFile): boolean =>
  content.user !== '' &&
  content.email !== '' &&
  content.attributes.expiryTime === undefined &&
  content.attributes.expiring_mach === undefined;

function tryDecrypt(key: string, publicKey: string): DecryptedKeyFile | null {
  try {
    return decryptKeyFile(key, publicKey);
  } catch {
    return null; // a product key pair that cannot be read opens nothing
  }
}
