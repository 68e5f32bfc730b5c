import { searchResponse } from '@store/contracts/search';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { logLoadError } from '../../shared/log-load-error';

/** The server refuses shorter texts; the box does not ask. */
export const MIN_SEARCH_LENGTH = 2;

/** GET /admin/search?q: persons and licences from an email, name, serial, key, activation code, Device ID or reference. */
export const useAdminSearch = (text: string) =>
  useQuery({
    queryKey: queryKeys.admin.search(text),
    queryFn: ({ signal }) =>
      logLoadError(
        'search',
        apiRequest('GET', `/admin/search?${new URLSearchParams({ q: text }).toString()}`, { schema: searchResponse, auth: true, signal }),
      ),
    enabled: text.length >= MIN_SEARCH_LENGTH,
  });
