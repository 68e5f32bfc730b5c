// @vitest-environment jsdom
import { currentUser } from '@store/contracts/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub';
import { ApiError, apiRequest } from './api-client';
import { getCurrentUser, logIn } from './session';

const fetchMock = stubFetch();

afterEach(() => {
  window.localStorage.clear();
});

describe('apiRequest', () => {
  it('parses a JSON answer with the schema', async () => {
    fetchMock.answer('POST /api/login/', 200, { name: 'admin', token: 't', isAdmin: true });
    await expect(apiRequest('POST', '/login/', { body: { username: 'admin' }, schema: currentUser })).resolves.toEqual({
      name: 'admin',
      token: 't',
      isAdmin: true,
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/login/');
    expect(init?.body).toBe('{"username":"admin"}');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
  });

  it('answers undefined for an empty body and sends no content type without a body', async () => {
    fetchMock.answer('POST /api/logout', 200, '');
    await expect(apiRequest('POST', '/logout')).resolves.toBeUndefined();
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('content-type')).toBe(false);
  });

  it('rejects a 401 with the status and raw text, and logs the user out: the session is gone', async () => {
    logIn({ name: 'ann@example.com', token: 'secret' });
    fetchMock.answer('GET /api/userinfo/products', 401, 'Please log in.');
    const failure = apiRequest('GET', '/userinfo/products', { auth: true });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 401, text: 'Please log in.', kind: 'status' });
    expect(getCurrentUser()).toBeNull();
  });

  // Review 2026-11-28 (web client), finding 1: a call still out when the user logged in again in another tab.
  it('keeps a session that replaced the one a 401 was answered for', async () => {
    logIn({ name: 'admin', token: 'ended' });
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const failure = apiRequest('GET', '/person/7', { auth: true });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    logIn({ name: 'admin', token: 'new' });
    answer(new Response('Your session has ended. Please log in again.', { status: 401 }));
    await expect(failure).rejects.toMatchObject({ status: 401 });
    expect(getCurrentUser()).toEqual({ name: 'admin', token: 'new' });
  });

  // Decision 022: a refusal is shown where it happened; only the server's 401 ends the session.
  it.each([400, 403, 404, 409, 429, 500])('keeps the user signed in on any other failure (%i)', async (status) => {
    logIn({ name: 'ann@example.com', token: 'secret' });
    fetchMock.answer('GET /api/userinfo/verifyorderfortransfer/1', status, 'Nope');
    await expect(apiRequest('GET', '/userinfo/verifyorderfortransfer/1', { auth: true })).rejects.toMatchObject({ status, text: 'Nope' });
    expect(getCurrentUser()).toEqual({ name: 'ann@example.com', token: 'secret' });
  });

  it('sends the bearer token only when asked to', async () => {
    logIn({ name: 'ann@example.com', token: 'secret' });
    fetchMock.answer('POST /api/passwordchange', 200, '{"ok":true}');
    fetchMock.answer('GET /api/page/menuitems', 200, '[]');
    await apiRequest('POST', '/passwordchange', { body: { NewPassword: 'abcd' }, auth: true });
    await apiRequest('GET', '/page/menuitems');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('authorization')).toBe('Bearer secret');
    expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).has('authorization')).toBe(false);
  });

  it('rejects a success that is not JSON, or not the expected shape, as an invalid response', async () => {
    fetchMock.answer('GET /api/page/byUrl/*', 200, '<html></html>');
    await expect(apiRequest('GET', '/page/byUrl/*')).rejects.toMatchObject({ kind: 'invalid-response' });
    fetchMock.answer('GET /api/x', 200, '{"name":1}');
    await expect(apiRequest('GET', '/x', { schema: currentUser })).rejects.toMatchObject({ kind: 'invalid-response' });
  });

  it('accepts a schema loader', async () => {
    fetchMock.answer('GET /api/x', 200, '{"name":"a","token":"b"}');
    await expect(apiRequest('GET', '/x', { schema: () => Promise.resolve(currentUser) })).resolves.toEqual({
      name: 'a',
      token: 'b',
    });
  });

  it('turns an unreachable server into a network error without logging out', async () => {
    logIn({ name: 'ann@example.com', token: 'secret' });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiRequest('GET', '/page/menuitems')).rejects.toMatchObject({ kind: 'network', status: 0 });
    expect(getCurrentUser()).not.toBeNull();
  });
});
