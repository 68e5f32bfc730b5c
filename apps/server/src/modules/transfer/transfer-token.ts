import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../../lib/derived-key.js';

export const TRANSFER_TOKEN_LIFETIME_MS = 2 * 60 * 60 * 1000;

/** What a transfer token vouches for: this owner may transfer this licence until `expiresAt`. */
export type TransferGrant = { orderId: number; personId: number; expiresAt: Date };

// A key of its own, derived from the configured secret, so a token never reveals anything about the other uses.
const tokenKey = (secret: string): Buffer => deriveKey(secret, 'licence-transfer-token');
/**
 * The key of tokens issued before every key was derived by deriveKey (2026-11-25). A token travels in a paid
 * checkout's tag, and the order's webhook may come after an update: it is still read. Tokens live two hours, but a
 * paid order's webhook honours them for up to 30 days after it (checkout's ORDER_TIME_MAX_AGE_MS, decision 084), so
 * this can go with a release at least that long after 2026-11-25.
 */
const earlierTokenKey = (secret: string): Buffer => Buffer.from(hkdfSync('sha256', secret, 'plugin-store', 'licence-transfer-token', 32));

const sign = (key: Buffer, payload: string): string => createHmac('sha256', key).update(payload).digest('base64url');

/**
 * A signed token `t1.{orderId}.{personId}.{expiry}.{signature}` (no `;`, so it fits the checkout tag). Binding the
 * owner makes it worthless once the licence has moved.
 */
export function createTransferToken(secret: string, grant: { orderId: number; personId: number; now?: Date }): string {
  const expiresAt = Math.floor(((grant.now ?? new Date()).getTime() + TRANSFER_TOKEN_LIFETIME_MS) / 1000);
  const payload = `t1.${grant.orderId}.${grant.personId}.${expiresAt}`;
  return `${payload}.${sign(tokenKey(secret), payload)}`;
}

/** The grant of a token signed with `secret` and not expired, else null. */
export function readTransferToken(secret: string, token: string, now = new Date()): TransferGrant | null {
  const match = /^(t1\.(\d{1,15})\.(\d{1,15})\.(\d{1,12}))\.([\w-]{43})$/.exec(token.trim());
  if (!match) return null;
  const [, payload, orderId, personId, expiry, signature] = match as unknown as [string, string, string, string, string, string];
  const isSigned = [tokenKey(secret), earlierTokenKey(secret)].some((key) =>
    timingSafeEqual(Buffer.from(sign(key, payload)), Buffer.from(signature)),
  );
  if (!isSigned) return null;
  const expiresAt = new Date(Number(expiry) * 1000);
  if (expiresAt <= now) return null;
  return { orderId: Number(orderId), personId: Number(personId), expiresAt };
}

/** The configured secret the tokens are derived from; buildApp refuses to start without it. */
export function transferTokenSecretOf(config: { KEY_ENCRYPTION_SECRET?: string | undefined }): string {
  if (!config.KEY_ENCRYPTION_SECRET) throw new Error('KEY_ENCRYPTION_SECRET is missing');
  return config.KEY_ENCRYPTION_SECRET;
}
