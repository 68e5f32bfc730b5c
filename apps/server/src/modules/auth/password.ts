import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane).
const argonOptions = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id. */
export const hashPassword = (password: string): Promise<string> => hash(password, argonOptions);

/** Checks a password against a stored hash; a malformed hash never matches. */
export const verifyPassword = (storedHash: string, password: string): Promise<boolean> => verify(storedHash, password).catch(() => false);

/** A readable random password for resets and the first admin start. */
export function generatePassword(length = 14): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(length);
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

/** A hash that no password matches, verified against when the login does not exist (same timing). */
let decoyHash: Promise<string> | undefined;
export const getDecoyHash = (): Promise<string> => (decoyHash ??= hashPassword(randomBytes(16).toString('hex')));
