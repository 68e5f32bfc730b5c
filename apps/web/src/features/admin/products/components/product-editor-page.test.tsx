// @vitest-environment jsdom
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../../test/render';
import { stubFetch } from '../../../../test/fetch-stub';
import { ProductEditorPage } from './product-editor-page';

const fetchMock = stubFetch();
const product = {
  id: 3,
  name: 'Spacey',
  path: 'spacey',
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

const renderPage = (entry = '/admin/product/3') => renderRoutes(entry, { '/admin/product/:id': <ProductEditorPage /> });

beforeEach(() => {
  window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify({ name: 'admin', token: 'admin-token' }));
});
afterEach(() => {
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

describe('product editor: FastSpring path', () => {
  const newProduct = { ...product, id: 0, name: 'New Name', path: 'new-name', description: 'New Description', price: '0' };
  const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it("follows a new product's name until edited, is checked with the contract, and is saved", async () => {
    const saved: { path?: string }[] = [];
    serve({
      '/api/product/0/downloads': () => [200, []],
      '/api/product/0': () => [200, newProduct],
      '/api/productserial/0': () => [200, { id: 0, serials: '' }],
      // After the first save the editor is the new product's (decision 025).
      '/api/product/9/trials': () => [200, { rows: [], total: 0, page: 0, pageSize: 20, trialDays: 30 }],
      '/api/product/9/downloads': () => [200, []],
      '/api/product/9': () => [200, { ...newProduct, ...saved.at(-1), id: 9 }],
      '/api/productserial/9': () => [200, { id: 9, serials: '' }],
      '/api/product/': (init) => {
        const body = JSON.parse(String(init?.body)) as { path?: string; name: string };
        saved.push(body);
        return [200, { ...newProduct, ...body, id: 9 }];
      },
    });
    renderPage('/admin/product/new');
    expect(((await screen.findByLabelText('FastSpring path')) as HTMLInputElement).value).toBe('new-name');
    expect(screen.getByText(/Must be the product's path in your FastSpring store/)).toBeTruthy();
    type('Name', 'Space Echo');
    expect(valueOf('FastSpring path')).toBe('space-echo');

    type('FastSpring path', 'Echo One');
    type('Name', 'Space Echo 2');
    expect(valueOf('FastSpring path')).toBe('Echo One');
    fireEvent.click(screen.getByRole('button', { name: 'SAVE PRODUCT' }));
    expect(await screen.findByText('FastSpring path: lower-case letters, digits and dashes, at least 3 characters')).toBeTruthy();
    expect(saved).toEqual([]);

    type('FastSpring path', 'echo-one');
    fireEvent.click(screen.getByRole('button', { name: 'SAVE PRODUCT' }));
    expect(await screen.findByText('Product saved.')).toBeTruthy();
    expect(saved).toEqual([expect.objectContaining({ id: 0, name: 'Space Echo 2', path: 'echo-one' })]);
  });

  it("leaves an existing product's path alone when its name changes", async () => {
    serve({
      '/api/product/3/trials': () => [200, { rows: [], total: 0, page: 0, pageSize: 20, trialDays: 30 }],
      '/api/product/3/downloads': () => [200, []],
      '/api/product/3': () => [200, product],
      '/api/productserial/3': () => [200, { id: 3, serials: '' }],
    });
    renderPage();
    expect(((await screen.findByLabelText('FastSpring path')) as HTMLInputElement).value).toBe('spacey');
    type('Name', 'Spacey Two');
    expect(valueOf('FastSpring path')).toBe('spacey');
  });
});

describe('product editor: successor (decision 036)', () => {
  it('offers the other products, saves the choice, and sends no successor when it was not changed', async () => {
    const saved: Record<string, unknown>[] = [];
    const shop = [
      { id: 3, name: 'Spacey', path: 'spacey', description: '', price: '49.00', useRsa2048: false, successorId: null },
      { id: 12, name: 'Spacey 2', path: 'spacey-2', description: '', price: '99.00', useRsa2048: true, successorId: null },
    ];
    serve({
      '/api/product/3/trials': () => [200, { rows: [], total: 0, page: 0, pageSize: 20, trialDays: 30 }],
      '/api/product/3/downloads': () => [200, []],
      '/api/product/3': () => [200, product],
      '/api/productserial/3': () => [200, { id: 3, serials: '' }],
      '/api/product/': (init) => {
        if (init?.method !== 'POST') return [200, shop];
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        saved.push(body);
        return [200, { ...product, successorId: body.successorId ?? null }];
      },
    });
    renderPage();
    const select = (await screen.findByLabelText('Successor')) as HTMLSelectElement;
    await screen.findByRole('option', { name: 'Spacey 2' });
    expect([...select.options].map((option) => option.text)).toEqual(['None', 'Spacey 2']);
    fireEvent.click(screen.getByRole('button', { name: 'SAVE PRODUCT' }));
    expect(await screen.findByText('Product saved.')).toBeTruthy();
    expect(saved[0]).not.toHaveProperty('successorId');

    fireEvent.change(select, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'SAVE PRODUCT' }));
    await screen.findByText('Product saved.');
    await vi.waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toMatchObject({ id: 3, successorId: 12 });
  });
});

describe('product editor: installers', () => {
  const download = (id: number, version: string, isPublic: boolean, downloadCount: number) => ({
    id,
    productId: 3,
    platform: 'macos',
    version,
    fileName: `Spacey-${version}.pkg`,
    sizeBytes: 1000,
    sha256: '',
    releaseDate: '2026-10-01',
    channel: 'stable',
    notes: '',
    storage: 'url',
    location: `/downloads/spacey-${version}.pkg`,
    isPublic,
    downloadCount,
  });

  it('shows who gets each installer and how often visitors downloaded it, and switches an installer public', async () => {
    const saved: { id: number; isPublic?: boolean }[] = [];
    let list = [download(21, '1.2.0', true, 42), download(20, '1.1.0', false, 0)];
    serve({
      '/api/product/3/trials': () => [200, { rows: [], total: 0, page: 0, pageSize: 20, trialDays: 30 }],
      '/api/product/3/downloads': (init) => {
        if (init?.method === 'POST') {
          const body = JSON.parse(String(init.body)) as { id: number; isPublic?: boolean };
          saved.push(body);
          list = list.map((row) => (row.id === body.id ? { ...row, isPublic: body.isPublic ?? row.isPublic } : row));
        }
        return [200, list];
      },
      '/api/product/3': () => [200, product],
      '/api/productserial/3': () => [200, { id: 3, serials: '' }],
    });
    renderPage();
    const section = within(await screen.findByRole('region', { name: 'Downloads' }));
    const rows = await section.findAllByTestId('admin-download');
    expect(within(rows[0]!).getByText('Everyone (trial)')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('download-count').textContent).toBe('42');
    expect(within(rows[1]!).getByText('Owners only')).toBeTruthy();

    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'EDIT' }));
    const form = within(section.getByRole('form', { name: 'Edit installer 1.1.0' }));
    const switchBox = form.getByRole('switch', { name: /Offer to every visitor/ }) as HTMLInputElement;
    expect(switchBox.checked).toBe(false);
    fireEvent.click(switchBox);
    fireEvent.click(form.getByRole('button', { name: 'SAVE INSTALLER' }));
    await vi.waitFor(() => expect(section.queryByRole('form', { name: 'Edit installer 1.1.0' })).toBeNull());
    expect(saved).toEqual([expect.objectContaining({ id: 20, isPublic: true })]);
    await vi.waitFor(() => expect(within(section.getAllByTestId('admin-download')[1]!).getByText('Everyone (trial)')).toBeTruthy());

    // A new installer is the owners' until switched.
    fireEvent.click(section.getByRole('button', { name: 'NEW INSTALLER' }));
    const newForm = within(section.getByRole('form', { name: 'New installer' }));
    expect((newForm.getByRole('switch', { name: /Offer to every visitor/ }) as HTMLInputElement).checked).toBe(false);
    // ... and on the stable channel until the administrator makes it a beta build (decision 058).
    const channel = newForm.getByRole('combobox', { name: 'Channel' }) as HTMLSelectElement;
    expect(channel.value).toBe('stable');
    expect([...channel.options].map((option) => option.textContent)).toEqual(['Stable (every owner)', 'Beta (owners who opted in)']);
  });

  it('saves a beta build, which only opted-in owners get', async () => {
    const saved: Record<string, unknown>[] = [];
    serve({
      '/api/product/3/trials': () => [200, { rows: [], total: 0, page: 0, pageSize: 20, trialDays: 30 }],
      '/api/product/3/downloads': (init) => {
        if (init?.method !== 'POST') return [200, []];
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        saved.push(body);
        return [200, [{ ...download(30, '2.0.0-beta1', false, 0), channel: 'beta' }]];
      },
      '/api/product/3': () => [200, product],
      '/api/productserial/3': () => [200, { id: 3, serials: '' }],
    });
    renderPage();
    const section = within(await screen.findByRole('region', { name: 'Downloads' }));
    fireEvent.click(await section.findByRole('button', { name: 'NEW INSTALLER' }));
    const form = within(section.getByRole('form', { name: 'New installer' }));
    fireEvent.change(form.getByRole('combobox', { name: 'Channel' }), { target: { value: 'beta' } });
    fireEvent.change(form.getByLabelText('Version'), { target: { value: '2.0.0-beta1' } });
    fireEvent.change(form.getByLabelText('File name'), { target: { value: 'Spacey-beta.pkg' } });
    fireEvent.change(form.getByLabelText('Stored'), { target: { value: 'url' } });
    fireEvent.change(form.getByLabelText('Object key or URL'), { target: { value: '/downloads/spacey-beta.pkg' } });
    fireEvent.click(form.getByRole('button', { name: 'SAVE INSTALLER' }));
    await vi.waitFor(() => expect(saved).toEqual([expect.objectContaining({ version: '2.0.0-beta1', channel: 'beta', isPublic: false })]));
    expect(within(await section.findByTestId('admin-download')).getByText('Beta owners')).toBeTruthy();
  });
});

describe('product editor: keys handled with care', () => {
  const generated = { publicKey: '3,cd', privateKey: '9,cd', publicKey2048: '', privateKey2048: '' };
  const serveProduct = (shown: typeof product, calls: string[]) =>
    serve({
      '/api/product/generatekeys/': () => {
        calls.push('generatekeys');
        return [200, generated];
      },
      [`/api/product/${shown.id}/trials`]: () => [200, { rows: [], total: 0, page: 0, pageSize: 20, trialDays: 30 }],
      [`/api/product/${shown.id}/downloads`]: () => [200, []],
      [`/api/product/${shown.id}`]: () => [200, shown],
      [`/api/productserial/${shown.id}`]: () => [200, { id: shown.id, serials: '' }],
      // GET lists the products (the successor choice); POST saves.
      '/api/product/': (init) => {
        if (init?.method !== 'POST') return [200, []];
        calls.push('save');
        return [200, shown];
      },
    });

  it('hides the private keys until Show is pressed', async () => {
    serveProduct(product, []);
    renderPage();
    expect(((await screen.findByLabelText('Public Key', { exact: true })) as HTMLTextAreaElement).value).toBe('5,ab');
    expect(screen.queryByLabelText('Private Key', { exact: true })).toBeNull();
    expect(screen.queryByText('7,ab')).toBeNull();
    expect(screen.getByTestId('product-private-key-hidden').textContent).toContain('Hidden');
    expect(screen.getByTestId('product-private-key-2048-hidden').textContent).toContain('Not set');

    fireEvent.click(screen.getByRole('button', { name: 'Show Private Key' }));
    expect((screen.getByLabelText('Private Key', { exact: true }) as HTMLTextAreaElement).value).toBe('7,ab');
    fireEvent.click(screen.getByRole('button', { name: 'Hide Private Key' }));
    expect(screen.queryByLabelText('Private Key', { exact: true })).toBeNull();
  });

  it('asks before replacing keys, says the issued key files stop matching, and changes nothing until saved', async () => {
    const calls: string[] = [];
    serveProduct(product, calls);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Generate keys' }));
    const dialog = within(await screen.findByRole('dialog', { name: "Replace this product's keys?" }));
    expect(dialog.getByText(/The key files already issued stop matching/)).toBeTruthy();
    expect(dialog.getByText(/Nothing changes until you press SAVE PRODUCT/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Keep the current keys' }));
    expect(calls).toEqual([]);
    expect((screen.getByLabelText('Public Key', { exact: true }) as HTMLTextAreaElement).value).toBe('5,ab');

    fireEvent.click(screen.getByRole('button', { name: 'Generate keys' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Generate new keys' }));
    expect(await screen.findByText('New keys generated. They are saved with SAVE PRODUCT.')).toBeTruthy();
    expect((screen.getByLabelText('Public Key', { exact: true }) as HTMLTextAreaElement).value).toBe('3,cd');
    expect(calls).toEqual(['generatekeys']);
  });

  it('generates at once for a product without keys', async () => {
    const calls: string[] = [];
    serveProduct({ ...product, id: 0, publicKey: '', privateKey: '' }, calls);
    renderPage('/admin/product/new');
    fireEvent.click(await screen.findByRole('button', { name: 'Generate keys' }));
    expect(await screen.findByText('New keys generated. They are saved with SAVE PRODUCT.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toEqual(['generatekeys']);
  });
});
