import { okResponse } from '@store/contracts/auth';
import type { BackOfficeScreen } from '@store/contracts/staff';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/use-current-user';
import { queryKeys } from '../../../lib/query-keys';

/** GET /admin/screens/{screen}: 200 when the caller may open the screen, 403 when not, 401 without a session. */
const getScreenAccess = (screen: BackOfficeScreen, signal?: AbortSignal) =>
  apiRequest('GET', `/admin/screens/${screen}`, { schema: okResponse, auth: true, signal });

/** The server's answer for the signed-in user, asked again each time a screen is entered (roles change). */
export const useScreenAccess = (screen: BackOfficeScreen) => {
  const userName = useCurrentUser()?.name ?? '';
  return useQuery({
    queryKey: queryKeys.admin.screenAccess(screen, userName),
    queryFn: ({ signal }) => getScreenAccess(screen, signal),
  });
};
