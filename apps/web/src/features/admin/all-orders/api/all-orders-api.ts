import { pagedResponse } from '@store/contracts/list';
import { transferEntry } from '@store/contracts/order-detail';
import { orderListRow } from '@store/contracts/order-list';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { logLoadError } from '../../shared/log-load-error';

const orderPage = pagedResponse(orderListRow);

/** GET /admin/orders?page&pageSize&sort&desc&filter: one page of every licence. */
export const getAllOrdersPage = (search: string, signal?: AbortSignal) =>
  apiRequest('GET', `/admin/orders?${search}`, { schema: orderPage, auth: true, signal });

export const useAllOrdersPage = (search: string) =>
  useQuery({
    queryKey: queryKeys.admin.allOrdersPage(search),
    queryFn: ({ signal }) => logLoadError('orders', getAllOrdersPage(search, signal)),
    placeholderData: keepPreviousData,
  });

const transferPage = pagedResponse(transferEntry);

/** GET /admin/transfers?page&pageSize&sort&desc&filter: one page of every transfer, each its own entry (decision 060). */
export const useTransfersPage = (search: string) =>
  useQuery({
    queryKey: queryKeys.admin.transfersPage(search),
    queryFn: ({ signal }) =>
      logLoadError('transfers', apiRequest('GET', `/admin/transfers?${search}`, { schema: transferPage, auth: true, signal })),
    placeholderData: keepPreviousData,
  });

/**
 * A text answer of an admin call (CSV): the api client parses a success as JSON and answers other text as an
 * `invalid-response` error carrying the body, which is the answer here.
 */
export async function getText(path: string): Promise<string> {
  try {
    const answer = await apiRequest('GET', path, { auth: true });
    return typeof answer === 'string' ? answer : answer === undefined ? '' : JSON.stringify(answer);
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'invalid-response' && error.status >= 200 && error.status < 300) return error.text;
    throw error;
  }
}

/** GET /admin/orders.csv with the list's sort and filters (the server streams every matching row). */
export const useExportOrdersMutation = () => useMutation({ mutationFn: (search: string) => getText(`/admin/orders.csv?${search}`) });
