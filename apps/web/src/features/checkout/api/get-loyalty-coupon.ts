import { loyaltyCouponResponse } from '@store/contracts/checkout';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /fastspring/loyaltycoupon (auth): the customer's loyalty coupon code, or empty. */
export const postLoyaltyCoupon = (signal?: AbortSignal): Promise<string> =>
  apiRequest('POST', '/fastspring/loyaltycoupon', { auth: true, schema: loyaltyCouponResponse, signal });

/** The signed-in customer's loyalty coupon code ("" when none), asked again on each visit (a purchase may add one). */
export const useLoyaltyCoupon = (userName: string | null) =>
  useQuery({
    queryKey: queryKeys.checkout.loyaltyCoupon(userName),
    queryFn: ({ signal }) => postLoyaltyCoupon(signal),
    enabled: userName !== null,
  });
