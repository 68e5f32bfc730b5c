import {
  constants,
  createPrivateKey,
  generateKeyPairSync,
  privateDecrypt,
  publicEncrypt,
  type KeyObject,
  type RSAKeyPairOptions,
} from 'node:crypto';
import { importPrivateKey, importPublicKey } from './rsa-key-import.js';
import { countBits, decodeBase64Url, pickRandomBelow, powerModulo, readBigEndian, writeBigEndian } from './rsa-math.js';

/** The two numbers of a JUCE key text: `e,n` (public) or `d,n` (private). */
export interface KeyTextParts {
  readonly exponent: bigint;
  readonly modulus: bigint;
}

/** A private key ready for raw RSA; `keyObject` is null when only the BigInt fallback can be used. */
export interface SigningKey {
  readonly modulus: bigint;
  readonly publicExponent: bigint;
  readonly privateExponent: bigint;
  /** Modulus size in bytes: every raw block is exactly this long, big-endian. */
  readonly modulusLength: number;
  /** The modulus as a big-endian buffer of `modulusLength` bytes. */
  readonly modulusBytes: Buffer;
  readonly keyObject: KeyObject | null;
}

/** A public key ready for raw RSA; `keyObject` is null when only the BigInt fallback can be used. */
export interface VerifyingKey {
  readonly modulus: bigint;
  readonly publicExponent: bigint;
  readonly modulusLength: number;
  readonly modulusBytes: Buffer;
  readonly keyObject: KeyObject | null;
}

/** A freshly generated key pair in JUCE text form, plus its full CRT signing key. */
export interface GeneratedKeyPair {
  readonly publicKey: string;
  readonly privateKey: string;
  readonly signingKey: SigningKey;
}

type KeyRole = 'public' | 'private' | 'any';

const MISMATCH_MESSAGE = 'The public and private keys do not belong together.';
const MIN_MODULUS_BITS = 512;
const MAX_MODULUS_BITS = 16384;
const MAX_CACHED_KEYS = 64;
const NO_PADDING = constants.RSA_NO_PADDING;
const KEY_TEXT_PATTERN = /^\s*([0-9a-fA-F]+)\s*,\s*([0-9a-fA-F]+)\s*$/;

const signingKeys = new Map<string, SigningKey>();
const verifyingKeys = new Map<string, VerifyingKey>();

/** Parses JUCE key text (`e,n` or `d,n`); throws an Error with a user-safe message when it is malformed. */
export function parseKeyText(text: string, role: KeyRole): KeyTextParts {
  const parts = readKeyText(text, role);
  if (typeof parts === 'string') throw new Error(parts);
  return parts;
}

/** Formats an exponent and modulus as JUCE key text: lowercase hex, no leading zeros. */
export function formatKeyText(exponent: bigint, modulus: bigint): string {
  return `${exponent.toString(16)},${modulus.toString(16)}`;
}

/** Returns the modulus size in bits of a JUCE public or private key text. */
export function keyBits(text: string): number {
  return countBits(parseKeyText(text, 'any').modulus);
}

/** The options of a fresh RSA pair (e = 65537) whose private key comes back DER-encoded (see readGeneratedPair). */
export const rsaPairAsDer = (bits: 1024 | 2048): RSAKeyPairOptions<'der', 'der'> => ({
  modulusLength: bits,
  publicExponent: 65537,
  publicKeyEncoding: { type: 'pkcs1', format: 'der' },
  privateKeyEncoding: { type: 'pkcs1', format: 'der' },
});

/**
 * A freshly generated pair in JUCE text form, with its numbers and its private KeyObject, from the private key's
 * DER bytes (rsaPairAsDer). The bytes are read into a KeyObject of its own before its numbers are exported: on
 * Node.js 20, the KeyObject that key generation hands out shares its lock with the generation's job; exporting it to
 * JWK holds that lock while it allocates, and a garbage collection that finalises the job meanwhile waits for the
 * same lock: the process hangs for good (seen seeding the demo data in the content-page bench; decision 074). A key
 * read from DER shares no lock with any job.
 */
export function readGeneratedPair(privateKeyDer: Buffer) {
  const keyObject = createPrivateKey({ key: privateKeyDer, format: 'der', type: 'pkcs1' });
  const jwk = keyObject.export({ format: 'jwk' });
  if (jwk.n === undefined || jwk.e === undefined || jwk.d === undefined) {
    throw new Error('OpenSSL returned an incomplete RSA key.');
  }
  const modulus = decodeBase64Url(jwk.n);
  const publicExponent = decodeBase64Url(jwk.e);
  const privateExponent = decodeBase64Url(jwk.d);
  return {
    keyObject,
    modulus,
    publicExponent,
    privateExponent,
    publicKey: formatKeyText(publicExponent, modulus),
    privateKey: formatKeyText(privateExponent, modulus),
  };
}

/** Generates a product key pair (e = 65537) with OpenSSL and returns it in JUCE text form. */
export function generateKeyPair(bits: 1024 | 2048): GeneratedKeyPair {
  const pair = readGeneratedPair(generateKeyPairSync('rsa', rsaPairAsDer(bits)).privateKey);
  const signingKey = buildSigningKey(pair.modulus, pair.publicExponent, pair.privateExponent, pair.keyObject);
  rememberKey(signingKeys, cacheKeyOf(pair.privateKey, pair.publicKey), signingKey);
  return { publicKey: pair.publicKey, privateKey: pair.privateKey, signingKey };
}

/**
 * Loads a product's signing key from its JUCE texts, rebuilding the full CRT key so OpenSSL does the
 * private operations (BigInt fallback otherwise); cached, throws a user-safe Error on bad or mismatched keys.
 */
export function loadSigningKey(privateKeyText: string, publicKeyText: string): SigningKey {
  const cacheKey = cacheKeyOf(privateKeyText, publicKeyText);
  const cached = signingKeys.get(cacheKey);
  if (cached !== undefined) return cached;
  const key = createSigningKey(privateKeyText, publicKeyText);
  if (typeof key === 'string') throw new Error(key);
  rememberKey(signingKeys, cacheKey, key);
  return key;
}

/** Loads a public key from its JUCE text `e,n` for raw RSA with OpenSSL (cached). */
export function loadVerifyingKey(publicKeyText: string): VerifyingKey {
  const cached = verifyingKeys.get(publicKeyText);
  if (cached !== undefined) return cached;
  const { exponent, modulus } = parseKeyText(publicKeyText, 'public');
  const modulusLength = Math.ceil(countBits(modulus) / 8);
  const modulusBytes = writeBigEndian(modulus, modulusLength);
  const base = { modulus, publicExponent: exponent, modulusLength, modulusBytes };
  let key: VerifyingKey = { ...base, keyObject: importPublicKey(modulus, exponent) };
  if (key.keyObject !== null) {
    const probe = pickRandomBelow(modulus);
    const viaOpenSsl = applyRawPublic(key, writeBigEndian(probe, modulusLength));
    if (readBigEndian(viaOpenSsl) !== powerModulo(probe, exponent, modulus)) key = { ...base, keyObject: null };
  }
  rememberKey(verifyingKeys, publicKeyText, key);
  return key;
}

/** Raw RSA private operation (block^d mod n) on a big-endian block of exactly `modulusLength` bytes. */
export function signRawPrivate(key: SigningKey, block: Buffer): Buffer {
  if (block.length !== key.modulusLength) throw new RangeError('The block must be exactly as long as the modulus.');
  if (key.keyObject !== null) return privateDecrypt({ key: key.keyObject, padding: NO_PADDING }, block);
  return writeBigEndian(powerModulo(readBigEndian(block), key.privateExponent, key.modulus), key.modulusLength);
}

/** Raw RSA public operation (block^e mod n) on a big-endian block of exactly `modulusLength` bytes. */
export function applyRawPublic(key: VerifyingKey, block: Buffer): Buffer {
  if (block.length !== key.modulusLength) throw new RangeError('The block must be exactly as long as the modulus.');
  if (key.keyObject !== null) return publicEncrypt({ key: key.keyObject, padding: NO_PADDING }, block);
  return writeBigEndian(powerModulo(readBigEndian(block), key.publicExponent, key.modulus), key.modulusLength);
}

/** Checks a pasted key pair; returns a user-safe error message, or null when the pair is usable. */
export function validateKeyPair(publicKeyText: string, privateKeyText: string): string | null {
  const key = createSigningKey(privateKeyText, publicKeyText);
  return typeof key === 'string' ? key : null;
}

function createSigningKey(privateKeyText: string, publicKeyText: string): SigningKey | string {
  const publicParts = readKeyText(publicKeyText, 'public');
  if (typeof publicParts === 'string') return publicParts;
  const privateParts = readKeyText(privateKeyText, 'private');
  if (typeof privateParts === 'string') return privateParts;
  const { modulus, exponent: publicExponent } = publicParts;
  const privateExponent = privateParts.exponent;
  if (privateParts.modulus !== modulus) return MISMATCH_MESSAGE;
  const keyObject = importPrivateKey(modulus, publicExponent, privateExponent);
  if (keyObject !== null) {
    const key = buildSigningKey(modulus, publicExponent, privateExponent, keyObject);
    if (isRoundTripCorrect(key)) return key;
  }
  const fallback = buildSigningKey(modulus, publicExponent, privateExponent, null);
  return isRoundTripCorrect(fallback) ? fallback : MISMATCH_MESSAGE;
}

function readKeyText(text: string, role: KeyRole): KeyTextParts | string {
  const match = KEY_TEXT_PATTERN.exec(text);
  const label = role === 'any' ? 'key' : `${role} key`;
  const shape = role === 'public' ? ' (e,n)' : role === 'private' ? ' (d,n)' : '';
  if (match === null || match[1] === undefined || match[2] === undefined) {
    return `The ${label} must be two hexadecimal numbers separated by a comma${shape}.`;
  }
  const exponent = BigInt('0x' + match[1]);
  const modulus = BigInt('0x' + match[2]);
  const bits = countBits(modulus);
  if (bits < MIN_MODULUS_BITS || bits > MAX_MODULUS_BITS) {
    return `The ${label} must be between ${MIN_MODULUS_BITS} and ${MAX_MODULUS_BITS} bits long.`;
  }
  if ((modulus & 1n) === 0n || exponent < 2n || exponent >= modulus) {
    return `The ${label} is not a valid RSA key.`;
  }
  return { exponent, modulus };
}

function buildSigningKey(modulus: bigint, publicExponent: bigint, privateExponent: bigint, keyObject: KeyObject | null): SigningKey {
  const modulusLength = Math.ceil(countBits(modulus) / 8);
  const modulusBytes = writeBigEndian(modulus, modulusLength);
  return { modulus, publicExponent, privateExponent, modulusLength, modulusBytes, keyObject };
}

// One random probe: a wrong exponent passes with negligible probability.
function isRoundTripCorrect(key: SigningKey): boolean {
  const probe = pickRandomBelow(key.modulus);
  try {
    const signed = readBigEndian(signRawPrivate(key, writeBigEndian(probe, key.modulusLength)));
    return powerModulo(signed, key.publicExponent, key.modulus) === probe;
  } catch {
    return false;
  }
}

function cacheKeyOf(privateKeyText: string, publicKeyText: string): string {
  return `${privateKeyText}|${publicKeyText}`;
}

function rememberKey<T>(cache: Map<string, T>, cacheKey: string, value: T): void {
  if (cache.size >= MAX_CACHED_KEYS) {
    const oldest = cache.keys().next();
    if (oldest.done !== true) cache.delete(oldest.value);
  }
  cache.set(cacheKey, value);
}
