import { z } from 'zod';

/** The dashboard's buckets: days, ISO weeks (from Monday) or months, in UTC. */
export const dashboardPeriods = ['day', 'week', 'month'] as const;
export type DashboardPeriod = (typeof dashboardPeriods)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD');

/** GET /admin/dashboard: without `from` the last 30 days, 26 weeks or 36 months up to `to` (today). */
export const dashboardQuery = z.object({
  period: z.enum(dashboardPeriods).default('day'),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

/** An amount of money in one currency ('' for licences nobody paid for). */
const money = z.object({ currency: z.string(), amount: z.number() });

export const dashboard = z.object({
  period: z.enum(dashboardPeriods),
  from: z.string(),
  to: z.string(),
  /** Revenue (licences sold and transfer fees, before refunds) and licences sold per bucket (its first day) and currency. */
  sales: z.array(z.object({ start: z.string(), currency: z.string(), revenue: z.number(), units: z.number().int() })),
  /**
   * Per bucket: licences issued by origin (on the day they were paid, decision 106), refunds (licences with money given
   * back, chargebacks included: decision 107), changes of owner and computers registered.
   */
  activity: z.array(
    z.object({
      start: z.string(),
      units: z.number().int(),
      purchases: z.number().int(),
      redemptions: z.number().int(),
      adminGrants: z.number().int(),
      refunds: z.number().int(),
      transfers: z.number().int(),
      activations: z.number().int(),
    }),
  ),
  /** Per product and currency over the whole range, most licences first; revenue includes the fees of its licences' transfers. */
  products: z.array(
    z.object({ productId: z.number().int(), productName: z.string(), currency: z.string(), units: z.number().int(), revenue: z.number() }),
  ),
  /** The ten countries with the most licences over the range ('' when unknown), and their revenue per currency. */
  countries: z.array(z.object({ country: z.string(), units: z.number().int(), revenue: z.array(money) })),
  totals: z.object({
    units: z.number().int(),
    redemptions: z.number().int(),
    refunds: z.number().int(),
    transfers: z.number().int(),
    activations: z.number().int(),
    /** Licences the administrator (or a chargeback) revoked within the range (decision 041). */
    revocations: z.number().int().optional(),
    /** What was paid for licences and for transfers, per currency (decision 029). */
    revenue: z.array(money),
    /** The transfer fees within the revenue. */
    transferFees: z.array(money),
    /** What was given back, whole units, amount refunds and chargebacks (decision 107), of licences and of transfer fees. */
    refunded: z.array(money),
    /** Revenue less what was refunded, per currency. */
    netRevenue: z.array(money),
  }),
});
export type Dashboard = z.infer<typeof dashboard>;
