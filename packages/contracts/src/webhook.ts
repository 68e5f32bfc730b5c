import { z } from 'zod';

// The administrator's webhook log and "needs attention" list (docs/fastspring.md, decision 014).

/** The log's filter: every event, those needing attention (unsettled), or those whose processing failed. */
export const webhookEventListQuery = z.object({
  status: z.enum(['all', 'attention', 'failed']).default('all'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type WebhookEventListQuery = z.infer<typeof webhookEventListQuery>;

/** One received event: id, type, the provider's order, what became of it, and the payload as received. */
export const webhookEventRow = z.object({
  id: z.string(),
  type: z.string(),
  providerOrderId: z.string().nullable(),
  receivedAt: z.string(),
  processedAt: z.string().nullable(),
  /** processed | failed (the provider retries) | attention (accepted, waits for a person) | resolved */
  result: z.enum(['processed', 'failed', 'attention', 'resolved']),
  error: z.string().nullable(),
  attention: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  payload: z.unknown(),
});
export type WebhookEventRow = z.infer<typeof webhookEventRow>;
export const webhookEventList = z.array(webhookEventRow);
export type WebhookEventList = z.infer<typeof webhookEventList>;

/** Processes a stored event again; unknown product paths may be mapped to store products by name. */
export const webhookReplayRequest = z.object({
  productOfPath: z.record(z.string().trim().min(1).max(200), z.string().trim().min(1).max(200)).optional(),
});

/** Settles an event of the list without processing it (e.g. refunded by hand), with a reason. */
export const webhookResolveRequest = z.object({ note: z.string().trim().min(1).max(1000) });

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.');

/** Runs the reconciliation job for the days [from, to] (UTC), at most 90 days. */
export const reconcileRequest = z
  .object({ from: day, to: day })
  .refine((range) => range.from <= range.to, { message: 'The first day must not be after the last.', path: ['to'] })
  .refine((range) => Date.parse(range.to) - Date.parse(range.from) <= 90 * 86_400_000, {
    message: 'At most 90 days at once.',
    path: ['to'],
  });

/**
 * What the job found and did: the provider's orders and returns seen, the missing events processed or failed, and
 * the lookups that failed (`orders: …`, `returns: …`; the other one's events were processed all the same).
 */
export const reconcileResponse = z.object({
  isSkipped: z.boolean(),
  ordersSeen: z.number().int(),
  returnsSeen: z.number().int(),
  processedEventIds: z.array(z.string()),
  failedEventIds: z.array(z.string()),
  lookupErrors: z.array(z.string()),
});
