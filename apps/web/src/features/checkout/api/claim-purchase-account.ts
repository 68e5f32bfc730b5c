import { purchaseAccountResponse, type PurchaseAccountResponse } from '@store/contracts/customer-order';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /fastspring/purchase/{id}/account (no login): this tab's claim, once, for the buyer's way in (decision 060). */
export const claimPurchaseAccount = (options: { orderId: string; claim: string }): Promise<PurchaseAccountResponse> =>
  apiRequest('POST', `/fastspring/purchase/${encodeURIComponent(options.orderId)}/account`, {
    body: { claim: options.claim },
    schema: purchaseAccountResponse,
  });

export const useClaimPurchaseAccount = () => useMutation({ mutationFn: claimPurchaseAccount });
