import { okResponse } from '@store/contracts/auth';
import type { ResendKeyRequest } from '@store/contracts/order';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/** POST /order/resend/ {email, productName}: mails the licence keys of that product to the address. */
export const resendSerial = (request: ResendKeyRequest) => apiRequest('POST', '/order/resend/', { body: request, schema: okResponse, auth: true });

export const useResendSerialMutation = () => useMutation({ mutationFn: resendSerial });
