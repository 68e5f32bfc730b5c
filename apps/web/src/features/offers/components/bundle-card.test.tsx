// @vitest-environment jsdom
import type { CustomerBundle } from '@store/contracts/bundle';
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkoutOfferQuote } from '../../../lib/checkout/checkout-actions';
import { stubFetch } from '../../../test/fetch-stub';
import { renderWithQueryClient } from '../../../test/render';
import { BundleCard } from './bundle-card';

vi.mock('../../../lib/checkout/checkout-actions', () => ({ checkoutOfferQuote: vi.fn(() => Promise.resolve()) }));

const fetchMock = stubFetch();

const studioBundle = (owned: string[]): CustomerBundle => ({
  bundleProductId: 7,
  bundleName: 'Studio Bundle',
  bundlePath: 'studio-bundle',
  normalPrices: { USD: '119.00' },
  prices: owned.length === 3 ? {} : { USD: '81.86' },
  isComplete: owned.length === 3,
  products: ['Spacey', 'Punch', 'Tapewarm'].map((name, index) => ({ productId: index + 1, name, isOwned: owned.includes(name) })),
});

const quote = {
  quoteId: 'q1',
  expiresAt: '2026-01-01T00:00:00.000Z',
  currency: 'USD',
  price: '81.86',
  session: {
    contact: { email: 'ann@example.com' },
    items: [{ product: 'studio-bundle', quantity: 1, pricing: { price: { USD: 81.86 } } }],
    tags: { offerQuote: 'q1' },
  },
  secure: null,
  ownedProductIds: [1],
};

beforeEach(() => {
  window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify({ name: 'ann@example.com', token: 'token-1' }));
});
afterEach(() => {
  window.localStorage.clear();
  vi.mocked(checkoutOfferQuote).mockClear();
});

describe('BundleCard', () => {
  it('shows the owner’s price beside the whole one, and buys it through the bundle’s quote and the checkout', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify(quote), { status: 200 }));
    renderWithQueryClient(<BundleCard bundle={studioBundle(['Spacey'])} />);
    expect(screen.getByTestId('offer-title').textContent).toBe('Complete your bundle');
    expect(screen.getByTestId('offer-price').textContent).toBe('USD 81.86');
    expect(screen.getByTestId('normal-price').textContent).toBe('USD 119.00');
    expect(screen.getByTestId('bundle-offer').textContent).toContain('you get Punch and Tapewarm');

    fireEvent.click(screen.getByRole('button', { name: 'Complete your bundle for USD 81.86' }));
    await waitFor(() => expect(checkoutOfferQuote).toHaveBeenCalledWith(quote));
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(url).toMatch(/\/api\/userinfo\/bundles\/quote$/);
    expect(JSON.parse(init.body as string)).toEqual({ bundleProductId: 7, currency: 'USD' });
  });

  it('tells an owner of all of it so, with no price and no button', () => {
    renderWithQueryClient(<BundleCard bundle={studioBundle(['Spacey', 'Punch', 'Tapewarm'])} />);
    expect(screen.getByTestId('bundle-complete').textContent).toBe('You own everything in the Studio Bundle: Spacey, Punch and Tapewarm.');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
