import { trialProductList, webTrialResponse, type WebTrialForm, type WebTrialRequest } from '@store/contracts/trial';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /product/ (no login): the products a trial can be started for. */
export const getTrialProducts = (signal?: AbortSignal) => apiRequest('GET', '/product/', { schema: trialProductList, signal });

export const useTrialProducts = () => useQuery({ queryKey: queryKeys.trialProducts, queryFn: ({ signal }) => getTrialProducts(signal) });

/** POST /trial (no login): a trial for an offline computer; answers its expiring key file. */
export const postTrial = (values: WebTrialForm) => {
  const body: WebTrialRequest = { ProductName: values.productName, DeviceIdHash: values.deviceId, Email: values.email };
  return apiRequest('POST', '/trial', { body, schema: webTrialResponse });
};

export const useStartTrialMutation = () => useMutation({ mutationFn: postTrial });
