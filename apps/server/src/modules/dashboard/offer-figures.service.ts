import type { DashboardQuery } from '@store/contracts/dashboard';
import type { OfferFigures } from '@store/contracts/offer-figures';
import type { Db } from '../../db/client.js';
import { dashboardRange } from './dashboard.service.js';
import { readOfferFigures } from './offer-figures.repository.js';

/** The dashboard's upgrades, crossgrades and bundles over its range and buckets (decision 057). */
export async function getOfferFigures(options: { db: Db; query: DashboardQuery; today?: Date }): Promise<OfferFigures> {
  const range = dashboardRange(options.query, options.today);
  return { ...range, ...(await readOfferFigures(options.db, range)) };
}
