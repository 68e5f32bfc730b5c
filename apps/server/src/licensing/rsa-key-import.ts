import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { encodeBase64Url, invertModulo, recoverPrimeFactors } from './rsa-math.js';

/** Rebuilds a full CRT private key (p, q, dp, dq, qi) from n, e and d for OpenSSL; null when that fails. */
export function importPrivateKey(modulus: bigint, publicExponent: bigint, privateExponent: bigint): KeyObject | null {
  const primes = recoverPrimeFactors(modulus, publicExponent, privateExponent);
  if (primes === null) return null;
  const { p, q } = primes;
  const qInverse = invertModulo(q, p);
  if (qInverse === null) return null;
  const jwk = {
    kty: 'RSA',
    n: encodeBase64Url(modulus),
    e: encodeBase64Url(publicExponent),
    d: encodeBase64Url(privateExponent),
    p: encodeBase64Url(p),
    q: encodeBase64Url(q),
    dp: encodeBase64Url(privateExponent % (p - 1n)),
    dq: encodeBase64Url(privateExponent % (q - 1n)),
    qi: encodeBase64Url(qInverse),
  };
  try {
    return createPrivateKey({ key: jwk, format: 'jwk' });
  } catch {
    return null;
  }
}

/** Imports n and e as an OpenSSL public key; null when OpenSSL refuses them. */
export function importPublicKey(modulus: bigint, publicExponent: bigint): KeyObject | null {
  const jwk = { kty: 'RSA', n: encodeBase64Url(modulus), e: encodeBase64Url(publicExponent) };
  try {
    return createPublicKey({ key: jwk, format: 'jwk' });
  } catch {
    return null;
  }
}
