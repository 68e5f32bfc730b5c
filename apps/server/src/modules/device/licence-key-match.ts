import { decryptKeyFile, type DecryptedKeyFile } from '../../licensing/juce-key-file.js';
import type { ProductRow } from '../product/product.repository.js';

/** The presented key, whitespace removed: a key file's text is matched so, however a mail or a dialog wrapped it. */
export const compactKey = (text: string): string => text.replace(/\s+/g, '');

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
