// @vitest-environment jsdom
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import type { UserProduct } from '@store/contracts/licence';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '../../../components/toast-host';
import { stubFetch } from '../../../test/fetch-stub';
import { renderWithQueryClient } from '../../../test/render';
import { ReplaceKeysDialog } from './replace-keys-dialog';

const fetchMock = stubFetch();
const punch: UserProduct = {
  name: 'Punch',
  useRsa2048: false,
  serialNew: 'punch-key',
  serial2048: '',
  licenseActivationDate: '2026-11-01T10:00:00.000Z',
  orderId: 8,
  orderDevices: [],
};

/** The dialog as a licence card holds it, with a way for the card to hide it (as a card that goes away would). */
function LicenceCardStandIn({ onClose }: { onClose: () => void }) {
  const [isOpen, setIsOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(false)}>
        Hide the dialog
      </button>
      <ReplaceKeysDialog
        licence={punch}
        userName="ann@example.com"
        show={isOpen}
        onClose={() => {
          onClose();
          setIsOpen(false);
        }}
      />
      <ToastHost />
    </>
  );
}

beforeEach(() => {
  window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify({ name: 'ann@example.com', token: 'token-1' }));
});
afterEach(() => window.localStorage.clear());

describe('Replace keys while the keys are replaced (review 2026-11-28, finding 6)', () => {
  it('stays open on Escape, and still tells the outcome when its owner hides it meanwhile', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    fetchMock.mockImplementation(async (input, init) => {
      expect(`${init?.method} ${String(input)}`).toBe('POST /api/userinfo/orders/8/replacekeys');
      await answered;
      return new Response(JSON.stringify({ ok: true }), { status: 200 });
    });
    const onClose = vi.fn();
    renderWithQueryClient(<LicenceCardStandIn onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Replace the keys of Punch?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replace keys' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));

    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape', keyCode: 27 });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Replace the keys of Punch?' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Hide the dialog' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    answer();
    expect(await screen.findByText('New keys of Punch issued and mailed to you.')).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
