// @vitest-environment jsdom
import { messages, sendSerialFailed } from '@store/contracts/messages';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { stubFetch } from '../../../test/fetch-stub';
import { ChangePasswordForm } from './change-password-form';
import { LostPasswordPage } from './lost-password-page';

const fetchMock = stubFetch();

// Review 2026-11-28 (web client), finding 5: a failure the server answered sat under its field with the focus lost.
describe('the password forms move the focus to the failure the server answered', () => {
  it('Request new password: the address field, with the server text', async () => {
    fetchMock.answer('POST /api/passwordrequest', 429, 'Too many requests. Please try again in 60 seconds.');
    renderRoutes('/login/lostpassword', { '/login/lostpassword': <LostPasswordPage /> });
    const email = screen.getByLabelText('Enter your email address:');
    fireEvent.change(email, { target: { value: 'ann@example.com' } });
    const send = screen.getByRole('button', { name: 'SEND' });
    send.focus();
    fireEvent.click(send);
    expect(await screen.findByText(sendSerialFailed('Too many requests. Please try again in 60 seconds.'))).toBeTruthy();
    expect(document.activeElement).toBe(email);
  });

  it('Change Password: the repeat field, with the failure message', async () => {
    fetchMock.answer('POST /api/passwordchange', 400, 'Password too short');
    renderRoutes('/userarea', { '/userarea': <ChangePasswordForm />, '/login': <p>login</p> });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a-new-password' } });
    fireEvent.change(screen.getByLabelText('Repeat Password'), { target: { value: 'a-new-password' } });
    const change = screen.getByRole('button', { name: 'CHANGE PASSWORD' });
    change.focus();
    fireEvent.click(change);
    expect(await screen.findByText(messages.passwordChangeFailed)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Repeat Password'));
  });
});
