import { z } from 'zod';

/** One licence of a purchase in the customer's order history. */
export const historyLicence = z.object({
  orderId: z.number(),
  productName: z.string(),
  /** active, refunded, or transferred (away from this customer). */
  state: z.enum(['active', 'refunded', 'transferred']),
  amount: z.string().nullable(),
  currency: z.string().nullable(),
});

/**
 * GET /userinfo/orders: the customer's purchases (one per provider order; a licence that came another way is one
 * entry of its own), newest first, and what happened to their licences since.
 */
export const customerOrder = z.object({
  /** FastSpring's order reference (e.g. PLG231124-1234-56789), or null for an activation code, an admin grant or a transfer. */
  reference: z.string().nullable(),
  source: z.enum(['purchase', 'activation', 'admin', 'transfer', 'import']),
  date: z.string(),
  licences: z.array(historyLicence),
  /** The sum of the licences' amounts, when every one has an amount in the same currency. */
  total: z.string().nullable(),
  currency: z.string().nullable(),
  invoiceUrl: z.string().nullable(),
  events: z.array(
    z.object({
      kind: z.enum(['refunded', 'transferred-away', 'transferred-in']),
      orderId: z.number(),
      productName: z.string(),
      /** When it happened; null for a refund (the provider's return does not date the licence). */
      at: z.string().nullable(),
    }),
  ),
});
export type CustomerOrder = z.infer<typeof customerOrder>;
export const customerOrders = z.array(customerOrder);
