// @vitest-environment jsdom
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../../../test/fetch-stub';
import { renderRoutes } from '../../../../test/render';
import { AllOrdersPage } from './all-orders-page';

const fetchMock = stubFetch();
const row = (id: number, productName: string, kind: string | null, kindFrom: string | null) => ({
  id,
  creationDate: '2026-11-20T10:00:00.000Z',
  providerReference: `REF-${id}`,
  personId: 1,
  personEmail: 'buyer@example.com',
  personName: 'Buyer',
  productId: id,
  productName,
  amount: 29,
  currency: 'USD',
  source: 'purchase',
  state: 'active',
  kind,
  kindFrom,
});

beforeEach(() => {
  window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify({ name: 'admin', token: 'admin-token' }));
});
afterEach(() => {
  window.localStorage.clear();
});

describe('orders list', () => {
  it('shows upgrades, crossgrades and bundles as what they are (decision 057)', async () => {
    const rows = [
      row(4, 'Spacey 2', 'upgrade', 'Spacey'),
      row(3, 'Tapewarm', 'crossgrade', 'Punch'),
      row(2, 'Punch', 'bundle', 'Studio Bundle'),
      row(1, 'Punch', null, null),
    ];
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ rows, total: 4, page: 0, pageSize: 10 })));
    renderRoutes('/admin/allorders', { '/admin/allorders': <AllOrdersPage /> });
    const table = await screen.findByRole('table', { name: 'Orders' });
    const kindOf = async (reference: string) => {
      const cells = (await within(table).findByText(reference)).closest('tr')!.querySelectorAll('td');
      const header = [...table.querySelectorAll('th')].findIndex((cell) => cell.textContent?.startsWith('Kind'));
      return cells[header]!.textContent;
    };
    expect(await kindOf('REF-4')).toBe('Upgrade from Spacey');
    expect(await kindOf('REF-3')).toBe('Crossgrade');
    expect(await kindOf('REF-2')).toBe('Bundle: Studio Bundle');
    expect(await kindOf('REF-1')).toBe('');
  });
});
