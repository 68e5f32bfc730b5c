// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { CHECKOUT_UNAVAILABLE } from '../../lib/checkout/checkout-script';
import { stubFetch } from '../../test/fetch-stub';
import { stubMatchMedia } from '../../test/match-media';
import { closeCartPanel } from './cart-panel-store';
import { CartControl } from './components/cart-control';
import { renderShopPrices } from './shop-prices';

const fetchMock = stubFetch();

beforeAll(stubMatchMedia);

// A site without a configured checkout says so in the page.
beforeEach(() => {
  document.head.innerHTML = '<meta name="checkout-unavailable" content="">';
  // The prices' own load fails too, into the console: only a press asks the checkout for something.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  closeCartPanel();
  document.head.innerHTML = '';
  vi.restoreAllMocks();
});

describe('a buy button of a content page', () => {
  it('opens the cart with the reason when the checkout cannot load', async () => {
    fetchMock.answer('GET /api/product/', 200, []);
    const content = document.createElement('main');
    content.innerHTML = '<button type="submit" product-to-checkout="spacey">Buy Spacey</button>';
    document.body.append(content);
    render(
      <MemoryRouter>
        <CartControl />
      </MemoryRouter>,
    );
    const cleanup = renderShopPrices(content);
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(within(content).getByRole('button', { name: 'Buy Spacey' }));
    const panel = await screen.findByRole('dialog', { name: 'Cart' });
    expect(within(panel).getByRole('alert').textContent).toBe(CHECKOUT_UNAVAILABLE);
    // No cart will come: the reason stands without a spinner.
    expect(within(panel).queryByRole('status')).toBeNull();
    // The product list the click asked for has come, so nothing of this test is still on its way.
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    cleanup?.();
    content.remove();
  });
});
