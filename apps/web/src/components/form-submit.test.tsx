// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { appSourceFiles, readAppSourceFile } from '../test/app-source-files';
import { FormSubmit } from './form-submit';

describe('the foot of a form', () => {
  it('shows the submit button, unavailable while the form is sent but keeping the focus, and pressed in vain', () => {
    const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
    const Form = ({ isPending }: { isPending: boolean }) => (
      <form onSubmit={onSubmit}>
        <FormSubmit label="SAVE PAGE" isPending={isPending} />
      </form>
    );
    const { rerender } = render(<Form isPending={false} />);
    const button = screen.getByRole('button', { name: 'SAVE PAGE' }) as HTMLButtonElement;
    expect(button.getAttribute('type')).toBe('submit');
    expect(button.getAttribute('aria-disabled')).toBeNull();
    button.focus();
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);

    rerender(<Form isPending />);
    // Unavailable to assistive technology and looking so, yet focusable: a disabled button would drop the focus.
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.classList.contains('disabled')).toBe(true);
    expect(button.disabled).toBe(false);
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    rerender(<Form isPending={false} />);
    expect(button.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('disables the button while the form cannot be sent yet', () => {
    render(<FormSubmit label="TURN OFF" isPending={false} isDisabled />);
    expect((screen.getByRole('button', { name: 'TURN OFF' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows what stands beside the button, the success notice and the failure with the server text', () => {
    render(
      <FormSubmit label="SAVE" isPending={false} notice="Saved." error={new ApiError('status', 400, 'Email is required')}>
        <button type="button">Refresh Serial Keys</button>
      </FormSubmit>,
    );
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['SAVE', 'Refresh Serial Keys']);
    expect(screen.getByRole('status').textContent).toBe('Saved.');
    expect(screen.getByRole('alert').textContent).toBe('Email is required');
  });

  it('submits a form it stands outside of, named by its id', () => {
    render(<FormSubmit label="PUBLISH" isPending={false} form="publish-release-form" />);
    expect(screen.getByRole('button', { name: 'PUBLISH' }).getAttribute('form')).toBe('publish-release-form');
  });
});

const appFiles = appSourceFiles({ tsxOnly: true });

/** A form's own primary submit button, written out instead of the shared foot. */
const ownSubmitButton = /type="submit"\s+(form="[^"]*"\s+)?className="btn btn-primary[ "]/;

describe('the foot of every form is components/form-submit.tsx (issue 28)', () => {
  it('recognises a submit button written out', () => {
    expect(ownSubmitButton.test('<button type="submit" className="btn btn-primary" disabled={isPending}>')).toBe(true);
    expect(ownSubmitButton.test('<button type="submit" form="publish-release-form" className="btn btn-primary mt-3">')).toBe(true);
    expect(ownSubmitButton.test('<button type="submit" className="btn btn-outline-primary" disabled={isShort}>')).toBe(false);
  });

  it('has no form write its own submit button, error alert and notice', () => {
    const copies = appFiles.filter((file) => file !== 'components/form-submit.tsx' && ownSubmitButton.test(readAppSourceFile(file)));
    expect(copies).toEqual([]);
  });
});
