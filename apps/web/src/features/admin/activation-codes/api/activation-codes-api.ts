import { okResponse } from '@store/contracts/auth';
import { pagedResponse } from '@store/contracts/list';
import { unassignedCreateResponse, unassignedOrder, type UnassignedCreateRequest } from '@store/contracts/order';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiRequest } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { logLoadError } from '../../shared/log-load-error';

const codePage = pagedResponse(unassignedOrder);

/** GET /order/unsassigned (spelled so) with page, sort and filters: the activation codes not yet redeemed. */
export const getOpenCodesPage = (search: string, signal?: AbortSignal) =>
  apiRequest('GET', `/order/unsassigned?${search}`, { schema: codePage, auth: true, signal });

export const useOpenCodesPage = (search: string) =>
  useQuery({
    queryKey: queryKeys.admin.activationCodes.page(search),
    queryFn: ({ signal }) => logLoadError('activation codes', getOpenCodesPage(search, signal)),
    placeholderData: keepPreviousData,
  });

/** POST /order/unassigned/create/: a numbered batch of codes for a distributor. */
export const createBatch = (request: UnassignedCreateRequest) =>
  apiRequest('POST', '/order/unassigned/create/', { body: request, schema: unassignedCreateResponse, auth: true });

export const useCreateBatchMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBatch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.activationCodes.all }),
  });
};

/** GET /order/unassigned/productname/{batch}: the product of a batch (a JSON string). */
export const getBatchProductName = (batch: number) =>
  apiRequest('GET', `/order/unassigned/productname/${batch}`, { schema: z.string(), auth: true });

/**
 * GET /order/unassigned/serials/{batch}: the batch's codes as plain text, one a line. The api client parses a
 * non-empty success as JSON and answers other text as an `invalid-response` error carrying the body: for this
 * one call, that body is the answer.
 */
export async function getBatchFile(batch: number): Promise<string> {
  try {
    const answer = await apiRequest('GET', `/order/unassigned/serials/${batch}`, { auth: true });
    return typeof answer === 'string' ? answer : answer === undefined ? '' : JSON.stringify(answer);
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'invalid-response' && error.status >= 200 && error.status < 300) return error.text;
    throw error;
  }
}

/** Both calls of a batch download: the file name's product, then the codes. */
export const useDownloadBatchMutation = () =>
  useMutation({
    mutationFn: async (batch: number) => {
      const productName = await getBatchProductName(batch);
      return { productName, text: await getBatchFile(batch) };
    },
  });

/** DELETE /order/unassigned/{id}: an unused code. */
export const deleteCode = (id: number) => apiRequest('DELETE', `/order/unassigned/${id}`, { schema: okResponse, auth: true });

export const useDeleteCodeMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.activationCodes.all }),
  });
};
