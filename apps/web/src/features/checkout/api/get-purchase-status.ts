import { purchaseStatus, type PurchaseStatus } from '@store/contracts/customer-order';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** How often, and for how long, the thank-you screen asks whether the provider's webhook has arrived. */
const POLL_INTERVAL_MS = 2_000;
const WAIT_MS = 90_000;

/** GET /fastspring/purchase/{id} (no login): the purchase's reference and mailed address once its webhook arrived. */
export const getPurchaseStatus = (orderId: string, signal?: AbortSignal): Promise<PurchaseStatus> =>
  apiRequest('GET', `/fastspring/purchase/${encodeURIComponent(orderId)}`, { schema: purchaseStatus, signal });

/**
 * The purchase's status, asked again every 2 s while it is pending, for a minute and a half; `isWaitOver` once it
 * stopped asking without an answer, or could not ask (the screen then says what to do).
 */
export function usePurchaseStatus(orderId: string) {
  const [startedAt] = useState(Date.now);
  const query = useQuery({
    queryKey: queryKeys.checkout.purchase(orderId),
    queryFn: ({ signal }) => getPurchaseStatus(orderId, signal),
    refetchInterval: (current) =>
      current.state.data?.status === 'pending' && current.state.dataUpdatedAt - startedAt < WAIT_MS ? POLL_INTERVAL_MS : false,
  });
  const isWaitOver = query.isError || (query.data?.status === 'pending' && query.dataUpdatedAt - startedAt >= WAIT_MS);
  return { status: query.data, isWaitOver };
}
