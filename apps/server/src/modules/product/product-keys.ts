import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import { formatKeyText, keyOfGeneratedPair, rsaPairAsDer } from '../../licensing/rsa-key.js';
import { decodeBase64Url } from '../../licensing/rsa-math.js';

const generateRsaKeyPair = promisify(generateKeyPair);

/**
 * A product key pair (e = 65537) in JUCE text form, like licensing's generateKeyPair but generated on libuv's
 * thread pool: finding 2048-bit primes can take a second, which must not stall every other request.
 */
export async function generateProductKeyPair(bits: 1024 | 2048): Promise<{ publicKey: string; privateKey: string }> {
  // Read from DER into a key of its own: exporting the generated KeyObject can hang Node.js 20 (rsa-key.ts).
  const privateKey = keyOfGeneratedPair((await generateRsaKeyPair('rsa', rsaPairAsDer(bits))).privateKey);
  const jwk = privateKey.export({ format: 'jwk' });
  if (jwk.n === undefined || jwk.e === undefined || jwk.d === undefined) throw new Error('OpenSSL returned an incomplete RSA key.');
  const modulus = decodeBase64Url(jwk.n);
  return {
    publicKey: formatKeyText(decodeBase64Url(jwk.e), modulus),
    privateKey: formatKeyText(decodeBase64Url(jwk.d), modulus),
  };
}
