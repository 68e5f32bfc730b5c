// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { stubFetch } from '../../../test/fetch-stub';
import { ConfirmAccountPage } from './confirm-account-page';

const fetchMock = stubFetch();

describe('confirm account page', () => {
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
