import { okResponse } from '@store/contracts/auth';
import { releasePreferencesResponse, type ReleasePreferences } from '@store/contracts/release';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /userinfo/release-preferences (bearer token): the beta channel and release mail choices, with their dates. */
export const useReleasePreferences = (userName: string) =>
  useQuery({
    queryKey: queryKeys.releases.preferences(userName),
    queryFn: ({ signal }) => apiRequest('GET', '/userinfo/release-preferences', { schema: releasePreferencesResponse, auth: true, signal }),
  });

/** PUT /userinfo/release-preferences; the beta channel changes which installers the owner sees. */
export const useSaveReleasePreferences = (userName: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choices: ReleasePreferences) =>
      apiRequest('PUT', '/userinfo/release-preferences', { body: choices, schema: releasePreferencesResponse, auth: true }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.releases.preferences(userName), saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.downloads.owned(userName) });
    },
  });
};

/** POST /release-mail/unsubscribe?token=… (no login): the release mail's unsubscribe link. */
export const useUnsubscribe = () =>
  useMutation({
    mutationFn: (token: string) =>
      apiRequest('POST', `/release-mail/unsubscribe?token=${encodeURIComponent(token)}`, { schema: okResponse }),
  });
