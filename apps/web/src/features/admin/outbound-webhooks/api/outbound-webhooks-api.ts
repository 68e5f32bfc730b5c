import { okResponse } from '@store/contracts/auth';
import {
  webhookDelivery,
  webhookEndpoint,
  webhookEndpointList,
  webhookEndpointWithSecret,
  type WebhookEndpointRequest,
} from '@store/contracts/outbound-webhook';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

/** GET /admin/webhooks: the outbound webhook endpoints (decision 052). */
export const useOutboundWebhooks = () =>
  useQuery({
    queryKey: queryKeys.admin.outboundWebhooks,
    queryFn: ({ signal }) => apiRequest('GET', '/admin/webhooks', { schema: webhookEndpointList, auth: true, signal }),
  });

/** How often a shown delivery log with a pending delivery is read again. */
const PENDING_REFRESH_MS = 2000;

/** GET /admin/webhooks/{id}/deliveries: an endpoint's delivery log, while it is shown. */
export const useWebhookDeliveries = (endpointId: number | undefined) =>
  useQuery({
    queryKey: queryKeys.admin.outboundWebhookDeliveries(endpointId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest('GET', `/admin/webhooks/${endpointId}/deliveries`, { schema: z.array(webhookDelivery), auth: true, signal }),
    enabled: endpointId !== undefined,
    // A delivery waiting for its (next) attempt is read again until it has its answer.
    refetchInterval: (query) => (query.state.data?.some((delivery) => delivery.status === 'pending') ? PENDING_REFRESH_MS : false),
  });

/** Create, change, delete, rotate and replay: each refreshes the endpoints and their logs. */
export function useOutboundWebhookMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.outboundWebhooks });
  return {
    create: useMutation({
      mutationFn: (body: WebhookEndpointRequest) =>
        apiRequest('POST', '/admin/webhooks', { body, schema: webhookEndpointWithSecret, auth: true }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: WebhookEndpointRequest }) =>
        apiRequest('PUT', `/admin/webhooks/${id}`, { body, schema: webhookEndpoint, auth: true }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) => apiRequest('DELETE', `/admin/webhooks/${id}`, { schema: okResponse, auth: true }),
      onSuccess,
    }),
    rotate: useMutation({
      mutationFn: (id: number) =>
        apiRequest('POST', `/admin/webhooks/${id}/rotate-secret`, { schema: webhookEndpointWithSecret, auth: true }),
      onSuccess,
    }),
    replay: useMutation({
      mutationFn: (deliveryId: number) =>
        apiRequest('POST', `/admin/webhook-deliveries/${deliveryId}/replay`, { schema: okResponse, auth: true }),
      onSuccess,
    }),
  };
}
