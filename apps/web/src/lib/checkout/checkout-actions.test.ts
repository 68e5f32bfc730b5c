// @vitest-environment jsdom
import type { OfferQuote } from '@store/contracts/offer';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_CLAIM_TAG, TRANSFER_TAG_KEY } from '@store/contracts/constants';
import { readAccountClaim } from './account-claim';
import { checkoutOfferQuote, openCheckout, pushCheckoutSession } from './checkout-actions';

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
  builder: { push: record('push'), reset: record('reset'), secure: record('secure'), checkout: record('checkout'), tag: record('tag') },
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

const sha256Hex = async (text: string) =>
  Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');

describe('the account claim of the checkout (decision 060)', () => {
  beforeEach(() => {
    calls.length = 0;
    sessionStorage.clear();
  });

  it('keeps a new claim in this tab and tags the checkout with its hash only, before it opens', async () => {
    await openCheckout();
    const claim = readAccountClaim();
    expect(claim).toMatch(/^[0-9a-f]{64}$/);
    expect(calls).toEqual([['tag', { [ACCOUNT_CLAIM_TAG]: await sha256Hex(claim!) }], ['checkout']]);

    await openCheckout();
    expect(readAccountClaim()).not.toBe(claim);
  });

  it('adds the claim to a session that opens the checkout, beside its own tags, and to no other', async () => {
    await pushCheckoutSession({ products: [{ path: 'spacey', quantity: 1 }], tags: { own: 'x' }, checkout: true });
    const claim = readAccountClaim();
    expect(calls).toEqual([
      [
        'push',
        { products: [{ path: 'spacey', quantity: 1 }], tags: { own: 'x', [ACCOUNT_CLAIM_TAG]: await sha256Hex(claim!) }, checkout: true },
      ],
    ]);

    calls.length = 0;
    await pushCheckoutSession({ products: [{ path: 'spacey', quantity: 1 }] });
    expect(calls).toEqual([['push', { products: [{ path: 'spacey', quantity: 1 }] }]]);

    // A licence transfer's checkout keeps its specified tag alone: its payer is the signed-in owner.
    calls.length = 0;
    const transfer = {
      products: [{ path: 'licensetransfer', quantity: 1 }],
      tags: { [TRANSFER_TAG_KEY]: 't;1;a@b.c;A;B' },
      checkout: true,
    };
    await pushCheckoutSession(transfer);
    expect(calls).toEqual([['push', transfer]]);
  });
});
