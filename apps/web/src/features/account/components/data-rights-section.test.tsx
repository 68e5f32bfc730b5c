// @vitest-environment jsdom
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render';
import { DataRightsSection } from './data-rights-section';

const fetchMock = stubFetch();
const user = { name: 'ann@example.com', token: 'token-1' };

beforeEach(() => window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify(user)));
afterEach(() => window.localStorage.clear());

/** Answers GET /account with the login's state, and POST /userinfo/erasure with `erasure`. */
function answer(options: { hasTwoFactor?: boolean; erasure: { status: number; body: string } }) {
  fetchMock.mockImplementation(async (url) => {
    if (String(url).endsWith('/api/account')) {
      return new Response(JSON.stringify({ name: user.name, isEmailVerified: true, hasTwoFactor: options.hasTwoFactor ?? false }));
    }
    return new Response(options.erasure.body, { status: options.erasure.status });
  });
}

async function openErasure() {
  renderRoutes('/userarea', { '/userarea': <DataRightsSection userName={user.name} /> });
  fireEvent.click(screen.getByRole('button', { name: 'ERASE MY ACCOUNT…' }));
  return within(await screen.findByRole('dialog', { name: 'Erase your account?' }));
}

const erasureCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/userinfo/erasure'));

describe('erasing the account', () => {
  it('says what happens and what is kept, asks for the password, then forgets the session and says it is done', async () => {
    answer({ erasure: { status: 200, body: JSON.stringify({ licencesEnded: 1, computersRemoved: 2, ordersKept: 1 }) } });
    const dialog = await openErasure();
    const summary = dialog.getByTestId('erasure-summary').textContent;
    expect(summary).toContain('Your licences end: their key files and your registered computers are removed.');
    expect(summary).toContain("each order's date, products, amounts, currency, country and FastSpring's order reference, for 10 years");

    fireEvent.click(dialog.getByRole('button', { name: 'ERASE MY ACCOUNT' }));
    expect(await dialog.findByText('Please enter your password.')).toBeTruthy();
    expect(erasureCalls()).toEqual([]);

    fireEvent.change(dialog.getByLabelText('Your password'), { target: { value: 'secret-pass' } });
    fireEvent.click(dialog.getByRole('button', { name: 'ERASE MY ACCOUNT' }));
    expect(await screen.findByText(/^Your account has been erased\./)).toBeTruthy();
    expect(window.localStorage.getItem(CURRENT_USER_STORAGE_KEY)).toBeNull();
    const [, init] = erasureCalls()[0]!;
    expect(init).toMatchObject({ method: 'POST', body: JSON.stringify({ password: 'secret-pass' }) });
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token-1');
  });

  it('shows a refusal in the dialog and keeps the customer signed in', async () => {
    answer({ erasure: { status: 403, body: 'The password is not right.' } });
    const dialog = await openErasure();
    fireEvent.change(dialog.getByLabelText('Your password'), { target: { value: 'wrong' } });
    fireEvent.click(dialog.getByRole('button', { name: 'ERASE MY ACCOUNT' }));
    expect(await dialog.findByText('The password is not right.')).toBeTruthy();
    expect(window.localStorage.getItem(CURRENT_USER_STORAGE_KEY)).not.toBeNull();
  });

  it('asks for the code of the authenticator app when two-factor login is on', async () => {
    answer({
      hasTwoFactor: true,
      erasure: { status: 200, body: JSON.stringify({ licencesEnded: 0, computersRemoved: 0, ordersKept: 0 }) },
    });
    const dialog = await openErasure();
    fireEvent.change(dialog.getByLabelText('Your password'), { target: { value: 'secret-pass' } });
    fireEvent.change(await dialog.findByLabelText('Authentication code (or a recovery code)'), { target: { value: '123456' } });
    fireEvent.click(dialog.getByRole('button', { name: 'ERASE MY ACCOUNT' }));
    expect(await screen.findByText(/^Your account has been erased\./)).toBeTruthy();
    expect(erasureCalls()[0]![1]).toMatchObject({ body: JSON.stringify({ password: 'secret-pass', code: '123456' }) });
  });
});
