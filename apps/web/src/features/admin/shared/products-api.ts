import { productList, type Product } from '@store/contracts/product';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { logLoadError } from './log-load-error';

/** GET /product/ as the administrator: every product with its key material. */
export const getAdminProducts = (signal?: AbortSignal): Promise<Product[]> =>
  apiRequest('GET', '/product/', { schema: productList, auth: true, signal });

/** The products, for the products list and the product selects of the person editor and activation codes. */
export const useAdminProducts = () =>
  useQuery({
    queryKey: queryKeys.admin.products.list,
    queryFn: ({ signal }) => logLoadError('products', getAdminProducts(signal)),
  });
