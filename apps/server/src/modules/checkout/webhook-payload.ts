import { z } from 'zod';

// FastSpring's webhook bodies (reference §2). Read defensively: only the fields used are checked, the rest is
// kept as it came (stored in webhook_event.payload).

/** One event of a post: `{id, type, live, processed, created, data}`. */
export const webhookEvent = z.looseObject({
  id: z.string().trim().min(1).max(200),
  type: z.string().trim().min(1).max(200),
  live: z.boolean().optional(),
  created: z.number().optional(),
  data: z.unknown(),
});
export type WebhookEvent = z.infer<typeof webhookEvent>;

/** The body of a post: several events at once. */
export const webhookEnvelope = z.object({ events: z.array(webhookEvent).min(1).max(500) });

const text = z.string().max(1000);
const contact = z.looseObject({ first: text.nullish(), last: text.nullish(), email: text.nullish() });

/** `order.completed` data (§2.2); `account` is an id, or an object when webhook expansion is on. */
export const orderCompletedData = z.looseObject({
  id: z.string().min(1).max(200),
  reference: text.nullish(),
  customer: contact.nullish(),
  address: z.looseObject({ country: text.nullish() }).nullish(),
  account: z.union([text, z.looseObject({ contact: contact.nullish(), country: text.nullish() })]).nullish(),
  items: z
    .array(z.looseObject({ product: z.string().min(1).max(200), quantity: z.number().int().min(0).max(1000).nullish() }))
    .max(200),
  tags: z.record(z.string(), z.unknown()).nullish(),
  /** The coupon codes the order used (FastSpring sends an array of codes). */
  coupons: z.array(z.string().max(200)).max(50).nullish().catch(null),
});
export type OrderCompletedData = z.infer<typeof orderCompletedData>;

/** `return.created` data (§2.3): the refund points back to the purchase through `original`. */
export const returnCreatedData = z.looseObject({
  return: text.nullish(),
  original: z.looseObject({ id: text.nullish(), order: text.nullish(), reference: text.nullish() }),
  /** What was returned; without it the whole purchase is. */
  items: z.array(z.looseObject({ product: text, quantity: z.number().int().min(0).max(100_000).nullish() })).max(1000).nullish(),
});
