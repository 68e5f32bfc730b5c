import { describe, expect, it } from 'vitest';
import { orderTimeOf } from '../checkout/order-completed-data.js';
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

  // Fixed tokens: a change of the signing key (which would refuse the tokens in paid checkouts) shows here.
  it("is signed under the secret's key for transfer tokens (deriveKey), and still reads a token of the earlier key", () => {
    expect(createTransferToken(secret, { orderId: 42, personId: 7, now })).toBe(
      't1.42.7.1767232800.2ZwGbiPAB7k4vuU3rFE0Q8kST-t9ycC8F1OrjPsWJG8',
    );
    const earlier = 't1.42.7.1767232800.0Ucy95PHhx08oADXDH1QcGnW38KC9KlSuYexAKXmEOE';
    expect(readTransferToken(secret, earlier, now)).toEqual({ orderId: 42, personId: 7, expiresAt: new Date('2026-01-01T02:00:00Z') });
    expect(readTransferToken('other-secret', earlier, now)).toBeNull();
  });

  it("is judged at its order's time: valid when the order was placed, though expired when it is processed", () => {
    const processed = new Date(now.getTime() + 3 * 60 * 60 * 1000);
    const judgedAt = (ordered: Date) => orderTimeOf({ changed: ordered.getTime() }, undefined, processed);
    // A token valid when the order was placed, processed 3 h after it was made; one expired at the order is not.
    const token = createTransferToken(secret, { orderId: 42, personId: 7, now });
    expect(readTransferToken(secret, token, processed)).toBeNull();
    expect(readTransferToken(secret, token, judgedAt(new Date(now.getTime() + 60 * 60 * 1000)))).not.toBeNull();
    expect(readTransferToken(secret, token, judgedAt(new Date(now.getTime() + TRANSFER_TOKEN_LIFETIME_MS)))).toBeNull();
    // An order older than the bound is judged at the bound: its token, made before the order, has expired by then.
    const longAgo = new Date(processed.getTime() - 30 * 24 * 60 * 60 * 1000);
    const oldToken = createTransferToken(secret, { orderId: 42, personId: 7, now: new Date(longAgo.getTime() - 3 * 60 * 60 * 1000) });
    const oldOrder = new Date(longAgo.getTime() - 2.5 * 60 * 60 * 1000);
    expect(readTransferToken(secret, oldToken, oldOrder)).not.toBeNull();
    expect(readTransferToken(secret, oldToken, judgedAt(oldOrder))).toBeNull();
  });
});
