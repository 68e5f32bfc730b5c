import { userProducts, type UserProduct } from '@store/contracts/licence';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /userinfo/products (bearer token): the caller's licences with their registered computers. */
export const getUserProducts = (signal?: AbortSignal): Promise<UserProduct[]> =>
  apiRequest('GET', '/userinfo/products', { schema: userProducts, auth: true, signal });

export const useUserProducts = (userName: string) =>
  useQuery({ queryKey: queryKeys.licences.userProducts(userName), queryFn: ({ signal }) => getUserProducts(signal) });
