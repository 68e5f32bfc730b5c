import { normalizeProductPath } from '@store/contracts/product-path';
import type { PublicProduct } from '@store/contracts/product';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { queryClient } from '../query-client';
import { queryKeys } from '../query-keys';

type NamedPath = Pick<PublicProduct, 'name' | 'path'>;

/** GET /product/ without a login: every product's public fields, its FastSpring path among them. */
export const getPublicProducts = (signal?: AbortSignal): Promise<PublicProduct[]> =>
  apiRequest('GET', '/product/', {
    // Loaded with the call: the content page, which adds products to the cart, carries no zod (decision 006).
    schema: () => import('@store/contracts/product').then((contract) => contract.publicProductList),
    signal,
  });

const publicProductsQuery = {
  queryKey: queryKeys.publicProducts,
  queryFn: ({ signal }: { signal?: AbortSignal }) => getPublicProducts(signal),
  // Products change seldom, and the admin's saves invalidate the key: each "add to cart" need not ask again.
  staleTime: 60_000,
};

/** The public product list, shared by the purchase pages and the trial page. */
export const usePublicProducts = () => useQuery(publicProductsQuery);

/**
 * The FastSpring path to push for the product a page's address names (checkoutPathOf); undefined while the product
 * list loads, so nothing is pushed before it is known. A list that failed to load leaves the name in lower case, as
 * before decision 026; no name, no path ('').
 */
export function useCheckoutPath(nameOrPath: string): string | undefined {
  const products = usePublicProducts();
  if (nameOrPath.trim() === '') return '';
  return products.isPending ? undefined : checkoutPathOf(products.data, nameOrPath);
}

/**
 * The FastSpring path to push for a product a page or address names (decision 026): the product named exactly
 * so, else the one with that path, else the one of that name in any case. A name no product has falls back to
 * itself in lower case (the path of every product before decision 026), so the checkout still gets to decide.
 */
export function checkoutPathOf(products: readonly NamedPath[] | undefined, nameOrPath: string): string {
  const wanted = nameOrPath.trim();
  const key = normalizeProductPath(wanted);
  const product =
    products?.find((candidate) => candidate.name === wanted) ??
    products?.find((candidate) => candidate.path === key) ??
    products?.find((candidate) => candidate.name.toLowerCase() === key);
  return product?.path ?? key;
}

/** checkoutPathOf with the product list loaded first (or taken from the cache); a list that fails to load falls back. */
export async function resolveCheckoutPath(nameOrPath: string): Promise<string> {
  const products = await queryClient.fetchQuery(publicProductsQuery).catch(() => undefined);
  return checkoutPathOf(products, nameOrPath);
}
