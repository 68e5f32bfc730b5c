// @vitest-environment jsdom
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import { emailSentTo, sendSerialFailed } from '@store/contracts/messages';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../../../test/fetch-stub';
import { renderRoutes } from '../../../../test/render';
import { ResendSerialPage } from './resend-serial-page';

const fetchMock = stubFetch();
const sessionEnded = 'Your session has ended. Please log in again.';

beforeEach(() => {
  window.localStorage.setItem(
    CURRENT_USER_STORAGE_KEY,
    JSON.stringify({ name: 'support@example.com', token: 'staff-token', role: 'support' }),
  );
  fetchMock.answer('GET /api/product/', 200, []);
});
afterEach(() => window.localStorage.clear());

const send = (email: string) => {
  renderRoutes('/admin/resendserial/Spacey', { '/admin/resendserial/:productName': <ResendSerialPage /> });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'SEND' }));
};

// Review 2026-11-28 (web client), finding 11: the public call mailed the customer even with the session gone.
describe('Resend Serial', () => {
  it("sends the staff's own call with the staff token and says where the mail went", async () => {
    fetchMock.answer('POST /api/admin/resend', 200, { ok: true, mailed: 1 });
    send('ann@example.com');
    expect(await screen.findByText(emailSentTo('ann@example.com'))).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/admin/resend')!;
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer staff-token');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ann@example.com', productName: 'Spacey' });
  });

  it("shows the server's 401 on the email field and ends the session there", async () => {
    fetchMock.answer('POST /api/admin/resend', 401, sessionEnded);
    send('ann@example.com');
    expect(await screen.findByText(sendSerialFailed(sessionEnded))).toBeTruthy();
    expect(window.localStorage.getItem(CURRENT_USER_STORAGE_KEY)).toBeNull();
  });
});
