import { OFFLINE_DEVICE_NAME } from '@store/contracts/constants';
import { registerDeviceResponse, type RegisterDeviceRequest } from '@store/contracts/licence';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type OfflineRegistration = { productName: string; key: string; deviceId: string };

/**
 * POST /userinfo/registerproductfordevice as the offline dialog sends it (no auth header: the key proves the
 * licence); answers the computer's key file.
 */
export const postOfflineRegistration = (registration: OfflineRegistration): Promise<string> => {
  const body: RegisterDeviceRequest = {
    ProductName: registration.productName,
    Key: registration.key,
    DeviceIdHash: registration.deviceId,
    DeviceName: OFFLINE_DEVICE_NAME,
  };
  return apiRequest('POST', '/userinfo/registerproductfordevice', { body, schema: registerDeviceResponse });
};

/** Registers an offline computer, then reloads the licence list (spec §4). */
export const useOfflineRegistrationMutation = (userName: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postOfflineRegistration,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.licences.userProducts(userName) }),
  });
};
