import type { DashboardPeriod } from '@store/contracts/dashboard';
import { offerFigures } from '@store/contracts/offer-figures';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { logLoadError } from '../../shared/log-load-error';

/** GET /admin/dashboard/offers?period: upgrades, crossgrades and bundles sold over the dashboard's range (decision 057). */
export const getOfferFigures = (period: DashboardPeriod, signal?: AbortSignal) =>
  apiRequest('GET', `/admin/dashboard/offers?period=${period}`, { schema: offerFigures, auth: true, signal });

export const useOfferFigures = (period: DashboardPeriod) =>
  useQuery({
    queryKey: queryKeys.admin.dashboardOffers(period),
    queryFn: ({ signal }) => logLoadError('dashboard offers', getOfferFigures(period, signal)),
    placeholderData: keepPreviousData,
  });
