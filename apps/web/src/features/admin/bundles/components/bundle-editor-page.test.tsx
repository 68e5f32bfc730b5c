// @vitest-environment jsdom
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../../../test/fetch-stub';
import { renderRoutes } from '../../../../test/render';
import { BundleEditorPage } from './bundle-editor-page';

const fetchMock = stubFetch();
const product = (id: number, name: string) => ({
  id,
  name,
  path: name.toLowerCase().replace(' ', '-'),
  description: '',
  price: '49.00',
  publicKey: '',
  privateKey: '',
  useRsa2048: false,
});
const products = [product(1, 'Spacey'), product(2, 'Punch'), product(3, 'Tapewarm'), product(9, 'Studio Bundle')];
const studio = {
  bundleProductId: 9,
  name: 'Studio Bundle',
  path: 'studio-bundle',
  partProductIds: [1, 2],
  rule: 'share',
  prices: { USD: '99.00' },
  ownedPrices: {},
};

/** The server: the products, the bundles (`stored`), and POST /bundle/ recording what it was sent. */
function serve(stored: Record<string, unknown>[]) {
  const saved: Record<string, unknown>[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/product/') return new Response(JSON.stringify(products));
    if (url === '/api/bundle/' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      saved.push(body);
      const answer = { ownedPrices: {}, rule: 'share', ...body, bundleProductId: 9, name: body.name, path: body.path ?? 'studio-bundle' };
      stored.splice(0, stored.length, answer);
      return new Response(JSON.stringify(answer));
    }
    if (url === '/api/bundle/') return new Response(JSON.stringify(stored));
    return new Response('Not found', { status: 404 });
  });
  return saved;
}

beforeEach(() => {
  window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify({ name: 'admin', token: 'admin-token' }));
});
afterEach(() => {
  window.localStorage.clear();
});

const choose = (label: string, values: string[]) => {
  const select = screen.getByLabelText(label) as HTMLSelectElement;
  for (const option of select.options) option.selected = values.includes(option.value);
  fireEvent.change(select);
};

describe('bundle editor (ADMIN → BUNDLES, decision 057)', () => {
  it('checks the form with the contract, then creates the bundle with its product, contents and prices as the API takes them', async () => {
    const saved = serve([]);
    renderRoutes('/admin/bundle/new', { '/admin/bundle/:id': <BundleEditorPage /> });
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Studio Bundle' } });
    choose('Holds', ['1']);
    fireEvent.click(screen.getByRole('button', { name: 'SAVE BUNDLE' }));
    expect(await screen.findByText('A bundle holds at least two products')).toBeTruthy();
    expect(screen.getByText('One price a line: a currency and an amount, e.g. USD 99.00')).toBeTruthy();
    expect(saved).toEqual([]);

    choose('Holds', ['1', '3']);
    fireEvent.change(screen.getByLabelText('Prices (one a line, e.g. USD 99.00)'), { target: { value: 'USD 99\nEUR 89.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'SAVE BUNDLE' }));
    expect(await screen.findByText('Bundle saved.')).toBeTruthy();
    // No path typed: the server derives it from the name.
    expect(saved).toEqual([
      {
        bundleProductId: 0,
        name: 'Studio Bundle',
        partProductIds: [1, 3],
        rule: 'share',
        prices: { USD: '99.00', EUR: '89.50' },
        ownedPrices: {},
      },
    ]);
  });

  it('offers the fixed prices per count owned only for a fixed rule, and needs one', async () => {
    const saved = serve([studio]);
    renderRoutes('/admin/bundle/9', { '/admin/bundle/:id': <BundleEditorPage /> });
    expect(await screen.findByRole('heading', { name: 'Edit Bundle Studio Bundle' })).toBeTruthy();
    expect((screen.getByLabelText('FastSpring path') as HTMLInputElement).value).toBe('studio-bundle');
    // The bundle cannot hold itself.
    expect([...(screen.getByLabelText('Holds') as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'Spacey',
      'Punch',
      'Tapewarm',
    ]);
    expect(screen.queryByLabelText('Prices by count owned (one a line, e.g. 1 USD 69.00)')).toBeNull();

    fireEvent.change(screen.getByLabelText('Complete your bundle'), { target: { value: 'fixed' } });
    const owned = await screen.findByLabelText('Prices by count owned (one a line, e.g. 1 USD 69.00)');
    fireEvent.click(screen.getByRole('button', { name: 'SAVE BUNDLE' }));
    expect(await screen.findByText('A fixed rule needs a price for at least one count owned')).toBeTruthy();
    fireEvent.change(owned, { target: { value: '1 USD 69\n1 EUR 65\n2 USD 39' } });
    fireEvent.change(screen.getByLabelText('FastSpring path'), { target: { value: 'studio' } });
    fireEvent.click(screen.getByRole('button', { name: 'SAVE BUNDLE' }));
    expect(await screen.findByText('Bundle saved.')).toBeTruthy();
    expect(saved).toEqual([
      {
        bundleProductId: 9,
        name: 'Studio Bundle',
        path: 'studio',
        partProductIds: [1, 2],
        rule: 'fixed',
        prices: { USD: '99.00' },
        ownedPrices: { '1': { USD: '69.00', EUR: '65.00' }, '2': { USD: '39.00' } },
      },
    ]);
  });

  it('warns before leaving with unsaved changes', async () => {
    serve([studio]);
    renderRoutes('/admin/bundle/9', { '/admin/bundle/:id': <BundleEditorPage /> });
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Studio Bundle 2' } });
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);
  });
});
