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

/**
 * Whether a key file read by readProductKeyFile may prove the licence for the computer `deviceId`: a licence's key
 * file names no computer; a computer's key file names its own (JUCE compares IDs ignoring case), and a copy of it
 * proves nothing for another computer (decision 081).
 */
export const isKeyFileOfComputer = (content: DecryptedKeyFile, deviceId: string): boolean =>
  content.machineNumbers.length === 0 || content.machineNumbers.some((id) => id.toLowerCase() === deviceId.toLowerCase());

export const otherComputersKeyFileMessage =
  "This key file was made for another computer. Register this computer with the licence's serial number or key file.";

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
