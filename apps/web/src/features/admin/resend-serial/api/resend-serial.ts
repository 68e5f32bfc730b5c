import { staffResendResponse, type ResendKeyRequest } from '@store/contracts/order';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/**
 * POST /admin/resend {email, productName}, staff only: mails the licence keys of that product to the address and
 * answers how many licences were mailed. An ended session is a 401 before anything is mailed (not the public
 * POST /order/resend/, which would mail the customer as for anyone).
 */
export const resendSerial = (request: ResendKeyRequest) =>
  apiRequest('POST', '/admin/resend', { body: request, schema: staffResendResponse, auth: true });

export const useResendSerialMutation = () => useMutation({ mutationFn: resendSerial });
