// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

const dialogOf = (isPending: boolean, onClose: () => void, onConfirm: () => void = () => undefined) => (
  <ConfirmDialog
    show
    titleId="confirm-title"
    title="Replace the keys of Spacey?"
    confirmLabel="Replace keys"
    confirmStyle="danger"
    isPending={isPending}
    onConfirm={onConfirm}
    onClose={onClose}
  >
    <p>The old serial and key files stop working at once.</p>
  </ConfirmDialog>
);

/** Every way a person closes a dialog besides its CANCEL button: Escape, the backdrop, the ×. */
const tryToClose = () => {
  const dialog = screen.getByRole('dialog', { name: 'Replace the keys of Spacey?' });
  fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape', keyCode: 27 });
  fireEvent.mouseDown(dialog);
  fireEvent.mouseUp(dialog);
  fireEvent.click(dialog);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
};

describe('ConfirmDialog (review 2026-11-28, finding 6)', () => {
  it('cannot be closed while its confirmation runs, since closing would only hide the outcome', () => {
    const onClose = vi.fn();
    render(dialogOf(true, onClose));
    tryToClose();
    expect(onClose).not.toHaveBeenCalled();
    const dialog = within(screen.getByRole('dialog'));
    expect((dialog.getByRole('button', { name: 'Close' }) as HTMLButtonElement).disabled).toBe(true);
    expect((dialog.getByRole('button', { name: 'CANCEL' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps the focus on its confirm button while the confirmation runs, and ignores presses of it (decision 096)', () => {
    const onConfirm = vi.fn();
    const { rerender } = render(dialogOf(false, () => undefined, onConfirm));
    const confirm = within(screen.getByRole('dialog')).getByRole('button', { name: 'Replace keys' }) as HTMLButtonElement;
    confirm.focus();
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    rerender(dialogOf(true, () => undefined, onConfirm));
    expect(confirm.getAttribute('aria-disabled')).toBe('true');
    expect(confirm.disabled).toBe(false);
    expect(document.activeElement).toBe(confirm);
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('closes by Escape, the backdrop and the × otherwise', () => {
    const onClose = vi.fn();
    render(dialogOf(false, onClose));
    const dialog = screen.getByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape', keyCode: 27 });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(dialog);
    expect(onClose).toHaveBeenCalledTimes(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(3);
  });
});
