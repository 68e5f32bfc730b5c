// @vitest-environment jsdom
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../../test/render';
import { stubFetch } from '../../../../test/fetch-stub';
import { ApiKeysPage } from './api-keys-page';

const fetchMock = stubFetch();
const key = (id: number, revokedAt: string | null = null) => ({
  id,
  name: `script ${id}`,
  prefix: `psk_abc${id}`,
  scopes: ['orders:read'],
  createdBy: 'admin',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt,
});
const token = 'psk_' + 'x'.repeat(43);

beforeEach(() => {
  window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify({ name: 'admin', token: 'admin-token' }));
});
afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe('API keys screen', () => {
  it('creates a key with its scopes and shows its token once', async () => {
    let posted: unknown;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') {
        posted = JSON.parse(String(init.body));
        return new Response(JSON.stringify({ ...key(2), token }), { status: 200 });
      }
      return new Response(JSON.stringify(String(input).includes('api-keys') ? [key(1)] : []), { status: 200 });
    });
    renderRoutes('/admin/api-keys', { '/admin/api-keys': <ApiKeysPage /> });
    expect(await screen.findByText('script 1')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'nightly export' } });
    fireEvent.click(screen.getByLabelText(/Read the dashboard/));
    fireEvent.click(screen.getByRole('button', { name: 'CREATE KEY' }));
    expect((await screen.findByTestId('api-key-token')).textContent).toBe(token);
    expect(posted).toEqual({ name: 'nightly export', scopes: ['dashboard:read'] });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(screen.getByRole('button', { name: 'Copy: The new API key' }));
    expect(writeText).toHaveBeenCalledWith(token);
  });

  it('revokes a key only after the confirmation', async () => {
    const methods: string[] = [];
    fetchMock.mockImplementation(async (_input, init) => {
      methods.push(init?.method ?? 'GET');
      return new Response(JSON.stringify(init?.method === 'DELETE' ? { ok: true } : [key(1), key(3, '2026-11-02T10:00:00.000Z')]), {
        status: 200,
      });
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderRoutes('/admin/api-keys', { '/admin/api-keys': <ApiKeysPage /> });
    const row = (await screen.findByText('script 1')).closest('tr')!;
    expect(within((await screen.findByText('script 3')).closest('tr')!).queryByRole('button')).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'REVOKE' }));
    expect(methods).not.toContain('DELETE');
    fireEvent.click(within(row).getByRole('button', { name: 'REVOKE' }));
    expect(await screen.findByText('The key "script 1" is revoked.')).toBeTruthy();
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(methods).toContain('DELETE');
  });

  // Review 2026-11-28 (web client), finding 9: the usual rotation is CREATE KEY, then REVOKE the old one.
  it("keeps the new key's token shown when another key is revoked, and hides it when that key is", async () => {
    fetchMock.answer('GET /api/admin/api-keys', 200, [key(1)]);
    fetchMock.answer('GET /api/admin/api-keys', 200, [key(1), key(2)]);
    fetchMock.answer('POST /api/admin/api-keys', 200, { ...key(2), token });
    fetchMock.answer('DELETE /api/admin/api-keys/1', 200, { ok: true });
    fetchMock.answer('DELETE /api/admin/api-keys/2', 200, { ok: true });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderRoutes('/admin/api-keys', { '/admin/api-keys': <ApiKeysPage /> });
    const oldRow = (await screen.findByText('script 1')).closest('tr')!;
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'script 2' } });
    fireEvent.click(screen.getByLabelText(/Read orders/));
    fireEvent.click(screen.getByRole('button', { name: 'CREATE KEY' }));
    expect((await screen.findByTestId('api-key-token')).textContent).toBe(token);

    fireEvent.click(within(oldRow).getByRole('button', { name: 'REVOKE' }));
    expect(await screen.findByText('The key "script 1" is revoked.')).toBeTruthy();
    expect(screen.getByTestId('api-key-token').textContent).toBe(token);

    const newRow = (await screen.findByRole('cell', { name: 'script 2' })).closest('tr')!;
    fireEvent.click(within(newRow).getByRole('button', { name: 'REVOKE' }));
    expect(await screen.findByText('The key "script 2" is revoked.')).toBeTruthy();
    expect(screen.queryByTestId('api-key-token')).toBeNull();
  });
});
