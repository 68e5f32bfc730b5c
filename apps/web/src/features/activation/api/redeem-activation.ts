import type { ActivationForm } from '@store/contracts/forms';
import { redeemActivationResponse, type RedeemActivationRequest } from '@store/contracts/licence';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /userinfo/registerproduct (no login): redeems an activation key; answers the address as typed and the product. */
export const postActivation = (values: ActivationForm) => {
  const body: RedeemActivationRequest = {
    ActivationKey: values.activationKey,
    Email: values.email,
    FirstName: values.firstName,
    LastName: values.lastName,
  };
  return apiRequest('POST', '/userinfo/registerproduct', { body, schema: redeemActivationResponse });
};

export const useActivationMutation = () => useMutation({ mutationFn: postActivation });
