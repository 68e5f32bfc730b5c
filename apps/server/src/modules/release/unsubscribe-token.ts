import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../../lib/derived-key.js';

const tokenKey = (secret: string): Buffer => deriveKey(secret, 'release-mail-unsubscribe');
const sign = (secret: string, payload: string): string => createHmac('sha256', tokenKey(secret)).update(payload).digest('base64url');

/**
 * The token of a release mail's unsubscribe link: `u1.{personId}.{signature}`. It does not expire: a mail read a
 * year later must still unsubscribe, and all it can do is withdraw that person's consent.
 */
export function createUnsubscribeToken(secret: string, personId: number): string {
  const payload = `u1.${personId}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** The person of a token signed with `secret`, else null. */
export function readUnsubscribeToken(secret: string, token: string): number | null {
  const match = /^(u1\.(\d{1,15}))\.([\w-]{43})$/.exec(token.trim());
  if (!match) return null;
  const [, payload, personId, signature] = match as unknown as [string, string, string, string];
  return timingSafeEqual(Buffer.from(sign(secret, payload)), Buffer.from(signature)) ? Number(personId) : null;
}
