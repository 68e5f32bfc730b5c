// @vitest-environment jsdom
import type { CustomerOrder } from '@store/contracts/customer-order';
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderWithQueryClient } from '../../../test/render';
import { OrdersSection } from './orders-section';

const fetchMock = stubFetch();

const money = { discount: 0, tax: null, total: null };
const bundleOrder: CustomerOrder = {
  providerOrderId: 'order-1',
  reference: 'SBX261127-1234-56789',
  date: '2026-11-27T10:00:00.000Z',
  isGift: false,
  isPayer: true,
  currency: 'USD',
  items: [
    { product: 'studio-bundle', name: 'Studio Bundle', isBundle: true, quantity: 1, subtotal: 81.86, ...money },
    { product: 'spacey-2', name: 'Spacey 2', isBundle: false, quantity: 1, subtotal: 99, ...money },
  ],
  subtotal: 180.86,
  discount: 0,
  tax: 0,
  total: 180.86,
  invoiceUrl: '',
  licences: [
    { orderId: 11, productName: 'Punch', state: 'refunded', bundlePath: 'studio-bundle' },
    { orderId: 12, productName: 'Tapewarm', state: 'refunded', bundlePath: 'studio-bundle' },
    { orderId: 13, productName: 'Spacey 2', state: 'active' },
  ],
  refunds: [],
  transfers: [],
};

beforeEach(() => {
  window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify({ name: 'ann@example.com', token: 'token-1' }));
});
afterEach(() => window.localStorage.clear());

describe('OrdersSection', () => {
  it('lists a bundle’s licences under the bundle, and the other licences after the items', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify([bundleOrder]), { status: 200 }));
    renderWithQueryClient(<OrdersSection userName="ann@example.com" />);
    const bundle = await screen.findByTestId('order-bundle');
    expect(bundle.textContent).toMatch(/^Studio Bundle × 1 USD 81\.86/);
    const bundleLicences = within(screen.getByRole('list', { name: 'Licences of the Studio Bundle' })).getAllByTestId('order-licence');
    expect(bundleLicences.map((line) => line.textContent)).toEqual(['Punch (licence #11, refunded)', 'Tapewarm (licence #12, refunded)']);
    const allLicences = screen.getAllByTestId('order-licence').map((line) => line.textContent);
    expect(allLicences).toEqual([...bundleLicences.map((line) => line.textContent), 'Spacey 2 (licence #13, active)']);
  });
});
