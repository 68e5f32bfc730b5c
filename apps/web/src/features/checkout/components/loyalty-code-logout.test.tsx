// @vitest-environment jsdom
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import { act, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { receiveCheckoutData } from '../../../lib/checkout/checkout-store';
import { logOut } from '../../../lib/session';
import { stubFetch } from '../../../test/fetch-stub';
import { renderWithQueryClient } from '../../../test/render';
import { CartControl } from './cart-control';
import { LoyaltyBanner } from './loyalty-banner';

const fetchMock = stubFetch();
/** The checkout script's builder; the checkout runs in continuous mode, so what it is told outlives the login. */
const builder = { promo: vi.fn() };

afterEach(() => {
  window.localStorage.clear();
  delete (window as { fastspring?: unknown }).fastspring;
});

describe("the customer's loyalty code on a shared computer", () => {
  it('is taken out of the kept cart when the customer logs out', async () => {
    (window as { fastspring?: unknown }).fastspring = { builder };
    window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify({ name: 'ann@example.com', token: 'token-1' }));
    fetchMock.answer('POST /api/fastspring/loyaltycoupon', 200, JSON.stringify('LOYAL-1234'));
    // The navbar's cart control is on every page; the banner on the customer area.
    renderWithQueryClient(
      <MemoryRouter>
        <CartControl />
        <LoyaltyBanner />
      </MemoryRouter>,
    );
    await screen.findByTestId('loyalty-banner');
    await vi.waitFor(() => expect(builder.promo).toHaveBeenCalledWith('LOYAL-1234'));
    act(() => receiveCheckoutData({ currency: 'USD', groups: [{ items: [] }], coupons: ['LOYAL-1234'] }));

    act(() => logOut());
    await vi.waitFor(() => expect(builder.promo).toHaveBeenLastCalledWith(''));
  });
});
