import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import { formatKeyText } from '../../licensing/rsa-key.js';
import { decodeBase64Url } from '../../licensing/rsa-math.js';

const generateRsaKeyPair = promisify(generateKeyPair);

/**
 * A product key pair (e = 65537) in JUCE text form, like licensing's generateKeyPair but generated on libuv's
 * thread pool: finding 2048-bit primes can take a second, which must not stall every other request.
 */
export async function generateProductKeyPair(bits: 1024 | 2048): Promise<{ publicKey: string; privateKey: string }> {
  const { privateKey } = await generateRsaKeyPair('rsa', { modulusLength: bits, publicExponent: 65537 });
  const jwk = privateKey.export({ format: 'jwk' });
  if (jwk.n === undefined || jwk.e === undefined || jwk.d === undefined) throw new Error('OpenSSL returned an incomplete RSA key.');
  const modulus = decodeBase64Url(jwk.n);
  return {
    publicKey: formatKeyText(decodeBase64Url(jwk.e), modulus),
    privateKey: formatKeyText(decodeBase64Url(jwk.d), modulus),
  };
}
