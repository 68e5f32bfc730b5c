import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Time-based one-time passwords (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits), as authenticator apps make them. */
export const TOTP_STEP_SECONDS = 30;
const DIGITS = 6;
const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A new shared secret: 20 random bytes (RFC 4226's recommended length), in base32 as apps take it. */
export const generateTotpSecret = (): string => encodeBase32(randomBytes(20));

/** The code of one time step (RFC 4226's HOTP with the step as counter). */
export function totpCodeAt(secretBase32: string, step: number, digits = DIGITS): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', decodeBase32(secretBase32)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return binary.toString().padStart(digits, '0');
}

export const totpStepAt = (unixMilliseconds: number): number => Math.floor(unixMilliseconds / 1000 / TOTP_STEP_SECONDS);

/**
 * The time step whose code `code` is, within one step of `now` either way (clocks drift), or undefined. A step
 * at or before `lastUsedStep` never matches, so a code works once.
 */
export function matchTotpStep(options: { secret: string; code: string; now: number; lastUsedStep: number }): number | undefined {
  const code = options.code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(code)) return undefined;
  const current = totpStepAt(options.now);
  for (const step of [current - 1, current, current + 1]) {
    if (step <= options.lastUsedStep) continue;
    if (timingSafeEqual(Buffer.from(totpCodeAt(options.secret, step)), Buffer.from(code))) return step;
  }
  return undefined;
}

/** The otpauth:// address an authenticator app reads (by QR code or typed in). */
export const totpUri = (options: { secret: string; account: string; issuer: string }): string =>
  `otpauth://totp/${encodeURIComponent(`${options.issuer}:${options.account}`)}?secret=${options.secret}` +
  `&issuer=${encodeURIComponent(options.issuer)}&algorithm=SHA1&digits=${DIGITS}&period=${TOTP_STEP_SECONDS}`;

export function encodeBase32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let output = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return output;
}

export function decodeBase32(text: string): Buffer {
  const clean = text.toUpperCase().replace(/=+$/, '').replace(/\s/g, '');
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const character of clean) {
    const index = BASE32_ALPHABET.indexOf(character);
    if (index < 0) throw new Error('Not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}
