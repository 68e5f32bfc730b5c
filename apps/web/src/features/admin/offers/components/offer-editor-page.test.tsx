// @vitest-environment jsdom
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../../test/render';
import { stubFetch } from '../../../../test/fetch-stub';
import { OfferEditorPage } from './offer-editor-page';

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
const products = [product(1, 'Spacey'), product(2, 'Punch'), product(5, 'Spacey 2')];

beforeEach(() => {
  window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify({ name: 'admin', token: 'admin-token' }));
});
afterEach(() => {
  window.localStorage.clear();
});

describe('offer editor (ADMIN → UPGRADES, decision 036)', () => {
  it('checks the form with the contract, then creates the offer with ids and prices as the API takes them', async () => {
    const saved: Record<string, unknown>[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/product/') return new Response(JSON.stringify(products));
      if (url === '/api/offer/' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        saved.push(body);
        return new Response(JSON.stringify({ ...body, id: 7, soldCount: 0 }));
      }
      if (url === '/api/offer/') return new Response(JSON.stringify(saved.map((body) => ({ ...body, id: 7, soldCount: 0 }))));
      return new Response('Not found', { status: 404 });
    });
    renderRoutes('/admin/offer/new', { '/admin/offer/:id': <OfferEditorPage /> });
    const name = await screen.findByLabelText('Name');
    fireEvent.change(name, { target: { value: 'Upgrade to Spacey 2' } });
    fireEvent.change(screen.getByLabelText('Prices (one a line, e.g. USD 29.00)'), { target: { value: 'USD 29\nEUR 27' } });
    fireEvent.click(screen.getByRole('button', { name: 'SAVE OFFER' }));
    expect(await screen.findByText('Choose the product it sells')).toBeTruthy();
    expect(screen.getByText('Choose at least one product it is offered to the owners of')).toBeTruthy();
    expect(saved).toEqual([]);

    fireEvent.change(screen.getByLabelText('Sells'), { target: { value: '5' } });
    const sources = screen.getByLabelText('To the owners of') as HTMLSelectElement;
    sources.options[0]!.selected = true;
    fireEvent.change(sources);
    fireEvent.click(screen.getByRole('button', { name: 'SAVE OFFER' }));
    expect(await screen.findByText('Offer saved.')).toBeTruthy();
    expect(saved).toEqual([
      {
        id: 0,
        kind: 'upgrade',
        name: 'Upgrade to Spacey 2',
        targetProductId: 5,
        sourceProductIds: [1],
        prices: { USD: '29.00', EUR: '27.00' },
        isActive: true,
      },
    ]);
  });
});
