import { z } from 'zod';

/**
 * The events an outbound webhook endpoint may take (decision 052). Every name is defined now; an event whose
 * feature has not landed yet (revocation, upgrades, releases) is emitted once that feature exists.
 */
export const webhookEventTypes = [
  'licence.issued',
  'licence.revoked',
  'licence.upgraded',
  'licence.transferred',
  'computer.registered',
  'computer.removed',
  'trial.started',
  'order.refunded',
  'release.published',
  'support.requested',
] as const;
export const webhookEventType = z.enum(webhookEventTypes);
export type WebhookEventType = z.infer<typeof webhookEventType>;

/** What the admin screen shows for each event. */
export const webhookEventLabels: Record<WebhookEventType, string> = {
  'licence.issued': 'Licence issued',
  'licence.revoked': 'Licence revoked',
  'licence.upgraded': 'Licence upgraded',
  'licence.transferred': 'Licence transferred',
  'computer.registered': 'Computer registered',
  'computer.removed': 'Computer removed',
  'trial.started': 'Trial started',
  'order.refunded': 'Refund',
  'release.published': 'Release published',
  'support.requested': 'Support request',
};

/** POST /admin/webhooks and PUT /admin/webhooks/{id}: an endpoint's address, description and events. */
export const webhookEndpointRequest = z.object({
  url: z
    .string()
    .trim()
    .max(2000)
    .url('url: Please enter a valid address')
    .refine((url) => /^https?:\/\//i.test(url), 'url: The address must start with http:// or https://'),
  description: z.string().trim().max(500).default(''),
  events: z.array(webhookEventType).min(1, 'events: Pick at least one event').max(webhookEventTypes.length),
  isEnabled: z.boolean().default(true),
});
export type WebhookEndpointRequest = z.infer<typeof webhookEndpointRequest>;
/** What the endpoint form holds before parsing (description and isEnabled may be left out). */
export type WebhookEndpointRequestInput = z.input<typeof webhookEndpointRequest>;

/** GET /admin/webhooks: an endpoint as listed; its secret is never shown again after creation or rotation. */
export const webhookEndpoint = z.object({
  id: z.number(),
  url: z.string(),
  description: z.string(),
  events: z.array(webhookEventType),
  isEnabled: z.boolean(),
  /** Until when the secret before the last rotation still signs deliveries, if it does. */
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;
export const webhookEndpointList = z.array(webhookEndpoint);

/** The answer of creating an endpoint and of rotating its secret: the secret, shown this once. */
export const webhookEndpointWithSecret = webhookEndpoint.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecret>;

/** GET /admin/webhooks/{id}/deliveries: the delivery log, newest first. */
export const webhookDelivery = z.object({
  id: z.number(),
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  replayOf: z.number().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;
