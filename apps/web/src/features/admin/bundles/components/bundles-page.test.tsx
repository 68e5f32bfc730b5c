// @vitest-environment jsdom
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../../test/fetch-stub';
import { renderRoutes } from '../../../../test/render';
import { BundlesPage } from './bundles-page';

const fetchMock = stubFetch();
const products = [
  { id: 1, name: 'Spacey', path: 'spacey', description: '', price: '49', publicKey: '', privateKey: '', useRsa2048: false },
  { id: 2, name: 'Punch', path: 'punch', description: '', price: '29', publicKey: '', privateKey: '', useRsa2048: false },
];
const studio = {
  bundleProductId: 9,
  name: 'Studio Bundle',
  path: 'studio-bundle',
  partProductIds: [1, 2],
  rule: 'fixed',
  prices: { USD: '99.00', EUR: '89.00' },
  ownedPrices: { '1': { USD: '69.00' } },
};

beforeEach(() => {
  window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify({ name: 'admin', token: 'admin-token' }));
});
afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe('bundles list (ADMIN → BUNDLES, decision 057)', () => {
  it('shows each bundle with its path, contents, prices and rule, and deletes one only once confirmed', async () => {
    const deleted: string[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/product/') return new Response(JSON.stringify(products));
      if (init?.method === 'DELETE') {
        deleted.push(url);
        return new Response('{"ok":true}');
      }
      if (url === '/api/bundle/') return new Response(JSON.stringify(deleted.length > 0 ? [] : [studio]));
      return new Response('Not found', { status: 404 });
    });
    renderRoutes('/admin/bundles', { '/admin/bundles': <BundlesPage /> });
    const table = await screen.findByRole('table', { name: 'Bundles' });
    const row = (await within(table).findByText('Studio Bundle')).closest('tr')!;
    await waitFor(() => expect(within(row).getByText('Spacey, Punch')).toBeTruthy());
    expect(within(row).getByText('studio-bundle')).toBeTruthy();
    expect(within(row).getByText('USD 99.00 · EUR 89.00')).toBeTruthy();
    expect(within(row).getByText('Fixed per count')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'EDIT' }).getAttribute('href')).toBe('/admin/bundle/9');

    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    fireEvent.click(within(row).getByRole('button', { name: 'Delete bundle Studio Bundle' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/^Delete the bundle Studio Bundle\? Licences sold with it are kept/));
    expect(deleted).toEqual([]);

    confirm.mockReturnValue(true);
    fireEvent.click(within(row).getByRole('button', { name: 'Delete bundle Studio Bundle' }));
    expect(await screen.findByText('No bundles')).toBeTruthy();
    expect(deleted).toEqual(['/api/bundle/9']);
  });
});
