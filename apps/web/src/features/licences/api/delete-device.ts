import { okResponse } from '@store/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /userinfo/orderdevice/{id} (bearer token): frees one of the caller's computer slots. */
export const deleteOrderDevice = (deviceId: number) =>
  apiRequest('DELETE', `/userinfo/orderdevice/${deviceId}`, { schema: okResponse, auth: true });

/** Deletes a device, then reloads the licence list (spec §4). */
export const useDeleteDeviceMutation = (userName: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrderDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.licences.userProducts(userName) }),
  });
};
