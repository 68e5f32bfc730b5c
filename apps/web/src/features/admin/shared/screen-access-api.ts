import { okResponse } from '@store/contracts/auth';
import type { BackOfficeScreen } from '@store/contracts/staff';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /admin/screens/{screen}: 200 when the caller may open the screen, 403 when not, 401 without a session. */
const getScreenAccess = (screen: BackOfficeScreen, signal?: AbortSignal) =>
  apiRequest('GET', `/admin/screens/${screen}`, { schema: okResponse, auth: true, signal });

/**
 * The server's answer for the user signed in when the screen was entered (`useUserAtNavigation`), asked again each
 * time a screen is entered (roles change). Keyed by that user, not the current one: a 401 elsewhere on the screen,
 * or a login change in another tab, then asks nothing again and unmounts nothing (review 2026-11-28, finding 1).
 */
export const useScreenAccess = (screen: BackOfficeScreen, userNameAtEntry: string) =>
  useQuery({
    queryKey: queryKeys.admin.screenAccess(screen, userNameAtEntry),
    queryFn: ({ signal }) => getScreenAccess(screen, signal),
  });
