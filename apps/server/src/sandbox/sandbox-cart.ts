import { currencyCode } from '@store/contracts/offer';
import { z } from 'zod';

// What the stand-in's browser script keeps and sends: the session object of the SBL (docs/fastspring-protocol.md §1.3) after
// its push whitelist, with `products` collapsed by path; a secure session (`secure()`) adds the items' own prices and the
// locked contact (decision 036).

const shortText = z.string().trim().max(300);

/** A sandbox order holds at most this many units: enough to test quantities, too few to mint licences in bulk. */
export const MAX_SANDBOX_UNITS = 10;

export const sandboxCart = z.object({
  items: z
    .array(
      z.object({
        path: z.string().trim().toLowerCase().min(1).max(200),
        quantity: z.number().int().min(0).max(MAX_SANDBOX_UNITS),
        /** The item's own price per currency, which only a secure session sets (FastSpring's `pricing.price`). */
        price: z.record(currencyCode, z.number().nonnegative().max(1_000_000)).optional(),
      }),
    )
    .max(20)
    .default([])
    .refine(
      (items) => items.reduce((sum, item) => sum + item.quantity, 0) <= MAX_SANDBOX_UNITS,
      `A sandbox order holds at most ${MAX_SANDBOX_UNITS} units.`,
    ),
  coupon: z.string().trim().max(100).default(''),
  tags: z
    .record(z.string().max(200), z.unknown())
    .default({})
    .refine((tags) => JSON.stringify(tags).length <= 8000, 'Tags are too long.'),
  paymentContact: z.object({ email: shortText, firstName: shortText, lastName: shortText, country: shortText }).partial().optional(),
  /** The contact of a secure session: locked, as FastSpring locks it, so the order is paid by that address. */
  contact: z.object({ email: z.string().trim().max(300) }).optional(),
  country: z.string().trim().max(10).optional(),
  language: z.string().trim().max(10).optional(),
});
export type SandboxCart = z.infer<typeof sandboxCart>;
