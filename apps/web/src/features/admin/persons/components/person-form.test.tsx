// @vitest-environment jsdom
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../../../test/fetch-stub';
import { renderRoutes } from '../../../../test/render';
import { PersonForm } from './person-form';

const fetchMock = stubFetch();
const person = { id: 7, email: 'ann@example.com', name: 'Ann Smiht', country: 'AT' };

beforeEach(() => {
  window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify({ name: 'admin', token: 'admin-token' }));
});
afterEach(() => window.localStorage.clear());

const calls = (route: string) => fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === route);

// Review 2026-11-28 (web client), finding 8: the keys were re-issued under the old name while the screen said refreshed.
describe('Refresh Serial Keys on the person form', () => {
  it('waits for the name and email to be saved, and says so', async () => {
    fetchMock.answer('POST /api/person/', 200, { ...person, name: 'Ann Smith' });
    fetchMock.answer('POST /api/order/refreshkeys/', 200, []);
    renderRoutes('/admin/person/7', { '/admin/person/:id': <PersonForm person={person} /> });
    const refresh = screen.getByRole<HTMLButtonElement>('button', { name: 'Refresh Serial Keys' });
    expect(refresh.disabled).toBe(false);
    expect(screen.queryByTestId('refresh-keys-hint')).toBeNull();

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ann Smith' } });
    expect(await screen.findByText(/Save the changes first/)).toBeTruthy();
    expect(refresh.disabled).toBe(true);
    expect(refresh.getAttribute('aria-describedby')).toBe(screen.getByTestId('refresh-keys-hint').id);
    fireEvent.click(refresh);
    expect(calls('POST /api/order/refreshkeys/')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(screen.queryByTestId('refresh-keys-hint')).toBeNull();
    expect(refresh.disabled).toBe(false);
    fireEvent.click(refresh);
    expect(await screen.findByText('Serial keys refreshed.')).toBeTruthy();
    expect(calls('POST /api/order/refreshkeys/')).toHaveLength(1);
  });
});
