// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { appSourceFiles, readAppSourceFile } from '../test/app-source-files';
import { FormSubmit } from './form-submit';

describe('the foot of a form', () => {
  it('shows the submit button, disabled while the form is sent', () => {
    const { rerender } = render(<FormSubmit label="SAVE PAGE" isPending={false} />);
    const button = screen.getByRole('button', { name: 'SAVE PAGE' });
    expect(button.getAttribute('type')).toBe('submit');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    rerender(<FormSubmit label="SAVE PAGE" isPending />);
    expect((screen.getByRole('button', { name: 'SAVE PAGE' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
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

/** A dialog's footer puts CANCEL before its submit button, as Bootstrap's modals do; not a form foot. */
const dialogFooters = ['features/licences/components/device-dialogs.tsx', 'features/licences/components/offline-registration-dialog.tsx'];

describe('the foot of every form is components/form-submit.tsx (issue 28)', () => {
  it('recognises a submit button written out', () => {
    expect(ownSubmitButton.test('<button type="submit" className="btn btn-primary" disabled={isPending}>')).toBe(true);
    expect(ownSubmitButton.test('<button type="submit" form="publish-release-form" className="btn btn-primary mt-3">')).toBe(true);
    expect(ownSubmitButton.test('<button type="submit" className="btn btn-outline-primary" disabled={isShort}>')).toBe(false);
  });

  it('has no form write its own submit button, error alert and notice', () => {
    const copies = appFiles.filter(
      (file) => file !== 'components/form-submit.tsx' && !dialogFooters.includes(file) && ownSubmitButton.test(readAppSourceFile(file)),
    );
    expect(copies).toEqual([]);
  });
});
