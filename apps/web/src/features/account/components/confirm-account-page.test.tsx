// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { stubFetch } from '../../../test/fetch-stub';
import { ConfirmAccountPage } from './confirm-account-page';

const fetchMock = stubFetch();
const confirmCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/account/confirm'));

describe('confirm account page', () => {
  it('shows a confirmed link again without spending it: Back to the page, or a reload (browser test 2026-11-29, finding 4)', async () => {
    fetchMock.answer('POST /api/account/confirm', 200, { status: 'confirmed', email: 'ann@example.com' });
    const first = renderRoutes('/account/confirm/token-1', { '/account/confirm/:token': <ConfirmAccountPage /> });
    expect(await screen.findByText(/ann@example\.com is confirmed/)).toBeTruthy();
    expect(confirmCalls()).toHaveLength(1);
    first.unmount();

    // The history entry as the browser keeps it for Back and reload: the page reads the outcome from it.
    const kept = { pathname: '/account/confirm/token-1', state: { confirmedEmail: 'ann@example.com' } };
    renderRoutes(kept, { '/account/confirm/:token': <ConfirmAccountPage /> });
    expect(await screen.findByText(/ann@example\.com is confirmed/)).toBeTruthy();
    expect(confirmCalls()).toHaveLength(1);
  });

  it('focuses a refused password, so a screen reader says why', async () => {
    fetchMock.answer('POST /api/account/confirm', 200, { status: 'passwordNeeded', email: 'ann@example.com', hasLogin: false });
    fetchMock.answer('POST /api/account/confirm', 400, 'This link has expired or was already used.');
    renderRoutes('/account/confirm/token-1', { '/account/confirm/:token': <ConfirmAccountPage /> });
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.change(screen.getByLabelText('Repeat Password'), { target: { value: 'secret-pass' } });
    screen.getByRole('button', { name: 'SET PASSWORD' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'SET PASSWORD' }));
    expect(await screen.findByText('This link has expired or was already used.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Repeat Password'));
  });
});
