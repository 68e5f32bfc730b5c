import { constants, privateDecrypt, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { JUCE_KEY_1024, JUCE_KEY_2048 } from './juce-test-vectors.js';
import {
  applyRawPublic,
  formatKeyText,
  generateKeyPair,
  keyBits,
  loadSigningKey,
  loadVerifyingKey,
  parseKeyText,
  signRawPrivate,
  validateKeyPair,
  type SigningKey,
} from './rsa-key.js';
import { powerModulo, readBigEndian, writeBigEndian } from './rsa-math.js';

const MISMATCH = 'The public and private keys do not belong together.';
const KEY_TEXT = /^[0-9a-f]+,[0-9a-f]+$/;

function randomBlock(key: SigningKey): Buffer {
  return writeBigEndian(readBigEndian(randomBytes(key.modulusLength)) % key.modulus, key.modulusLength);
}

describe('generateKeyPair', () => {
  it.each([1024, 2048] as const)('makes a valid %i-bit pair in JUCE text form', (bits) => {
    const pair = generateKeyPair(bits);
    expect(pair.publicKey).toMatch(KEY_TEXT);
    expect(pair.privateKey).toMatch(KEY_TEXT);
    expect(pair.publicKey.startsWith('10001,')).toBe(true);
    expect(pair.publicKey.split(',')[1]).toBe(pair.privateKey.split(',')[1]);
    expect(keyBits(pair.publicKey)).toBe(bits);
    expect(keyBits(pair.privateKey)).toBe(bits);
    expect(pair.signingKey.keyObject).not.toBeNull();
    expect(validateKeyPair(pair.publicKey, pair.privateKey)).toBeNull();
  });
});

describe('validateKeyPair', () => {
  it('accepts the JUCE-made reference pairs (e = 5)', () => {
    expect(validateKeyPair(JUCE_KEY_1024.publicKey, JUCE_KEY_1024.privateKey)).toBeNull();
    expect(validateKeyPair(JUCE_KEY_2048.publicKey, JUCE_KEY_2048.privateKey)).toBeNull();
    expect(keyBits(JUCE_KEY_1024.publicKey)).toBe(1024);
    expect(keyBits(JUCE_KEY_2048.privateKey)).toBe(2048);
  });

  it('refuses a public key from one pair with the private key of another', () => {
    const first = generateKeyPair(1024);
    const second = generateKeyPair(1024);
    expect(validateKeyPair(first.publicKey, second.privateKey)).toBe(MISMATCH);
    expect(validateKeyPair(JUCE_KEY_1024.publicKey, JUCE_KEY_2048.privateKey)).toBe(MISMATCH);
  });

  it('refuses a pair whose moduli agree but whose exponents do not invert each other', () => {
    const modulus = JUCE_KEY_1024.publicKey.split(',')[1];
    expect(validateKeyPair(`3,${modulus}`, JUCE_KEY_1024.privateKey)).toBe(MISMATCH);
    expect(validateKeyPair(JUCE_KEY_1024.publicKey, `abcdef,${modulus}`)).toBe(MISMATCH);
  });

  it.each([
    ['', 'The public key must be two hexadecimal numbers separated by a comma (e,n).'],
    ['5', 'The public key must be two hexadecimal numbers separated by a comma (e,n).'],
    ['5,xyz', 'The public key must be two hexadecimal numbers separated by a comma (e,n).'],
    ['5,a3,09', 'The public key must be two hexadecimal numbers separated by a comma (e,n).'],
    ['0x5,a309', 'The public key must be two hexadecimal numbers separated by a comma (e,n).'],
    ['5,a309b49e', 'The public key must be between 512 and 16384 bits long.'],
  ])('refuses the malformed public key %j', (publicKey, message) => {
    expect(validateKeyPair(publicKey, JUCE_KEY_1024.privateKey)).toBe(message);
  });

  it('refuses malformed private keys and invalid numbers', () => {
    const modulus = JUCE_KEY_1024.publicKey.split(',')[1] ?? '';
    expect(validateKeyPair(JUCE_KEY_1024.publicKey, 'not a key')).toBe(
      'The private key must be two hexadecimal numbers separated by a comma (d,n).',
    );
    expect(validateKeyPair(`1,${modulus}`, JUCE_KEY_1024.privateKey)).toBe('The public key is not a valid RSA key.');
    expect(validateKeyPair(`5,${modulus.slice(0, -1)}4`, JUCE_KEY_1024.privateKey)).toBe('The public key is not a valid RSA key.');
    expect(() => keyBits('nonsense')).toThrow('The key must be two hexadecimal numbers separated by a comma.');
  });

  it('accepts upper case and surrounding spaces, as JUCE does', () => {
    expect(validateKeyPair(` ${JUCE_KEY_1024.publicKey.toUpperCase()} `, JUCE_KEY_1024.privateKey)).toBeNull();
    const parts = parseKeyText(JUCE_KEY_1024.publicKey.toUpperCase(), 'public');
    expect(parts.exponent).toBe(5n);
    expect(formatKeyText(parts.exponent, parts.modulus)).toBe(JUCE_KEY_1024.publicKey);
  });
});

describe('loadSigningKey', () => {
  it('rebuilds an OpenSSL CRT key from the JUCE texts and caches it', () => {
    const key = loadSigningKey(JUCE_KEY_2048.privateKey, JUCE_KEY_2048.publicKey);
    expect(key.keyObject).not.toBeNull();
    expect(key.keyObject?.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(loadSigningKey(JUCE_KEY_2048.privateKey, JUCE_KEY_2048.publicKey)).toBe(key);
  });

  it('rebuilds Node-generated keys from text alone (upper case defeats the generation cache)', () => {
    const pair = generateKeyPair(1024);
    const key = loadSigningKey(pair.privateKey.toUpperCase(), pair.publicKey.toUpperCase());
    expect(key.keyObject).not.toBeNull();
    expect(key).not.toBe(pair.signingKey);
    const block = randomBlock(key);
    expect(signRawPrivate(key, block).equals(signRawPrivate(pair.signingKey, block))).toBe(true);
  });

  it('throws the user-safe message on mismatched keys', () => {
    expect(() => loadSigningKey(JUCE_KEY_2048.privateKey, JUCE_KEY_1024.publicKey)).toThrow(MISMATCH);
  });
});

describe('raw RSA operations', () => {
  it.each([
    ['JUCE 1024', JUCE_KEY_1024],
    ['JUCE 2048', JUCE_KEY_2048],
    ['Node 2048', generateKeyPair(2048)],
  ])('OpenSSL and the BigInt fallback agree (%s)', (_name, pair) => {
    const key = loadSigningKey(pair.privateKey, pair.publicKey);
    const keyObject = key.keyObject;
    if (keyObject === null) throw new Error('Expected an OpenSSL key.');
    const fallback: SigningKey = { ...key, keyObject: null };
    const publicKey = loadVerifyingKey(pair.publicKey);
    const publicFallback = { ...publicKey, keyObject: null };
    expect(publicKey.keyObject).not.toBeNull();
    const blocks = [randomBlock(key), randomBlock(key), writeBigEndian(0n, key.modulusLength)];
    blocks.push(writeBigEndian(1n, key.modulusLength), writeBigEndian(key.modulus - 1n, key.modulusLength));
    for (const block of blocks) {
      const signed = signRawPrivate(key, block);
      expect(signed.length).toBe(key.modulusLength);
      expect(signed.equals(signRawPrivate(fallback, block))).toBe(true);
      const expected = powerModulo(readBigEndian(block), key.privateExponent, key.modulus);
      expect(readBigEndian(signed)).toBe(expected);
      const raw = privateDecrypt({ key: keyObject, padding: constants.RSA_NO_PADDING }, block);
      expect(signed.equals(raw)).toBe(true);
      const recovered = applyRawPublic(publicKey, signed);
      expect(recovered.equals(block)).toBe(true);
      expect(applyRawPublic(publicFallback, signed).equals(block)).toBe(true);
    }
  });

  it('requires blocks of exactly the modulus length', () => {
    const key = loadSigningKey(JUCE_KEY_1024.privateKey, JUCE_KEY_1024.publicKey);
    expect(() => signRawPrivate(key, Buffer.alloc(127))).toThrow(RangeError);
    expect(() => applyRawPublic(loadVerifyingKey(JUCE_KEY_1024.publicKey), Buffer.alloc(129))).toThrow(RangeError);
  });
});
