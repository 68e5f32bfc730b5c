// @vitest-environment jsdom
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyPromotion } from '../../../lib/checkout/checkout-actions';
import { stubFetch } from '../../../test/fetch-stub';
import { renderWithQueryClient } from '../../../test/render';
import { useCartPanel } from '../cart-panel-store';
import { LoyaltyBanner } from './loyalty-banner';

vi.mock('../../../lib/checkout/checkout-actions', () => ({
  applyPromotion: vi.fn(() => Promise.resolve()),
  ensureCheckoutLoaded: vi.fn(() => Promise.resolve()),
  openCheckout: vi.fn(() => Promise.resolve()),
}));

const fetchMock = stubFetch();

function CartPanelState() {
  return <p data-testid="cart-panel">{useCartPanel().isOpen ? 'open' : 'closed'}</p>;
}

beforeEach(() => {
  window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify({ name: 'ann@example.com', token: 'token-1' }));
});
afterEach(() => {
  window.localStorage.clear();
  vi.mocked(applyPromotion).mockClear();
});

describe('loyalty banner', () => {
  it("shows the customer's code, applied at once and again by its button, which opens the cart", async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify('LOYAL-1234'), { status: 200 }));
    renderWithQueryClient(
      <>
        <LoyaltyBanner />
        <CartPanelState />
      </>,
    );
    const banner = await screen.findByTestId('loyalty-banner');
    expect(banner.textContent).toContain('Get 15% loyalty discount on all products now');
    expect(screen.getByTestId('loyalty-code').textContent).toBe('LOYAL-1234');
    await waitFor(() => expect(applyPromotion).toHaveBeenCalledWith('LOYAL-1234'));

    fireEvent.click(screen.getByRole('button', { name: 'Apply it to your cart' }));
    await waitFor(() => expect(applyPromotion).toHaveBeenCalledTimes(2));
    expect(screen.getByTestId('cart-panel').textContent).toBe('open');
  });

  it('shows nothing without a code', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify(''), { status: 200 }));
    renderWithQueryClient(<LoyaltyBanner />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('loyalty-banner')).toBeNull();
  });
});
