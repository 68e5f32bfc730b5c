// @vitest-environment jsdom
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { renderWithQueryClient } from '../../test/render';
import { MemoryRouter, Route, Routes } from 'react-router';
import { MessageViewRoute } from './message-view-route';

const fetchMock = stubFetch();

const renderAt = (state?: unknown) =>
  renderWithQueryClient(
    <MemoryRouter initialEntries={[{ pathname: '/messageview', state }]}>
      <Routes>
        <Route path="/messageview" element={<MessageViewRoute />} />
        <Route path="/account/confirm/:token" element={<p data-testid="confirm-page">confirm</p>} />
      </Routes>
    </MemoryRouter>,
  );

const answer = (body: unknown) => fetchMock.mockResolvedValue(new Response(JSON.stringify(body), { status: 200 }));
const purchase = { kind: 'purchase', orderId: 'nlVJ9hFOTiSp9jVGUNQr0A', reference: 'SBX261127-1234-56789' };
const thanks = 'Thanks for your purchase. ';

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('/messageview', () => {
  it('shows the message passed in navigation state', () => {
    renderAt({ message: 'Support request sent.' });
    expect(screen.getByTestId('message').textContent).toBe('Support request sent.');
    expect(screen.queryByTestId('no-message')).toBeNull();
  });

  it('says so when it was reached without a message, and links home', () => {
    renderAt();
    expect(screen.queryByTestId('message')).toBeNull();
    expect(screen.getByTestId('no-message').textContent).toContain('There is no message to show here.');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });
});

describe('/messageview: what happened and what next (decision 037)', () => {
  it("after a purchase: the reference, the address the mail went to, and a new buyer's way to sign in", async () => {
    answer({ status: 'completed', reference: purchase.reference, mailedTo: 'ada@example.com', isTransfer: false });
    renderAt({ message: thanks, next: purchase });
    expect(screen.getByTestId('message').textContent).toBe(thanks);
    expect(screen.getByTestId('order-reference').textContent).toBe(purchase.reference);
    expect((await screen.findByTestId('mailed-to')).textContent).toBe('We have sent your licence key to ada@example.com.');
    expect(screen.getByTestId('sign-in-way').textContent).toContain('The mail holds a link to set your password');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/fastspring/purchase/${purchase.orderId}`);
  });

  it('after a purchase, a signed-in customer goes to the licences, told when the licence went to another address', async () => {
    window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify({ name: 'ada@example.com', token: 't' }));
    answer({ status: 'completed', reference: purchase.reference, mailedTo: 'grace@example.com', isTransfer: false });
    renderAt({ message: thanks, next: purchase });
    await screen.findByTestId('mailed-to');
    expect(screen.getByRole('link', { name: 'Go to your licences and downloads' }).getAttribute('href')).toBe('/userarea');
    expect(screen.getByTestId('other-address').textContent).toContain('log in with grace@example.com to see it');
    expect(screen.queryByTestId('sign-in-way')).toBeNull();
  });

  it('says the payment went through while the webhook is still on its way', async () => {
    answer({ status: 'pending' });
    renderAt({ message: thanks, next: purchase });
    expect((await screen.findByTestId('purchase-pending')).textContent).toContain('Your payment went through.');
    expect(screen.getByTestId('order-reference').textContent).toBe(purchase.reference);
  });

  it('after a paid licence transfer: what happens to the licence, and the confirmation address', async () => {
    window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify({ name: 'ada@example.com', token: 't' }));
    answer({ status: 'completed', reference: purchase.reference, mailedTo: 'ada@example.com', isTransfer: true });
    renderAt({ message: thanks, next: purchase });
    expect((await screen.findByTestId('mailed-to')).textContent).toBe(
      'Your licence transfer is paid. The new owner receives the licence and its key by mail; we have sent you a confirmation at ada@example.com.',
    );
    expect(screen.queryByTestId('other-address')).toBeNull();
  });

  it('after an activation: whose account holds the licence, and the way to sign in', () => {
    const message = 'Thanks for activation. We have sent the serial key to ada@example.com';
    renderAt({ message, next: { kind: 'activation', email: 'ada@example.com', productName: 'Spacey' } });
    expect(screen.getByTestId('next-steps').textContent).toContain('Your Spacey licence belongs to the account of ada@example.com.');
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it('after a support request: where the answer goes, and the way on', () => {
    renderAt({ message: 'Support request sent.', next: { kind: 'support', email: 'ada@example.com' } });
    expect(screen.getByTestId('next-steps').textContent).toContain('We will answer by mail at ada@example.com.');
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
  });
});

describe('/messageview: the tab that paid signs in at once (decision 060)', () => {
  const claim = 'c'.repeat(64);
  const completed = { status: 'completed', reference: purchase.reference, mailedTo: 'ada@example.com', isTransfer: false };

  it("offers a buyer without a session the mail's step, and trades this tab's claim for the set-password link, once", async () => {
    window.sessionStorage.setItem('purchase-account-claim', claim);
    fetchMock.mockImplementation((url: unknown) =>
      Promise.resolve(
        new Response(
          JSON.stringify(String(url).endsWith('/account') ? { kind: 'setPassword', path: '/account/confirm/tok-123' } : completed),
          {
            status: 200,
          },
        ),
      ),
    );
    renderAt({ message: thanks, next: purchase });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in to your account' }));
    await screen.findByTestId('confirm-page');
    const claimCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/account'));
    expect(String(claimCall?.[0])).toBe(`/api/fastspring/purchase/${purchase.orderId}/account`);
    expect(JSON.parse(String((claimCall?.[1] as RequestInit).body))).toEqual({ claim });
    expect(window.sessionStorage.getItem('purchase-account-claim')).toBeNull();
  });

  it('keeps the Log in way for a tab without a claim and for a signed-in customer', async () => {
    answer(completed);
    renderAt({ message: thanks, next: purchase });
    expect((await screen.findByRole('link', { name: 'Log in' })).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Sign in to your account' })).toBeNull();
  });

  it('says when the claim is refused, and leads to the login', async () => {
    window.sessionStorage.setItem('purchase-account-claim', claim);
    fetchMock.mockImplementation((url: unknown) =>
      Promise.resolve(
        String(url).endsWith('/account')
          ? new Response('This offer has expired.', { status: 404 })
          : new Response(JSON.stringify(completed), { status: 200 }),
      ),
    );
    renderAt({ message: thanks, next: purchase });
    const offer = await screen.findByRole('button', { name: 'Sign in to your account' });
    // Beside it, the mail's way and the login stay, as for any buyer.
    expect(screen.getByTestId('sign-in-way').textContent).toContain('The mail holds a link to set your password');
    fireEvent.click(offer);
    expect((await screen.findByRole('alert')).textContent).toBe('This offer has expired.');
    expect(screen.queryByRole('button', { name: 'Sign in to your account' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });
});
