import { resendKeyResponse, type ResendKeyRequest } from '@store/contracts/order';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/**
 * POST /order/resend/ {email, productName} with the administrator's token: mails the licence keys of that product
 * to the address, and answers how many licences were mailed.
 */
export const resendSerial = (request: ResendKeyRequest) =>
  apiRequest('POST', '/order/resend/', { body: request, schema: resendKeyResponse, auth: true });

export const useResendSerialMutation = () => useMutation({ mutationFn: resendSerial });
