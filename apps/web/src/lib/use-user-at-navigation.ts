import type { CurrentUser } from '@store/contracts/auth';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { getCurrentUser } from './session';

/**
 * The user signed in when the current location was entered. Route guards decide on navigation, as the spec's
 * guards do: a failed call logs the user out (spec §4) but leaves the screen, and its error message, in place.
 */
export function useUserAtNavigation(): CurrentUser | null {
  const { key } = useLocation();
  const [entry, setEntry] = useState(() => ({ key, user: getCurrentUser() }));
  if (entry.key !== key) {
    const next = { key, user: getCurrentUser() };
    setEntry(next);
    return next.user;
  }
  return entry.user;
}
