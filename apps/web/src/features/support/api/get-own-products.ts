import { userProducts, type UserProduct } from '@store/contracts/licence';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The products a signed-in customer holds licences of, offered on the support form (the customer area's cache). */
export const useOwnProductNames = (userName: string) =>
  useQuery({
    queryKey: queryKeys.licences.userProducts(userName),
    queryFn: ({ signal }): Promise<UserProduct[]> => apiRequest('GET', '/userinfo/products', { schema: userProducts, auth: true, signal }),
    enabled: userName !== '',
    select: (licences) => [...new Set(licences.map((licence) => licence.name))].sort(),
  });
