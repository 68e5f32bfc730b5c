import { userProducts, type UserProduct } from '@store/contracts/licence';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The licence the Transfer License page is about, from GET /userinfo/products (the customer area's cache when it
 * has it), so the page can say from when a transfer is possible instead of offering a form that would fail.
 */
export const useTransferLicence = (userName: string, orderId: number) =>
  useQuery({
    queryKey: queryKeys.licences.userProducts(userName),
    queryFn: ({ signal }): Promise<UserProduct[]> => apiRequest('GET', '/userinfo/products', { schema: userProducts, auth: true, signal }),
    select: (licences) => licences.find((licence) => licence.orderId === orderId),
  });
