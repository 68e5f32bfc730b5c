import { supportRequestResponse, type SupportRequest } from '@store/contracts/checkout';
import type { SupportForm } from '@store/contracts/forms';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /product/support/ (no login) with the request's four fields; answers the request's number. */
export const postSupportRequest = (values: SupportForm) => {
  const body: SupportRequest = {
    email: values.email,
    productName: values.productName,
    operatingSystem: values.operatingSystem,
    problemDescription: values.problemDescription,
  };
  return apiRequest('POST', '/product/support/', { body, schema: supportRequestResponse });
};

export const useSupportRequestMutation = () => useMutation({ mutationFn: postSupportRequest });
