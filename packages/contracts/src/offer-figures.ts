import { z } from 'zod';
import { dashboardPeriods } from './dashboard.js';
import { offerKinds } from './offer.js';
import { orderKinds } from './order-list.js';

/**
 * GET /admin/dashboard/offers (the dashboard's query: `period`, `from`, `to`): the licences sold as upgrades,
 * crossgrades and in bundles over the range, by the day each was sold (decision 057). `revenue` is what they were
 * paid (decision 029: before refunds), `refunded` what was given back of them since; amounts per currency.
 */
const sold = { currency: z.string(), units: z.number().int(), revenue: z.number(), refunded: z.number() };

export const offerFigures = z.object({
  period: z.enum(dashboardPeriods),
  from: z.string(),
  to: z.string(),
  /** Per kind and currency. */
  kinds: z.array(z.object({ kind: z.enum(orderKinds), ...sold })),
  /** The upgrades (and crossgrades) sold per path: per offer and currency, most sold first. */
  paths: z.array(
    z.object({
      offerId: z.number().int(),
      name: z.string(),
      kind: z.enum(offerKinds),
      /** The products whose owners it is offered to, by name. */
      fromProducts: z.string(),
      toProduct: z.string(),
      ...sold,
    }),
  ),
  /** Per bundle and currency: the bundles sold (orders holding it) and their licences. */
  bundles: z.array(z.object({ name: z.string(), sold: z.number().int(), ...sold })),
  /** Per bucket (its first day), kind and currency. */
  sales: z.array(
    z.object({ start: z.string(), kind: z.enum(orderKinds), currency: z.string(), units: z.number().int(), revenue: z.number() }),
  ),
});
export type OfferFigures = z.infer<typeof offerFigures>;
