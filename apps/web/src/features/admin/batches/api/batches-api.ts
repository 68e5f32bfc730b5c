import { activationBatchList, batchCodeList, voidBatchResponse } from '@store/contracts/batch';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { getText } from '../../all-orders/api/all-orders-api';
import { getBatchFile } from '../../activation-codes/api/activation-codes-api';
import { logLoadError } from '../../shared/log-load-error';

/** GET /order/unassigned/batches: every distributor batch with its counts, newest first. */
export const useBatches = () =>
  useQuery({
    queryKey: queryKeys.admin.batches,
    queryFn: ({ signal }) =>
      logLoadError('batches', apiRequest('GET', '/order/unassigned/batches', { schema: activationBatchList, auth: true, signal })),
  });

/** GET /order/unassigned/batches/{batch}/codes: its codes and who redeemed each, when. */
export const useBatchCodes = (batch: number) =>
  useQuery({
    queryKey: queryKeys.admin.batchCodes(batch),
    queryFn: ({ signal }) =>
      logLoadError(
        'batch codes',
        apiRequest('GET', `/order/unassigned/batches/${batch}/codes`, { schema: batchCodeList, auth: true, signal }),
      ),
  });

/** A batch as TXT (one code a line, the distributor's file) or CSV (every code with its status and redemption). */
export const useDownloadBatchFileMutation = () =>
  useMutation({
    mutationFn: ({ batch, format }: { batch: number; format: 'txt' | 'csv' }) =>
      format === 'txt' ? getBatchFile(batch) : getText(`/order/unassigned/batches/${batch}/csv`),
  });

/** POST /order/unassigned/batches/{batch}/void: its unredeemed codes redeem no more. */
export const useVoidBatchMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batch: number) => apiRequest('POST', `/order/unassigned/batches/${batch}/void`, { schema: voidBatchResponse, auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.activationCodes.all }),
  });
};
