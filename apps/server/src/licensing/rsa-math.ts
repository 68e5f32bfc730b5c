import { randomBytes } from 'node:crypto';

/** Computes base^exponent mod modulus with BigInt (slow path; OpenSSL does the hot path). */
export function powerModulo(base: bigint, exponent: bigint, modulus: bigint): bigint {
  if (modulus === 1n) return 0n;
  let result = 1n;
  let square = base % modulus;
  let remaining = exponent;
  while (remaining > 0n) {
    if ((remaining & 1n) === 1n) result = (result * square) % modulus;
    square = (square * square) % modulus;
    remaining >>= 1n;
  }
  return result;
}

/** Returns the greatest common divisor of two non-negative integers. */
export function greatestCommonDivisor(a: bigint, b: bigint): bigint {
  let x = a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** Returns the inverse of value modulo modulus, or null when none exists. */
export function invertModulo(value: bigint, modulus: bigint): bigint | null {
  let [oldR, r] = [value % modulus, modulus];
  let [oldS, s] = [1n, 0n];
  while (r !== 0n) {
    const quotient = oldR / r;
    [oldR, r] = [r, oldR - quotient * r];
    [oldS, s] = [s, oldS - quotient * s];
  }
  if (oldR !== 1n) return null;
  return ((oldS % modulus) + modulus) % modulus;
}

/** Returns the number of significant bits of a non-negative integer. */
export function countBits(value: bigint): number {
  return value === 0n ? 0 : value.toString(2).length;
}

/** Reads an unsigned big-endian buffer as an integer. */
export function readBigEndian(bytes: Uint8Array): bigint {
  return bytes.length === 0 ? 0n : BigInt('0x' + Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('hex'));
}

/** Writes a non-negative integer as an unsigned big-endian buffer of exactly `length` bytes. */
export function writeBigEndian(value: bigint, length: number): Buffer {
  const hex = value.toString(16);
  if (hex.length > length * 2) throw new RangeError('Value does not fit in the requested length.');
  return Buffer.from(hex.padStart(length * 2, '0'), 'hex');
}

/** Encodes a non-negative integer as minimal big-endian base64url, as JWK expects. */
export function encodeBase64Url(value: bigint): string {
  const hex = value.toString(16);
  return Buffer.from(hex.length % 2 === 0 ? hex : '0' + hex, 'hex').toString('base64url');
}

/** Decodes a JWK base64url number into an integer. */
export function decodeBase64Url(text: string): bigint {
  return readBigEndian(Buffer.from(text, 'base64url'));
}

/** Returns a uniformly chosen integer in [2, modulus - 2] (modulus > 4). */
export function pickRandomBelow(modulus: bigint): bigint {
  const byteLength = Math.ceil(countBits(modulus) / 8) + 8;
  return (readBigEndian(randomBytes(byteLength)) % (modulus - 3n)) + 2n;
}

/**
 * Recovers the primes p and q of n from (n, e, d) with the standard probabilistic method
 * (factor k = e·d − 1 = 2^t·r and look for a non-trivial square root of 1), or null when the
 * exponents do not invert each other or n is not a product of two primes.
 */
export function recoverPrimeFactors(modulus: bigint, publicExponent: bigint, privateExponent: bigint): { p: bigint; q: bigint } | null {
  const k = publicExponent * privateExponent - 1n;
  if (k <= 0n || (k & 1n) === 1n || (modulus & 1n) === 0n) return null;
  let oddPart = k;
  let twos = 0;
  while ((oddPart & 1n) === 0n) {
    oddPart >>= 1n;
    twos += 1;
  }
  const minusOne = modulus - 1n;
  const maxAttempts = 100;
  for (let attempt = 0, base = 2n; attempt < maxAttempts; attempt += 1, base += 1n) {
    const shared = greatestCommonDivisor(base, modulus);
    if (shared !== 1n) return splitModulus(modulus, shared);
    let y = powerModulo(base, oddPart, modulus);
    if (y === 1n || y === minusOne) continue;
    let isMinusOne = false;
    for (let step = 0; step < twos; step += 1) {
      const x = (y * y) % modulus;
      if (x === 1n) return splitModulus(modulus, greatestCommonDivisor(y - 1n, modulus));
      if (x === minusOne) {
        isMinusOne = true;
        break;
      }
      y = x;
    }
    // base^k is not 1, so e·d ≢ 1 (mod λ(n)): the exponents do not belong together.
    if (!isMinusOne) return null;
  }
  return null;
}

function splitModulus(modulus: bigint, factor: bigint): { p: bigint; q: bigint } | null {
  if (factor <= 1n || factor >= modulus || modulus % factor !== 0n) return null;
  return { p: factor, q: modulus / factor };
}
