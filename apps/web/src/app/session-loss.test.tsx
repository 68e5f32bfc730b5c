// @vitest-environment jsdom
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../test/fetch-stub';
import { renderAppAt } from '../test/render-app';

// Review 2026-11-28 (web client), finding 1: an ended session or a login change in another tab unmounted the
// editor, unsaved work and all, and the login then led to the dashboard instead of back to it.

const fetchMock = stubFetch();
const sessionEnded = 'Your session has ended. Please log in again.';
const person = { id: 7, email: 'ann@example.com', name: 'Ann Smiht', country: 'AT' };

const storeUser = (user: { name: string; token: string; role?: string }) =>
  window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify(user));

/** Another tab changes the stored user: this tab hears of it through the storage event only. */
const inAnotherTab = (change: () => void) =>
  act(() => {
    change();
    window.dispatchEvent(new StorageEvent('storage', { key: CURRENT_USER_STORAGE_KEY }));
  });

const callsOf = (route: string) => fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === route);

/** The person editor's calls, and the navbar's. */
const servePersonEditor = () => {
  fetchMock.answer('GET /api/page/menuitems', 200, []);
  fetchMock.answer('GET /api/person/7', 200, person);
  fetchMock.answer('GET /api/order/byPerson/7', 200, []);
  fetchMock.answer('GET /api/product/', 200, []);
  fetchMock.answer('GET /api/person/7/timeline?page=0&pageSize=20', 200, { events: [], total: 0, page: 0, pageSize: 20 });
};

/** The editor's Name field once the person is loaded (its first visit loads the screen's chunk: slow on a busy machine). */
const findNameField = async () => {
  const form = await screen.findByRole('region', { name: 'Person' }, { timeout: 15_000 });
  return within(form).getByLabelText<HTMLInputElement>('Name');
};

beforeEach(() => servePersonEditor());
afterEach(() => window.localStorage.clear());

// The first visit of a screen loads its chunk, which takes seconds on a busy machine.
describe('an admin editor whose session ends', { timeout: 30_000 }, () => {
  it('stays with its unsaved changes after a 401, says how to log in again, and saves with the new session', async () => {
    storeUser({ name: 'admin', token: 'token-1', role: 'admin' });
    fetchMock.answer('GET /api/admin/screens/persons', 200, { ok: true });
    fetchMock.answer('POST /api/person/', 401, sessionEnded);
    fetchMock.answer('POST /api/person/', 200, { ...person, name: 'Ann Smith' });
    renderAppAt('/admin/person/7');
    const name = await findNameField();
    await screen.findByDisplayValue('Ann Smiht');
    fireEvent.change(name, { target: { value: 'Ann Smith' } });

    fireEvent.click(screen.getByRole('button', { name: 'SAVE' }));
    const notice = await screen.findByTestId('session-ended');
    expect(within(notice).getByRole('link', { name: 'Log in in a new tab' }).getAttribute('href')).toBe('/login');
    expect(within(notice).getByRole('link').getAttribute('target')).toBe('_blank');
    // The editor's own failure shows too, and its text stays as typed.
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(sessionEnded);
    expect((await findNameField()).value).toBe('Ann Smith');
    expect(screen.getByTestId('path').textContent).toBe('/admin/person/7');
    expect(callsOf('GET /api/admin/screens/persons')).toHaveLength(1);

    inAnotherTab(() => storeUser({ name: 'admin', token: 'token-2', role: 'admin' }));
    expect(screen.queryByTestId('session-ended')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    const [, lastSave] = callsOf('POST /api/person/').at(-1)!;
    expect(new Headers(lastSave?.headers).get('authorization')).toBe('Bearer token-2');
    expect(JSON.parse(String(lastSave?.body))).toMatchObject({ id: 7, name: 'Ann Smith' });
  });

  it('stays when another tab logs out or logs in as someone else, and says so', async () => {
    storeUser({ name: 'admin', token: 'token-1', role: 'admin' });
    fetchMock.answer('GET /api/admin/screens/persons', 200, { ok: true });
    renderAppAt('/admin/person/7');
    const name = await findNameField();
    await screen.findByDisplayValue('Ann Smiht');
    fireEvent.change(name, { target: { value: 'Ann Smith' } });

    inAnotherTab(() => window.localStorage.removeItem(CURRENT_USER_STORAGE_KEY));
    expect(await screen.findByTestId('session-ended')).toBeTruthy();
    inAnotherTab(() => storeUser({ name: 'boss@example.com', token: 'token-3', role: 'admin' }));
    expect((await screen.findByTestId('session-changed')).textContent).toContain('You are now logged in as boss@example.com');
    expect((await findNameField()).value).toBe('Ann Smith');
    expect(callsOf('GET /api/admin/screens/persons')).toHaveLength(1);
  });
});

describe('the login from a back-office screen', { timeout: 30_000 }, () => {
  it('returns to the screen whose session had ended, not to the dashboard', async () => {
    storeUser({ name: 'admin', token: 'token-1', role: 'admin' });
    fetchMock.answer('GET /api/admin/screens/persons', 401, sessionEnded);
    fetchMock.answer('GET /api/admin/screens/persons', 200, { ok: true });
    fetchMock.answer('POST /api/login/', 200, { name: 'admin', token: 'token-2', isAdmin: true, role: 'admin' });
    renderAppAt('/admin/person/7?tab=licences');
    await logInThroughThePage();
    await findNameField();
    expect(screen.getByTestId('path').textContent).toBe('/admin/person/7');
    expect(screen.getByTestId('search').textContent).toBe('?tab=licences');
  });

  it("returns to the screen from the navbar's LOGIN too, once the session ended in another tab", async () => {
    storeUser({ name: 'admin', token: 'token-1', role: 'admin' });
    fetchMock.answer('GET /api/admin/screens/persons', 200, { ok: true });
    fetchMock.answer('POST /api/login/', 200, { name: 'admin', token: 'token-2', isAdmin: true, role: 'admin' });
    renderAppAt('/admin/person/7?tab=licences');
    await findNameField();
    inAnotherTab(() => window.localStorage.removeItem(CURRENT_USER_STORAGE_KEY));
    fireEvent.click(await screen.findByRole('link', { name: 'LOGIN' }));
    await logInThroughThePage();
    await findNameField();
    expect(screen.getByTestId('path').textContent).toBe('/admin/person/7');
    expect(screen.getByTestId('search').textContent).toBe('?tab=licences');
  });

  it('returns to the screen asked for with nobody signed in', async () => {
    fetchMock.answer('GET /api/admin/screens/persons', 200, { ok: true });
    fetchMock.answer('POST /api/login/', 200, { name: 'help@example.com', token: 'token-2', isAdmin: false, role: 'support' });
    renderAppAt('/admin/person/7');
    await logInThroughThePage();
    await findNameField();
    expect(screen.getByTestId('path').textContent).toBe('/admin/person/7');
  });
});

async function logInThroughThePage() {
  const login = within(await screen.findByRole('region', { name: 'Login' }, { timeout: 15_000 }));
  expect(screen.getByTestId('path').textContent).toBe('/login');
  fireEvent.change(login.getByLabelText('Email'), { target: { value: 'admin' } });
  fireEvent.change(login.getByLabelText('Password'), { target: { value: 'admin-password' } });
  fireEvent.click(login.getByRole('button', { name: 'LOGIN' }));
}
