// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { useCheckoutNavigation } from '../../../lib/checkout/checkout-navigation';
import { handlePopupClosed } from '../../../lib/checkout/checkout-script';
import { stubFetch } from '../../../test/fetch-stub';
import { DirectCheckoutPage } from './direct-checkout-page';

const pushCheckoutSession = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('../../../lib/checkout/checkout-actions', () => ({ pushCheckoutSession }));

const fetchMock = stubFetch();

/** The app's shell as far as this needs it: the router on the browser's history, which the popup's close navigates. */
function Shell() {
  useCheckoutNavigation();
  const { pathname } = useLocation();
  return (
    <>
      <p data-testid="path">{pathname}</p>
      <Routes>
        <Route path="/" element={<p>Home</p>} />
        <Route path="/messageview" element={<p>Thanks for your purchase.</p>} />
        <Route path="/directurlcheckout/:productName?/:couponCode" element={<DirectCheckoutPage />} />
      </Routes>
    </>
  );
}

afterEach(() => {
  pushCheckoutSession.mockClear();
  window.history.replaceState(null, '', '/');
});

describe('the direct checkout after a completed order', () => {
  it('is not shown again by Back from the thanks, so the payment popup does not open a second time', async () => {
    fetchMock.answer('GET /api/product/', 200, [
      { id: 1, name: 'Spacey', path: 'spacey', description: '', price: '49.00', useRsa2048: false, trialDays: 0 },
    ]);
    window.history.replaceState(null, '', '/');
    window.history.pushState(null, '', '/directurlcheckout/spacey/SUMMER');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <BrowserRouter>
          <Shell />
        </BrowserRouter>
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(pushCheckoutSession).toHaveBeenCalledTimes(1));

    act(() => handlePopupClosed({ id: 'order-1', reference: 'SBX-1' }));
    expect(await screen.findByText('Thanks for your purchase.')).toBeTruthy();

    act(() => window.history.back());
    await vi.waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/'));
    expect(pushCheckoutSession).toHaveBeenCalledTimes(1);
  });
});
