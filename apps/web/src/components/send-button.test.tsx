// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { appSourceFiles, readAppSourceFile } from '../test/app-source-files';
import { SendButton } from './send-button';

describe('a button that sends', () => {
  it('confirms (type button) once, then keeps the focus and ignores presses while its request runs', () => {
    const onConfirm = vi.fn();
    const Confirm = ({ isPending }: { isPending: boolean }) => (
      <SendButton type="button" className="btn btn-danger" isPending={isPending} onClick={onConfirm}>
        Replace keys
      </SendButton>
    );
    const { rerender } = render(<Confirm isPending={false} />);
    const button = screen.getByRole('button', { name: 'Replace keys' }) as HTMLButtonElement;
    expect(button.getAttribute('type')).toBe('button');
    button.focus();
    fireEvent.click(button);
    expect(onConfirm).toHaveBeenCalledTimes(1);

    rerender(<Confirm isPending />);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.className).toBe('btn btn-danger disabled');
    expect(button.disabled).toBe(false);
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('submits its form by default, not while sent, and never while it cannot be sent yet', () => {
    const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
    const Form = ({ isPending, isDisabled }: { isPending: boolean; isDisabled: boolean }) => (
      <form onSubmit={onSubmit}>
        <SendButton className="btn btn-sm btn-outline-primary" isPending={isPending} isDisabled={isDisabled}>
          Free the place
        </SendButton>
      </form>
    );
    const { rerender } = render(<Form isPending={false} isDisabled={false} />);
    const button = screen.getByRole('button', { name: 'Free the place' }) as HTMLButtonElement;
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    rerender(<Form isPending isDisabled={false} />);
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    rerender(<Form isPending={false} isDisabled />);
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-disabled')).toBeNull();
  });
});

/** A button element whose `disabled` follows a request in flight: it would drop the focus while it sends. */
const disabledWhileSending =
  /<button\b(?:[^>]|=>)*?\btype="(?:submit|button)"(?:[^>]|=>)*?disabled=\{[^}]*\b(?:isPending|isSubmitting|isSaving)\b/;
/** A dialog's CANCEL or ×, unavailable while the dialog's request runs (decision 095): closing would hide its outcome. */
const cancels = /onClick=\{(?:onClose|onCancel|onDone|close)\}/;
const buttonsOf = (source: string) => source.match(/<button\b(?:[^>]|=>)*>/g) ?? [];

describe('every sending button is components/send-button.tsx (decision 096)', () => {
  it('recognises a sending button written out', () => {
    expect(disabledWhileSending.test('<button type="submit" className="btn btn-primary" disabled={isSubmitting}>')).toBe(true);
    expect(disabledWhileSending.test('<button\n  type="submit"\n  className="btn"\n  disabled={disable.isPending || code === ""}\n>')).toBe(
      true,
    );
    expect(disabledWhileSending.test('<button type="button" onClick={() => go()} disabled={release.isPending}>')).toBe(true);
    expect(disabledWhileSending.test('<button type="submit" className="btn btn-outline-primary" disabled={text.length < 3}>')).toBe(false);
  });

  it('has no confirm or submit button disabled while its request runs, besides the buttons that cancel', () => {
    const copies = appSourceFiles({ tsxOnly: true }).flatMap((file) =>
      buttonsOf(readAppSourceFile(file))
        .filter((button) => disabledWhileSending.test(button) && !cancels.test(button))
        .map((button) => `${file}: ${button.replace(/\s+/g, ' ')}`),
    );
    expect(copies).toEqual([]);
  });
});
