import { licencePurchase } from '@store/contracts/customer-order';
import {
  reconcileResponse,
  webhookEventList,
  webhookEventRow,
  type reconcileRequest,
  type webhookReplayRequest,
} from '@store/contracts/webhook';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

export type WebhookStatus = 'attention' | 'failed' | 'all';

/** GET /webhookEvent/?status=: the webhook log, or the "needs attention" list. */
export const useWebhookEvents = (status: WebhookStatus) =>
  useQuery({
    queryKey: queryKeys.admin.webhooks.list(status),
    queryFn: ({ signal }) => apiRequest('GET', `/webhookEvent/?status=${status}`, { schema: webhookEventList, auth: true, signal }),
  });

/** Replay, settle by hand, reconcile: each refreshes the lists. */
export function useWebhookMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.webhooks.all });
  return {
    replay: useMutation({
      mutationFn: ({ id, body }: { id: string; body: z.infer<typeof webhookReplayRequest> }) =>
        apiRequest('POST', `/webhookEvent/${encodeURIComponent(id)}/replay`, { body, schema: webhookEventRow, auth: true }),
      onSuccess,
    }),
    resolve: useMutation({
      mutationFn: ({ id, note }: { id: string; note: string }) =>
        apiRequest('POST', `/webhookEvent/${encodeURIComponent(id)}/resolve`, { body: { note }, schema: webhookEventRow, auth: true }),
      onSuccess,
    }),
    reconcile: useMutation({
      mutationFn: (body: z.infer<typeof reconcileRequest>) =>
        apiRequest('POST', '/webhookEvent/reconcile', { body, schema: reconcileResponse, auth: true }),
      onSuccess,
    }),
  };
}

/** GET /order/:id/purchase: the FastSpring purchase a licence came from, with its refunds (null: none recorded). */
export const useLicencePurchase = (orderId: number) =>
  useQuery({
    queryKey: queryKeys.admin.orders.purchase(orderId),
    queryFn: ({ signal }) => apiRequest('GET', `/order/${orderId}/purchase`, { schema: licencePurchase, auth: true, signal }),
  });
