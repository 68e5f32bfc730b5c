import { customerOrderList, type CustomerOrder } from '@store/contracts/customer-order';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /userinfo/orders (bearer token): the caller's purchases, with refunds and transfers. */
export const getOrders = (signal?: AbortSignal): Promise<CustomerOrder[]> =>
  apiRequest('GET', '/userinfo/orders', { schema: customerOrderList, auth: true, signal });

export const useOrders = (userName: string) =>
  useQuery({ queryKey: queryKeys.orders.list(userName), queryFn: ({ signal }) => getOrders(signal) });
