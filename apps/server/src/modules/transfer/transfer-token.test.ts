import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveKey } from '../../lib/derived-key.js';
import { createTransferToken, readTransferToken, TRANSFER_TOKEN_LIFETIME_MS } from './transfer-token.js';

describe('transfer tokens', () => {
  const secret = 'test-secret';
  const now = new Date('2026-01-01T00:00:00Z');

  it('round-trips the order and owner and fits a checkout tag', () => {
    const token = createTransferToken(secret, { orderId: 42, personId: 7, now });
    expect(token).not.toContain(';');
    expect(readTransferToken(secret, token, now)).toEqual({
      orderId: 42,
      personId: 7,
      expiresAt: new Date(now.getTime() + TRANSFER_TOKEN_LIFETIME_MS),
    });
  });

  it('refuses an expired token, another secret, and any change', () => {
    const token = createTransferToken(secret, { orderId: 42, personId: 7, now });
    expect(readTransferToken(secret, token, new Date(now.getTime() + TRANSFER_TOKEN_LIFETIME_MS + 1))).toBeNull();
    expect(readTransferToken('other-secret', token, now)).toBeNull();
    expect(readTransferToken(secret, token.replace('t1.42.', 't1.43.'), now)).toBeNull();
    expect(readTransferToken(secret, 'garbage', now)).toBeNull();
  });

  it("is signed under the secret's key for transfer tokens, derived the one way (deriveKey)", () => {
    const token = createTransferToken(secret, { orderId: 42, personId: 7, now });
    const payload = token.slice(0, token.lastIndexOf('.'));
    const signature = createHmac('sha256', deriveKey(secret, 'licence-transfer-token')).update(payload).digest('base64url');
    expect(token).toBe(`${payload}.${signature}`);
  });
});
