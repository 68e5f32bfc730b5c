import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// The removal code of a computer (decision 041). The key file that a plug-in built on clients/juce gets carries a
// random secret (`removal`); when the plug-in removes its key it shows HMAC-SHA256(secret, "release:" + Device ID),
// cut to 12 hex digits. The server keeps the secret with the computer and frees its place for the matching code,
// once. The code proves that someone held that computer's key file (in practice: the plug-in ran its removal
// there); it cannot prove that no copy of the key file was kept.

/** A new computer's removal secret: 128 random bits in hex. */
export const createRemovalSecret = (): string => randomBytes(16).toString('hex');

/** The code a plug-in shows when it removes its key: `XXXX-XXXX-XXXX` (hex, upper case). */
export function computeRemovalCode(secret: string, deviceId: string): string {
  const digits = createHmac('sha256', secret).update(`release:${deviceId.trim().toUpperCase()}`).digest('hex').slice(0, 12).toUpperCase();
  return formatRemovalCode(digits);
}

/** A code as typed (any case, spaces or dashes) in its one written form; '' when it cannot be one. */
export function normaliseRemovalCode(typed: string): string {
  const digits = typed.toUpperCase().replace(/[\s-]/g, '');
  return /^[0-9A-F]{12}$/.test(digits) ? formatRemovalCode(digits) : '';
}

/** Whether the code is the one this secret gives for the computer, compared in constant time. */
export function isRemovalCodeOf(code: string, secret: string, deviceId: string): boolean {
  const expected = Buffer.from(computeRemovalCode(secret, deviceId));
  const given = Buffer.from(code);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const formatRemovalCode = (digits: string) => `${digits.slice(0, 4)}-${digits.slice(4, 8)}-${digits.slice(8, 12)}`;
