// @vitest-environment jsdom
import type { OfferQuote } from '@store/contracts/offer';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkoutOfferQuote } from './checkout-actions';

const quote: OfferQuote = {
  quoteId: 'q'.repeat(22),
  expiresAt: '2026-11-27T10:00:00.000Z',
  currency: 'USD',
  price: '29.00',
  session: {
    contact: { email: 'kate@example.com' },
    items: [{ product: 'spacey-2', quantity: 1, pricing: { price: { USD: 29 } } }],
    tags: { offerQuote: 'q'.repeat(22) },
  },
  secure: null,
};

/** A builder that records the calls in order, installed as the script's (loaded once per page, so once here). */
const calls: unknown[][] = [];
const record =
  (name: string) =>
  (...args: unknown[]) =>
    calls.push([name, ...args]);
(window as { fastspring?: unknown }).fastspring = {
  builder: { push: record('push'), reset: record('reset'), secure: record('secure'), checkout: record('checkout') },
};

describe('checkoutOfferQuote', () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it('empties the cart (no coupon rides along), passes the quote’s session, then opens the checkout', async () => {
    await checkoutOfferQuote(quote);
    // Test mode (the sandbox, no key): FastSpring takes the plain session object through secure().
    expect(calls).toEqual([['reset'], ['secure', quote.session], ['checkout']]);
  });

  it('passes the encrypted payload and its key when the server sealed the session', async () => {
    await checkoutOfferQuote({ ...quote, secure: { securePayload: 'PAYLOAD', secureKey: 'KEY' } });
    expect(calls).toEqual([['reset'], ['secure', 'PAYLOAD', 'KEY'], ['checkout']]);
  });
});
