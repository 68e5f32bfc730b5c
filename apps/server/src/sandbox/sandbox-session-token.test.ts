import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveKey } from '../lib/derived-key.js';
import { sandboxCart } from './sandbox-cart.js';
import { createSessionToken, readSessionToken, type CheckoutSession } from './sandbox-session-token.js';

describe('sandbox checkout sessions', () => {
  const secret = 'test-secret';
  const session: CheckoutSession = {
    orderId: 'order-1',
    cart: sandboxCart.parse({ items: [{ path: 'spacey', quantity: 1 }] }),
    createdAt: Date.now(),
  };

  it("are signed under the secret's key for checkout sessions, derived the one way (deriveKey)", () => {
    const token = createSessionToken(secret, session);
    const [body] = token.split('.');
    const signature = createHmac('sha256', deriveKey(secret, 'sandbox-checkout-session')).update(body!).digest('base64url');
    expect(token).toBe(`${body}.${signature}`);
  });

  it('read back as made, and refuse a token signed with another secret', () => {
    expect(readSessionToken(secret, createSessionToken(secret, session))).toEqual(session);
    expect(() => readSessionToken(secret, createSessionToken('other-secret', session))).toThrow(/not valid/);
  });
});
