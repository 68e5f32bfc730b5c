import type { CurrentUser } from '@store/contracts/auth';
import { paths } from '../config/paths';
import { isAdminUser, isStaffUser } from './use-current-user';

/** A back-office address (`/admin`, `/admin/…`, with its query or hash). */
const isBackOfficePath = (path: string): boolean => /^\/admin(?:[/?#]|$)/i.test(path);

/**
 * Where a login lands (issue 29): an administrator on the dashboard, "support" staff on the persons they work
 * with (the dashboard is not theirs, decision 013), a customer in the customer area (spec §2). Staff sent to the
 * login from a back-office screen (`returnPath`, see `returnPathOf`) go back to that screen instead, so that an
 * ended session costs them no more than logging in again (review 2026-11-28, web client, finding 1); a customer
 * lands in the customer area as the spec has it, whatever the address they came from.
 */
export function landingPathOf(user: CurrentUser, returnPath?: string): string {
  if (returnPath !== undefined && isStaffUser(user) && isBackOfficePath(returnPath)) return returnPath;
  if (isAdminUser(user)) return paths.adminDashboard;
  if (user.role === 'support') return paths.adminPersons;
  return paths.userArea;
}

/** The login's history state: the address of this site it was asked for from. */
type LoginReturnState = { from: string };

/** The state to open the login with, so that it can return to `location` (its path, query and hash). */
export const loginStateReturningTo = (location: { pathname: string; search: string; hash: string }): LoginReturnState => ({
  from: `${location.pathname}${location.search}${location.hash}`,
});

/**
 * `from` of the login's history state when it is a path of this site: one leading slash, and no `//`, backslash
 * or control character that a browser would read as the start of another host (`//evil.example`, `/\evil.example`,
 * `/<tab>/evil.example`). Anything else is no return path.
 */
export function returnPathOf(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('from' in state)) return undefined;
  const { from } = state;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  if (/[\\\u0000-\u001f\u007f]/.test(from)) return undefined;
  return from;
}
