import { verifyTransferResponse } from '@store/contracts/licence';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /userinfo/verifyorderfortransfer/{id} (auth): a short-lived token for the transfer's checkout tag. */
export const getTransferToken = (orderId: string): Promise<string> =>
  apiRequest('GET', `/userinfo/verifyorderfortransfer/${encodeURIComponent(orderId)}`, {
    auth: true,
    schema: verifyTransferResponse,
  });

export const useTransferTokenMutation = () => useMutation({ mutationFn: getTransferToken });
