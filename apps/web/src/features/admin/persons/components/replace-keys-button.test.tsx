// @vitest-environment jsdom
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../../../test/fetch-stub';
import { renderWithQueryClient } from '../../../../test/render';
import { ReplaceKeysButton } from './replace-keys-button';

const fetchMock = stubFetch();
const replaced = {
  id: 41,
  productId: 3,
  personId: 7,
  productName: 'Spacey',
  serial: 'SPACEY-0002',
  serialNew: 'new-1024',
  serial2048: 'new-2048',
  creationDate: '2026-11-01T10:00:00.000Z',
};

beforeEach(() => {
  window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify({ name: 'admin', token: 'admin-token' }));
});
afterEach(() => window.localStorage.clear());

describe('Replace keys', () => {
  it('says the old serial and key files stop working, and replaces them with the computers removed when ticked', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify(replaced), { status: 200 }));
    renderWithQueryClient(<ReplaceKeysButton orderId={41} productName="Spacey" />);
    fireEvent.click(screen.getByRole('button', { name: 'Replace keys' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Replace the keys of licence 41 (Spacey)?' }));
    expect(dialog.getByText(/The old serial and key files stop working/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(dialog.getByRole('checkbox', { name: /Remove its computers now/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'REPLACE KEYS' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(`${init?.method} ${String(url)}`).toBe('POST /api/order/41/replacekeys');
    expect(JSON.parse(String(init?.body))).toEqual({ removeDevices: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
