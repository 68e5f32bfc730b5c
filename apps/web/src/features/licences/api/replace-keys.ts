import { okResponse } from '@store/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /userinfo/orders/{id}/replacekeys (bearer token): the owner's leaked serial replaced (decision 055). */
const replaceOwnKeys = (orderId: number) =>
  apiRequest('POST', `/userinfo/orders/${orderId}/replacekeys`, { schema: okResponse, auth: true });

/** Replaces a licence's serial and key files, then reloads the licence list with the new ones. */
export const useReplaceOwnKeysMutation = (userName: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceOwnKeys,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.licences.userProducts(userName) }),
  });
};
