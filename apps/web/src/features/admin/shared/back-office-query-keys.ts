/**
 * The back office's query keys (decision 024), under the factory's `['admin']` prefix (`lib/query-keys.ts`), so
 * invalidating `queryKeys.admin.all` or `queryKeys.admin.activationCodes.all` reaches them too. Kept here rather
 * than in the factory, which the home page loads.
 */
export const backOfficeQueryKeys = {
  dashboard: (search: string) => ['admin', 'dashboard', search] as const,
  dashboardTrials: (search: string) => ['admin', 'dashboard', 'trials', search] as const,
  allOrdersPage: (search: string) => ['admin', 'allOrders', 'page', search] as const,
  batches: ['admin', 'activationCodes', 'batches'] as const,
  batchCodes: (batch: number) => ['admin', 'activationCodes', 'batches', batch] as const,
  auditLog: (search: string) => ['admin', 'auditLog', search] as const,
  search: (text: string) => ['admin', 'search', text] as const,
  /** Whether the server lets the signed-in user open a back-office screen (decision 033). */
  screenAccess: (screen: string, userName: string) => ['admin', 'screenAccess', screen, userName] as const,
  offers: ['admin', 'offers'] as const,
  outboundWebhooks: ['admin', 'outboundWebhooks'] as const,
  outboundWebhookDeliveries: (endpointId: number) => ['admin', 'outboundWebhooks', 'deliveries', endpointId] as const,
  apiKeys: ['admin', 'apiKeys'] as const,
  /** Under the persons' key: a saved or erased person refreshes it; it reloads each time the person's screen opens. */
  personTimeline: (personId: number, page: number) => ['admin', 'persons', 'timeline', personId, page] as const,
};
