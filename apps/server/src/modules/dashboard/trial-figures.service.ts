import type { DashboardQuery } from '@store/contracts/dashboard';
import type { TrialFigures } from '@store/contracts/trial-figures';
import type { Db } from '../../db/client.js';
import { dashboardRange } from './dashboard.service.js';
import { readTrialFigures } from './trial-figures.repository.js';

/** The dashboard's trial figures over its range: downloads of the trial builds, trials started, and conversions. */
export async function getTrialFigures(options: { db: Db; query: DashboardQuery; today?: Date }): Promise<TrialFigures> {
  const range = dashboardRange(options.query, options.today);
  const products = await readTrialFigures(options.db, range);
  const sum = (pick: (row: TrialFigures['products'][number]) => number) => products.reduce((total, row) => total + pick(row), 0);
  return {
    from: range.from,
    to: range.to,
    totals: { downloads: sum((row) => row.downloads), started: sum((row) => row.started), converted: sum((row) => row.converted) },
    products,
  };
}
