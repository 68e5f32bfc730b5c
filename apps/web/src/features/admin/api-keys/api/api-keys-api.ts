import { apiKeyList, apiKeyWithToken, type ApiKeyCreateRequest } from '@store/contracts/api-key';
import { okResponse } from '@store/contracts/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

/** GET /admin/api-keys: the API keys for the vendor's scripts (decision 052). */
export const useApiKeys = () =>
  useQuery({
    queryKey: queryKeys.admin.apiKeys,
    queryFn: ({ signal }) => apiRequest('GET', '/admin/api-keys', { schema: apiKeyList, auth: true, signal }),
  });

/** Create (the token is in the answer, once) and revoke: each refreshes the list. */
export function useApiKeyMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.apiKeys });
  return {
    create: useMutation({
      mutationFn: (body: ApiKeyCreateRequest) => apiRequest('POST', '/admin/api-keys', { body, schema: apiKeyWithToken, auth: true }),
      onSuccess,
    }),
    revoke: useMutation({
      mutationFn: (id: number) => apiRequest('DELETE', `/admin/api-keys/${id}`, { schema: okResponse, auth: true }),
      onSuccess,
    }),
  };
}
