// @vitest-environment jsdom
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProductEditorPage } from './product-editor-page';

const fetchMock = vi.fn<typeof fetch>();
const product = {
  id: 3,
  name: 'Spacey',
  description: 'Reverb',
  price: '49.00',
  publicKey: '5,ab',
  privateKey: '7,ab',
  publicKey2048: '',
  privateKey2048: '',
  useRsa2048: false,
  trialDays: 30,
};
const trialRow = (id: number, isExpired: boolean) => ({
  id,
  deviceIdHash: `${id}`.padStart(32, 'A'),
  deviceName: id === 1 ? 'Website' : 'Windows 11',
  email: id === 1 ? 'visitor@example.com' : '',
  source: id === 1 ? 'web' : 'plugin',
  startedAt: '2026-11-01T10:00:00.000Z',
  expiresAt: isExpired ? '2026-11-02T10:00:00.000Z' : '2026-12-01T10:00:00.000Z',
  isExpired,
});
const pathOf = (call: unknown[]) => String(call[0]);

/** Answers by path, so the order of the page's queries does not matter. */
const serve = (routes: Record<string, (init?: RequestInit) => [number, unknown]>) =>
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const route = Object.keys(routes).find((path) => url.startsWith(path));
    const [status, body] = route ? routes[route]!(init) : [404, 'Not found'];
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  });

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <MemoryRouter initialEntries={['/admin/product/3']}>
        <Routes>
          <Route path="/admin/product/:id" element={<ProductEditorPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify({ name: 'admin', token: 'admin-token' }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  window.localStorage.clear();
});

describe('product editor: trials', () => {
  it("lists the product's trials, newest first, with the ended ones marked", async () => {
    serve({
      '/api/product/3/trials': () => [
        200,
        { rows: [trialRow(1, false), trialRow(2, true)], total: 2, page: 0, pageSize: 20, trialDays: 30 },
      ],
      '/api/product/3': () => [200, product],
      '/api/productserial/3': () => [200, { id: 3, serials: '' }],
    });
    renderPage();
    const section = within(await screen.findByRole('region', { name: /^Trials/ }));
    const rows = (await section.findAllByRole('row')).slice(1);
    expect(section.getByRole('heading').textContent).toBe('Trials (2, 30 days each)');
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1, 4)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Website', 'visitor@example.com', 'Website'],
      ['Windows 11', '', 'Plug-in'],
    ]);
    expect(within(rows[0]!).queryByText('ended')).toBeNull();
    expect(within(rows[1]!).getByText('ended')).toBeTruthy();
    expect(fetchMock.mock.calls.map(pathOf)).toContain('/api/product/3/trials?page=0&pageSize=20');
  });

  it('saves the trial length as a number, and refuses one outside 1 to 365 days', async () => {
    const saved: unknown[] = [];
    serve({
      '/api/product/3/trials': () => [200, { rows: [], total: 0, page: 0, pageSize: 20, trialDays: 30 }],
      '/api/product/3': () => [200, product],
      '/api/productserial/3': () => [200, { id: 3, serials: '' }],
      '/api/product/': (init) => {
        const body = JSON.parse(String(init?.body)) as { trialDays: number };
        saved.push(body);
        return [200, { ...product, trialDays: body.trialDays }];
      },
    });
    renderPage();
    const field = (await screen.findByLabelText('Trial length (days)')) as HTMLInputElement;
    expect(field.value).toBe('30');
    expect(await screen.findByText('No trials yet.')).toBeTruthy();
    fireEvent.change(field, { target: { value: '400' } });
    fireEvent.click(screen.getByRole('button', { name: 'SAVE PRODUCT' }));
    expect(await screen.findByText('A trial lasts 1 to 365 days')).toBeTruthy();
    expect(saved).toEqual([]);
    fireEvent.change(field, { target: { value: '14' } });
    fireEvent.click(screen.getByRole('button', { name: 'SAVE PRODUCT' }));
    expect(await screen.findByText('Product saved.')).toBeTruthy();
    expect(saved).toEqual([expect.objectContaining({ id: 3, trialDays: 14 })]);
  });
});
