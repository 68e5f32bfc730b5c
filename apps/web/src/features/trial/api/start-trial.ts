import { webTrialResponse, type WebTrialForm, type WebTrialRequest } from '@store/contracts/trial';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /trial (no login): a trial for an offline computer; answers its expiring key file. */
export const postTrial = (values: WebTrialForm) => {
  const body: WebTrialRequest = { ProductName: values.productName, DeviceIdHash: values.deviceId, Email: values.email };
  return apiRequest('POST', '/trial', { body, schema: webTrialResponse });
};

export const useStartTrialMutation = () => useMutation({ mutationFn: postTrial });
