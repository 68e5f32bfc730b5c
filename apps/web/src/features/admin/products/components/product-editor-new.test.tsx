// @vitest-environment jsdom
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import { newProductDefaults, SERIALS_MAX_BYTES } from '@store/contracts/product';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../../../test/fetch-stub';
import { CurrentPath, renderRoutes } from '../../../../test/render';
import { ProductEditorPage } from './product-editor-page';

const fetchMock = stubFetch();
/** GET /api/product/0: the defaults of a new product, with the path its name suggests and the 2048-bit keys empty. */
const newProduct = { ...newProductDefaults, path: 'new-name', publicKey2048: '', privateKey2048: '', trialDays: 30 };
const created = { ...newProduct, id: 9, name: 'Space Echo', path: 'space-echo' };

/** The calls that change something, in order: `POST /api/product/`. */
const savesMade = () =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([input]) => `POST ${String(input).replace(/\?.*$/, '')}`);

const serialsField = () => screen.getByLabelText('Serials (one a line)') as HTMLTextAreaElement;

/** NEW PRODUCT's editor with its defaults, the shop's list (the successor choice) and the created product's sections. */
const answerNewProduct = () => {
  fetchMock.answer('GET /api/product/0', 200, newProduct);
  fetchMock.answer('GET /api/productserial/0', 200, { id: 0, serials: '' });
  fetchMock.answer('GET /api/product/', 200, []);
  // The created product's editor loads it again.
  fetchMock.answer('GET /api/product/9', 200, created);
  fetchMock.answer('GET /api/productserial/9', 200, { id: 9, serials: '' });
  fetchMock.answer('GET /api/product/9/trials', 200, { rows: [], total: 0, page: 0, pageSize: 20, trialDays: 30 });
  fetchMock.answer('GET /api/product/9/downloads', 200, []);
};

const openNewProduct = async () => {
  renderRoutes('/admin/product/new', { '/admin/product/:id': <ProductEditorPage /> }, <CurrentPath />);
  fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Space Echo' } });
};
const pressSave = () => fireEvent.click(screen.getByRole('button', { name: 'SAVE PRODUCT' }));

beforeEach(() => {
  window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify({ name: 'admin', token: 'admin-token' }));
});
afterEach(() => {
  window.localStorage.clear();
});

describe('NEW PRODUCT with serials (review 2026-11-28, finding 2)', () => {
  it('moves to the created product when its serials fail, says so on the serials, and then saves only the serials', async () => {
    answerNewProduct();
    fetchMock.answer('POST /api/product/', 200, created);
    fetchMock.answer('POST /api/productserial/', 500, 'Something went wrong on our side. Please try again later.');
    fetchMock.answer('POST /api/productserial/', 200, { id: 9, serials: 'A-1\nB-2' });
    await openNewProduct();
    fireEvent.change(serialsField(), { target: { value: 'A-1\nB-2' } });
    pressSave();

    expect(await screen.findByText('The serials were not saved: Something went wrong on our side. Please try again later.')).toBeTruthy();
    // The product exists: the editor is its own, and says it was saved.
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/admin/product/9'));
    expect(screen.getByRole('status').textContent).toBe('Product saved.');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Edit Product Space Echo');
    expect(serialsField().value).toBe('A-1\nB-2');
    expect(savesMade()).toEqual(['POST /api/product/', 'POST /api/productserial/']);

    // SAVE again: the serials alone, for the created product (a second POST /product/ with id 0 would be a duplicate).
    pressSave();
    expect(await screen.findByText('Serials saved.')).toBeTruthy();
    expect(savesMade()).toEqual(['POST /api/product/', 'POST /api/productserial/', 'POST /api/productserial/']);
    const [, lastInit] = fetchMock.mock.calls.at(-1)!;
    expect(JSON.parse(String(lastInit?.body))).toEqual({ id: 9, serials: 'A-1\nB-2' });
    expect(screen.queryByText(/The serials were not saved/)).toBeNull();
  });

  it('saves the product and its serials in one SAVE when both succeed', async () => {
    answerNewProduct();
    fetchMock.answer('POST /api/product/', 200, created);
    fetchMock.answer('POST /api/productserial/', 200, { id: 9, serials: 'A-1' });
    await openNewProduct();
    fireEvent.change(serialsField(), { target: { value: ' A-1 \n\nA-1' } });
    pressSave();
    await waitFor(() => expect(savesMade()).toHaveLength(2));
    // The server's tidied list replaces what was typed, and nothing is left unsaved.
    await waitFor(() => expect(serialsField().value).toBe('A-1'));
    expect(screen.getByRole('status').textContent).toBe('Product saved.');
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/admin/product/9'));
  });

  it('refuses a serial over 500 characters, and a list larger than a save can send, before sending anything', async () => {
    answerNewProduct();
    await openNewProduct();
    fireEvent.change(serialsField(), { target: { value: `A-1\n${'x'.repeat(501)}` } });
    pressSave();
    expect(await screen.findByText('A serial is at most 500 characters long')).toBeTruthy();

    // 36-character serials take 38 bytes each as sent (the line break escaped): one more than fits.
    const count = Math.floor(SERIALS_MAX_BYTES / 38) + 1;
    fireEvent.change(serialsField(), { target: { value: Array.from({ length: count }, () => 'x'.repeat(36)).join('\n') } });
    pressSave();
    expect(await screen.findByText('The serial list is too large: a save sends at most 2 MB (about 55,000 serials)')).toBeTruthy();
    expect(savesMade()).toEqual([]);
    expect(screen.getByTestId('path').textContent).toBe('/admin/product/new');
  });
});

describe("NEW PRODUCT's downloads (review 2026-11-28, finding 10)", () => {
  it('asks to save the product first, and neither loads nor offers installers until it is', async () => {
    answerNewProduct();
    fetchMock.answer('POST /api/product/', 200, created);
    await openNewProduct();
    const section = await screen.findByRole('region', { name: 'Downloads' });
    expect(section.textContent).toBe('DownloadsSave the product to add installers.');
    expect(screen.queryByRole('button', { name: 'NEW INSTALLER' })).toBeNull();

    pressSave();
    expect(await screen.findByRole('button', { name: 'NEW INSTALLER' })).toBeTruthy();
    expect(screen.queryByText('Save the product to add installers.')).toBeNull();
    const loaded = fetchMock.mock.calls.map(([input]) => String(input));
    expect(loaded).toContain('/api/product/9/downloads');
    expect(loaded).not.toContain('/api/product/0/downloads');
  });
});
