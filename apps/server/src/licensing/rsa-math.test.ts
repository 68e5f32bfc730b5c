import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  countBits,
  decodeBase64Url,
  encodeBase64Url,
  greatestCommonDivisor,
  invertModulo,
  pickRandomBelow,
  powerModulo,
  readBigEndian,
  recoverPrimeFactors,
  writeBigEndian,
} from './rsa-math.js';

describe('rsa-math', () => {
  it('computes modular powers, inverses and gcds', () => {
    expect(powerModulo(4n, 13n, 497n)).toBe(445n);
    expect(powerModulo(7n, 0n, 13n)).toBe(1n);
    expect(powerModulo(5n, 3n, 1n)).toBe(0n);
    expect(invertModulo(3n, 11n)).toBe(4n);
    expect(invertModulo(6n, 9n)).toBeNull();
    expect(greatestCommonDivisor(84n, 36n)).toBe(12n);
    expect(countBits(0n)).toBe(0);
    expect(countBits(0x80n)).toBe(8);
  });

  it('converts between big-endian buffers, base64url and integers', () => {
    expect(writeBigEndian(0x0102n, 4).toString('hex')).toBe('00000102');
    expect(readBigEndian(Buffer.from('00000102', 'hex'))).toBe(0x0102n);
    expect(readBigEndian(Buffer.alloc(0))).toBe(0n);
    expect(() => writeBigEndian(0x10000n, 2)).toThrow(RangeError);
    expect(decodeBase64Url(encodeBase64Url(0xabcdefn))).toBe(0xabcdefn);
    expect(encodeBase64Url(65537n)).toBe('AQAB');
  });

  it('picks random values inside [2, n - 2]', () => {
    for (let round = 0; round < 200; round += 1) {
      const value = pickRandomBelow(11n);
      expect(value >= 2n && value <= 9n).toBe(true);
    }
  });

  it('recovers p and q from n, e and d', () => {
    const jwk = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'jwk' });
    const [n, e, d, p, q] = [jwk.n, jwk.e, jwk.d, jwk.p, jwk.q].map((part) => decodeBase64Url(part ?? ''));
    const primes = recoverPrimeFactors(n ?? 0n, e ?? 0n, d ?? 0n);
    expect(primes).not.toBeNull();
    expect([primes?.p, primes?.q].sort()).toEqual([p, q].sort());
  });

  it('refuses exponents that do not invert each other', () => {
    const jwk = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'jwk' });
    const n = decodeBase64Url(jwk.n ?? '');
    const d = decodeBase64Url(jwk.d ?? '');
    expect(recoverPrimeFactors(n, 3n, d)).toBeNull();
    expect(recoverPrimeFactors(n, 65537n, d + 2n)).toBeNull();
  });
});
