// @vitest-environment jsdom
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadTextFile } from '../../../../lib/download-text-file';
import { stubFetch } from '../../../../test/fetch-stub';
import { renderWithQueryClient } from '../../../../test/render';
import { formatDateTime } from '../../shared/format-date';
import { LicenceDetail } from './licence-detail';

vi.mock('../../../../lib/download-text-file', () => ({ downloadTextFile: vi.fn() }));

const fetchMock = stubFetch();
const order = {
  id: 41,
  productId: 3,
  personId: 7,
  productName: 'Spacey',
  serial: 'SPACEY-0001',
  serialNew: 'key-1024',
  serial2048: 'key-2048',
  creationDate: '2026-11-01T10:00:00.000Z',
  state: 'active' as const,
};
const expiresAt = '2027-02-20T09:00:00.000Z';
const renewedAt = '2026-11-22T09:30:00.000Z';
/** The key file the server answers: the administrator's; support is answered '' (decision 088). */
let keyFile = 'machine-key';
const computer = (id: number, deviceName: string, key: { keyExpiresAt: string | null; renewedAt: string | null }) => ({
  id,
  deviceName,
  deviceIdHash: String(id).repeat(32).slice(0, 32),
  deviceIdHashEncrypted: keyFile,
  creationDate: '2026-11-02T10:00:00.000Z',
  ...key,
});

beforeEach(() => {
  window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify({ name: 'admin', token: 'admin-token' }));
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/orderDevice/byOrder/41') {
      const devices = [
        computer(1, 'Studio Mac', { keyExpiresAt: expiresAt, renewedAt }),
        computer(2, 'Laptop', { keyExpiresAt: expiresAt, renewedAt: null }),
        computer(3, 'Offline Device', { keyExpiresAt: null, renewedAt: null }),
      ];
      return new Response(JSON.stringify(devices), { status: 200 });
    }
    if (url === '/api/person/7')
      return new Response(JSON.stringify({ id: 7, email: 'ann@example.com', name: 'Ann', country: 'CH' }), { status: 200 });
    return new Response('Not found', { status: 404 });
  });
});
afterEach(() => {
  window.localStorage.clear();
  keyFile = 'machine-key';
  vi.mocked(downloadTextFile).mockClear();
});

const renderDetail = () =>
  renderWithQueryClient(
    <MemoryRouter>
      <LicenceDetail order={order} />
    </MemoryRouter>,
  );

describe("the administrator's licence detail", () => {
  it('shows per computer until when its key works and when it was last renewed, and offers Replace keys and Revoke', async () => {
    renderWithQueryClient(
      <MemoryRouter>
        <LicenceDetail order={order} />
      </MemoryRouter>,
    );
    const rows = await screen.findAllByTestId('device');
    expect(rows.map((row) => within(row).getAllByRole('cell')[3]!.textContent)).toEqual([
      `${formatDateTime(expiresAt)}renewed ${formatDateTime(renewedAt)}`,
      `${formatDateTime(expiresAt)}not renewed yet`,
      'Permanent',
    ]);
    expect(screen.getByRole('columnheader', { name: 'Key works until' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Replace keys' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Revoke licence' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(3);
  });

  it("offers the administrator the offline computer's key file as {product}_OfflineKey.txt, and only for that computer", async () => {
    renderDetail();
    const rows = await screen.findAllByTestId('device');
    expect(rows.map((row) => within(row).queryByRole('button', { name: 'Download offline Key' }) !== null)).toEqual([false, false, true]);
    fireEvent.click(within(rows[2]!).getByRole('button', { name: 'Download offline Key' }));
    expect(downloadTextFile).toHaveBeenCalledWith('Spacey_OfflineKey.txt', 'machine-key');
  });

  it('offers no key file download when the server answered none (support is not given key files, decision 088)', async () => {
    window.localStorage.setItem(
      CURRENT_USER_STORAGE_KEY,
      JSON.stringify({ name: 'help@example.com', role: 'support', token: 'support-token' }),
    );
    keyFile = '';
    renderDetail();
    const rows = await screen.findAllByTestId('device');
    expect(rows).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Download offline Key' })).toBeNull();
  });

  it('offers support none of the actions the server keeps for the administrator: Replace keys, Revoke licence, Delete', async () => {
    window.localStorage.setItem(
      CURRENT_USER_STORAGE_KEY,
      JSON.stringify({ name: 'help@example.com', role: 'support', token: 'support-token' }),
    );
    renderDetail();
    expect(await screen.findAllByTestId('device')).toHaveLength(3);
    for (const name of ['Replace keys', 'Revoke licence', 'Delete']) expect(screen.queryByRole('button', { name }), name).toBeNull();
    expect(screen.getByRole('link', { name: 'Resend Serial' })).toBeTruthy();
  });
});
