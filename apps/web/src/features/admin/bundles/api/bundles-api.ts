import { okResponse } from '@store/contracts/auth';
import { bundle, bundleList, type Bundle, type BundleSaveRequest } from '@store/contracts/bundle';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { logLoadError } from '../../shared/log-load-error';

/** GET /bundle/: every bundle with its name, path, contents and "complete your bundle" rule (decisions 054, 057). */
export const getBundles = (signal?: AbortSignal): Promise<Bundle[]> =>
  apiRequest('GET', '/bundle/', { schema: bundleList, auth: true, signal });

export const useBundles = () =>
  useQuery({ queryKey: queryKeys.admin.bundles, queryFn: ({ signal }) => logLoadError('bundles', getBundles(signal)) });

/** POST /bundle/: creates (bundle product 0: with its product) or updates. */
export const saveBundle = (body: BundleSaveRequest): Promise<Bundle> =>
  apiRequest('POST', '/bundle/', { body, schema: bundle, auth: true });

export const useSaveBundleMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBundle,
    // The save may create or rename the bundle's product.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.bundles }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.products.all }),
      ]),
  });
};

/** DELETE /bundle/{id}: the product is no bundle any more; its licences sold as the bundle stay. */
export const deleteBundle = (bundleProductId: number) =>
  apiRequest('DELETE', `/bundle/${bundleProductId}`, { schema: okResponse, auth: true });

export const useDeleteBundleMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBundle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.bundles }),
  });
};
