import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import type { CurrentUser } from '@store/contracts/auth';

/**
 * The session (spec §4): the current user kept in local storage under `currentUser`. Logging in stores it and
 * notifies subscribers; logging out removes it. Other tabs' changes arrive through the storage event.
 */
const listeners = new Set<() => void>();
let snapshot: { raw: string | null; user: CurrentUser | null } = { raw: null, user: null };

const readStorage = (): string | null => {
  try {
    return window.localStorage.getItem(CURRENT_USER_STORAGE_KEY);
  } catch {
    return null;
  }
};

/**
 * The stored value's shape (the contracts' `currentUser`), checked by hand: the zod runtime stays out of the
 * bundle a visitor's first page loads.
 */
const isCurrentUser = (value: unknown): value is CurrentUser =>
  typeof value === 'object' &&
  value !== null &&
  'name' in value &&
  typeof value.name === 'string' &&
  'token' in value &&
  typeof value.token === 'string';

const parseUser = (raw: string | null): CurrentUser | null => {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isCurrentUser(value) ? value : null;
  } catch {
    return null;
  }
};

/** The signed-in user, or null. Returns the same object while storage is unchanged (for useSyncExternalStore). */
export function getCurrentUser(): CurrentUser | null {
  const raw = readStorage();
  if (raw !== snapshot.raw) snapshot = { raw, user: parseUser(raw) };
  return snapshot.user;
}

const notify = () => {
  for (const listener of listeners) listener();
};

/** Stores the user answered by login or register and tells every subscriber. */
export function logIn(user: CurrentUser): void {
  window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify(user));
  notify();
}

/** Forgets the current user; does nothing (and notifies nobody) when no one is signed in. */
export function logOut(): void {
  if (readStorage() === null) return;
  window.localStorage.removeItem(CURRENT_USER_STORAGE_KEY);
  notify();
}

const onStorage = (event: StorageEvent) => {
  if (event.key === null || event.key === CURRENT_USER_STORAGE_KEY) notify();
};

/** Calls `listener` whenever the current user changes; answers the unsubscribe function. */
export function subscribeToSession(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}
