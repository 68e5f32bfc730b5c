// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { FormField } from './form-field';

const registration = {
  name: 'email',
  onChange: async () => undefined,
  onBlur: async () => undefined,
  ref: () => undefined,
} as UseFormRegisterReturn;

/** A form of two fields and its submit button; `errors` are the fields' messages. */
function Form({ errors }: { errors: { email?: string; password?: string } }) {
  return (
    <form>
      <FormField id="email" label="Email" registration={registration} error={errors.email} />
      <FormField id="password" label="Password" registration={{ ...registration, name: 'password' }} error={errors.password} />
      <button type="submit">LOGIN</button>
    </form>
  );
}

describe("a field's error, heard once", () => {
  it('is an alert when it appears while the focus is outside the fields, e.g. on the submit button', () => {
    const view = render(<Form errors={{}} />);
    screen.getByRole('button', { name: 'LOGIN' }).focus();
    view.rerender(<Form errors={{ password: '. You may need to register first.' }} />);
    const message = screen.getByRole('alert');
    expect(message.textContent).toBe('. You may need to register first.');
    expect(screen.getByLabelText('Password').getAttribute('aria-describedby')).toBe(message.id);
  });

  it('is no alert when a field of the form has the focus: the focused field says its error as its description', () => {
    const view = render(<Form errors={{}} />);
    // A server failure focuses its field; a failed check focuses the first invalid field, and the others stay quiet.
    screen.getByLabelText('Email').focus();
    view.rerender(<Form errors={{ email: 'Email is required', password: 'Password is required' }} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Email').getAttribute('aria-describedby')).toBe('email-error');
    expect(screen.getByText('Email is required').id).toBe('email-error');
  });

  it('is judged afresh when the message changes', () => {
    const view = render(<Form errors={{}} />);
    screen.getByLabelText('Email').focus();
    view.rerender(<Form errors={{ password: 'Password is required' }} />);
    expect(screen.queryByRole('alert')).toBeNull();
    screen.getByRole('button', { name: 'LOGIN' }).focus();
    view.rerender(<Form errors={{ password: 'Error while changing password.' }} />);
    expect(screen.getByRole('alert').textContent).toBe('Error while changing password.');
  });
});
