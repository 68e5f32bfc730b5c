import { renameDeviceRequest } from '@store/contracts/licence';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const renamed = z.object({ deviceName: z.string() });

/** PUT /userinfo/orderdevice/{id} (bearer token): renames one of the caller's computers; answers the name kept. */
export const renameOrderDevice = (variables: { deviceId: number; deviceName: string }) =>
  apiRequest('PUT', `/userinfo/orderdevice/${variables.deviceId}`, {
    body: renameDeviceRequest.parse({ deviceName: variables.deviceName }),
    schema: renamed,
    auth: true,
  });

/** Renames a computer, then reloads the licence list. */
export const useRenameDeviceMutation = (userName: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameOrderDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.licences.userProducts(userName) }),
  });
};
