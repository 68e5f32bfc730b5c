import { okResponse } from '@store/contracts/auth';
import type { ResendKeyRequest } from '@store/contracts/order';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /order/resend/ (no login): mails the address's licence keys of the product again. */
export const postKeyResend = (body: ResendKeyRequest) => apiRequest('POST', '/order/resend/', { body, schema: okResponse });

export const useKeyResendMutation = () => useMutation({ mutationFn: postKeyResend });
