import { z } from 'zod';

/**
 * GET /admin/dashboard/trials (the dashboard's query: `period`, `from`, `to`): trying before buying over the range
 * (decision 035). `downloads` are the links to public installers handed out on the range's days; `started` the
 * trials started in it; `converted` those of them whose computer registered a bought licence of the product after
 * the trial started (at any time up to now).
 */
const trialCounts = z.object({ downloads: z.number().int(), started: z.number().int(), converted: z.number().int() });

export const trialFigures = z.object({
  from: z.string(),
  to: z.string(),
  totals: trialCounts,
  /** Products with a download or a trial in the range, most trials first. */
  products: z.array(trialCounts.extend({ productId: z.number().int(), productName: z.string() })),
});
export type TrialFigures = z.infer<typeof trialFigures>;
