import { releaseDeviceResponse } from '@store/contracts/licence';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /userinfo/releasedevice (bearer token): the removal code a plug-in showed frees its computer's place, once. */
const releaseDeviceWithCode = (body: { orderId: number; removalCode: string }) =>
  apiRequest('POST', '/userinfo/releasedevice', { body, schema: releaseDeviceResponse, auth: true });

/** Frees a place with a removal code, then reloads the licence list. */
export const useReleaseDeviceMutation = (userName: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseDeviceWithCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.licences.userProducts(userName) }),
  });
};
