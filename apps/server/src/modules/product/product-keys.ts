import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import { readGeneratedPair, rsaPairAsDer } from '../../licensing/rsa-key.js';

const generateRsaKeyPair = promisify(generateKeyPair);

/**
 * A product key pair (e = 65537) in JUCE text form, like licensing's generateKeyPair but generated on libuv's
 * thread pool: finding 2048-bit primes can take a second, which must not stall every other request.
 */
export async function generateProductKeyPair(bits: 1024 | 2048): Promise<{ publicKey: string; privateKey: string }> {
  const { publicKey, privateKey } = readGeneratedPair((await generateRsaKeyPair('rsa', rsaPairAsDer(bits))).privateKey);
  return { publicKey, privateKey };
}
