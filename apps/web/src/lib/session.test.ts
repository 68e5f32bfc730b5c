// @vitest-environment jsdom
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCurrentUser, logIn, logOut, subscribeToSession } from './session';

afterEach(() => window.localStorage.clear());

describe('session', () => {
  it('stores the user in local storage under currentUser and notifies subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);
    logIn({ name: 'ann@example.com', token: 'token-1' });
    expect(JSON.parse(window.localStorage.getItem(CURRENT_USER_STORAGE_KEY) ?? 'null')).toEqual({
      name: 'ann@example.com',
      token: 'token-1',
    });
    expect(getCurrentUser()).toEqual({ name: 'ann@example.com', token: 'token-1' });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('answers the same object while storage is unchanged', () => {
    logIn({ name: 'admin', token: 't' });
    expect(getCurrentUser()).toBe(getCurrentUser());
  });

  it('removes the user on logout and notifies once; logging out nobody notifies nobody', () => {
    logIn({ name: 'ann@example.com', token: 'token-1' });
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);
    logOut();
    logOut();
    expect(window.localStorage.getItem(CURRENT_USER_STORAGE_KEY)).toBeNull();
    expect(getCurrentUser()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('treats a malformed stored value as signed out', () => {
    window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, '{"name":1}');
    expect(getCurrentUser()).toBeNull();
    window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, 'not json');
    expect(getCurrentUser()).toBeNull();
  });

  it('follows changes made in another tab', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: CURRENT_USER_STORAGE_KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'somethingElse' }));
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
