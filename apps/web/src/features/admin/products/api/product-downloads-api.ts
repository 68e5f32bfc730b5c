import { okResponse } from '@store/contracts/auth';
import { adminProductDownloads, type AdminProductDownload, type SaveProductDownloadRequest } from '@store/contracts/download';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

/** GET /product/{id}/downloads: the product's installers, storage included. */
export const getProductDownloads = (productId: number, signal?: AbortSignal): Promise<AdminProductDownload[]> =>
  apiRequest('GET', `/product/${productId}/downloads`, { schema: adminProductDownloads, auth: true, signal });

export const useProductDownloads = (productId: number) =>
  useQuery({ queryKey: queryKeys.admin.products.downloads(productId), queryFn: ({ signal }) => getProductDownloads(productId, signal) });

/** Adds (id 0) or changes an installer; the answer is the product's list, kept as the query's data. */
export const useSaveProductDownloadMutation = (productId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveProductDownloadRequest) =>
      apiRequest('POST', `/product/${productId}/downloads`, { body, schema: adminProductDownloads, auth: true }),
    onSuccess: (list) => queryClient.setQueryData(queryKeys.admin.products.downloads(productId), list),
  });
};

export const useDeleteProductDownloadMutation = (productId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/product/${productId}/downloads/${id}`, { schema: okResponse, auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.products.downloads(productId) }),
  });
};
