// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { stubFetch } from '../../../test/fetch-stub';
import { DirectCheckoutPage } from './direct-checkout-page';
import { PurchasePage } from './purchase-page';

const pushCheckoutSession = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('../../../lib/checkout/checkout-actions', () => ({ pushCheckoutSession }));

const spaceEcho = { id: 7, name: 'Space Echo', path: 'space-echo', description: 'Echo', price: '39.00', useRsa2048: false, trialDays: 30 };
const fetchMock = stubFetch();
/** The product list's answer, held until `release` so the page can be seen while it loads. */
const holdProductList = () => {
  let release: (status?: number) => void = () => undefined;
  fetchMock.mockImplementation(
    () =>
      new Promise<Response>((resolve) => {
        release = (status = 200) => resolve(new Response(status === 200 ? JSON.stringify([spaceEcho]) : 'Failed', { status }));
      }),
  );
  return (status?: number) => release(status);
};
/** Waits until the held product list request is on its way: the page has mounted and run its effects without a path. */
const waitForProductListRequest = () => vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/product/', expect.anything()));

const renderAt = (entry: string) =>
  renderRoutes(entry, {
    '/purchase/:productName/:couponCode?': <PurchasePage />,
    '/directurlcheckout/:productName?/:couponCode': <DirectCheckoutPage />,
  });

afterEach(() => {
  pushCheckoutSession.mockClear();
});

describe('purchase page', () => {
  it("pushes nothing while the product list loads, then the product's FastSpring path with the coupon", async () => {
    const release = holdProductList();
    renderAt('/purchase/Space%20Echo/SAVE10');
    expect(screen.getByRole('heading', { name: 'Buy Space Echo' })).toBeTruthy();
    await waitForProductListRequest();
    expect(pushCheckoutSession).not.toHaveBeenCalled();
    release();
    await vi.waitFor(() => expect(pushCheckoutSession).toHaveBeenCalled());
    expect(pushCheckoutSession).toHaveBeenCalledWith({ products: [{ path: 'space-echo', quantity: 1 }], coupon: 'SAVE10' });
  });

  it('pushes the name in lower case when the list cannot be loaded', async () => {
    const release = holdProductList();
    renderAt('/purchase/Space%20Echo');
    release(500);
    await vi.waitFor(() => expect(pushCheckoutSession).toHaveBeenCalledWith({ products: [{ path: 'space echo', quantity: 1 }] }));
  });
});

describe('direct checkout', () => {
  it("waits for the list, then pushes the product's path, the coupon and the checkout once", async () => {
    const release = holdProductList();
    renderAt('/directurlcheckout/space%20echo/SAVE10');
    await waitForProductListRequest();
    expect(pushCheckoutSession).not.toHaveBeenCalled();
    release();
    await vi.waitFor(() => expect(pushCheckoutSession).toHaveBeenCalledTimes(1));
    expect(pushCheckoutSession).toHaveBeenCalledWith({ coupon: 'SAVE10', checkout: true, products: [{ path: 'space-echo', quantity: 1 }] });
  });

  it('pushes the coupon at once when no product is named', async () => {
    holdProductList();
    renderAt('/directurlcheckout/SAVE10');
    await vi.waitFor(() => expect(pushCheckoutSession).toHaveBeenCalledWith({ coupon: 'SAVE10', checkout: true }));
  });
});
