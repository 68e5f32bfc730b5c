import { okResponse } from '@store/contracts/auth';
import {
  generatedKeys,
  product,
  productSerials,
  type GeneratedKeys,
  type Product,
  type ProductSaveRequest,
  type ProductSerials,
  type ProductSerialsSaveRequest,
} from '@store/contracts/product';
import { trialList, type TrialList } from '@store/contracts/trial';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { logLoadError } from '../../shared/log-load-error';

/** GET /product/{id}: the product with its key material. */
export const getProduct = (id: number, signal?: AbortSignal): Promise<Product> =>
  apiRequest('GET', `/product/${id}`, { schema: product, auth: true, signal });

export const useProduct = (id: number) =>
  useQuery({ queryKey: queryKeys.admin.products.detail(id), queryFn: ({ signal }) => logLoadError('product', getProduct(id, signal)) });

/** GET /productserial/{id}: the product's serial list, one a line. */
export const getProductSerials = (id: number, signal?: AbortSignal): Promise<ProductSerials> =>
  apiRequest('GET', `/productserial/${id}`, { schema: productSerials, auth: true, signal });

export const useProductSerials = (id: number) =>
  useQuery({
    queryKey: queryKeys.admin.products.serials(id),
    queryFn: ({ signal }) => logLoadError('serials', getProductSerials(id, signal)),
  });

/** POST /product/: creates (id 0) or updates. */
export const saveProduct = (body: ProductSaveRequest): Promise<Product> =>
  apiRequest('POST', '/product/', { body, schema: product, auth: true });

/** POST /productserial/: replaces the serials not handed out yet. */
export const saveProductSerials = (body: ProductSerialsSaveRequest): Promise<ProductSerials> =>
  apiRequest('POST', '/productserial/', { body, schema: productSerials, auth: true });

/** SAVE PRODUCT's first step: the product, created (id 0) or updated. */
export const useSaveProductMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    onSuccess: (saved, request) => {
      queryClient.setQueryData(queryKeys.admin.products.detail(saved.id), saved);
      // A product just created has no serials yet: its editor need not load them.
      if (request.id <= 0) queryClient.setQueryData(queryKeys.admin.products.serials(saved.id), { id: saved.id, serials: '' });
      // The shop's list too: a purchase page opened next pushes the product's new path (decision 026).
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.products.list }),
        queryClient.invalidateQueries({ queryKey: queryKeys.publicProducts }),
      ]);
    },
  });
};

/**
 * SAVE PRODUCT's second step, once the product exists: its edited serials. A step of its own, so that their failure
 * never hides that the product was saved (a new one created).
 */
export const useSaveProductSerialsMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { id: number; serials: string }) => saveProductSerials(request),
    onSuccess: (saved, request) => queryClient.setQueryData(queryKeys.admin.products.serials(request.id), saved),
  });
};

/** DELETE /product/{id}: refused while the product has licences or activation codes. */
export const deleteProduct = (id: number) => apiRequest('DELETE', `/product/${id}`, { schema: okResponse, auth: true });

export const useDeleteProductMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.products.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.publicProducts }),
      ]),
  });
};

/** POST /product/generatekeys/: a fresh 1024-bit and 2048-bit pair, saved only with the product. */
export const generateKeys = (options: { id: number; useRsa2048: boolean }): Promise<GeneratedKeys> =>
  apiRequest('POST', '/product/generatekeys/', { body: options, schema: generatedKeys, auth: true });

export const useGenerateKeysMutation = () => useMutation({ mutationFn: generateKeys });

/** GET /product/{id}/trials: one page of the product's trials, newest first. */
export const getProductTrials = (id: number, page: number, signal?: AbortSignal): Promise<TrialList> =>
  apiRequest('GET', `/product/${id}/trials?page=${page}&pageSize=${TRIALS_PAGE_SIZE}`, { schema: trialList, auth: true, signal });

export const TRIALS_PAGE_SIZE = 20;

export const useProductTrials = (id: number, page: number) =>
  useQuery({
    queryKey: queryKeys.admin.products.trials(id, page),
    queryFn: ({ signal }) => logLoadError('trials', getProductTrials(id, page, signal)),
    placeholderData: keepPreviousData,
  });
