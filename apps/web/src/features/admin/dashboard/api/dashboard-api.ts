import { dashboard, type DashboardPeriod } from '@store/contracts/dashboard';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { logLoadError } from '../../shared/log-load-error';

/** GET /admin/dashboard?period: revenue, licences and activity per day, week or month, from the daily rollups. */
export const getDashboard = (period: DashboardPeriod, signal?: AbortSignal) =>
  apiRequest('GET', `/admin/dashboard?period=${period}`, { schema: dashboard, auth: true, signal });

/**
 * `visit` is the navigation's key: each opening of the dashboard (DASHBOARD in a menu, also while it is open) asks
 * for fresh figures, the previous ones shown meanwhile.
 */
export const useDashboard = (period: DashboardPeriod, visit: string) =>
  useQuery({
    queryKey: queryKeys.admin.dashboardVisit(period, visit),
    queryFn: ({ signal }) => logLoadError('dashboard', getDashboard(period, signal)),
    placeholderData: keepPreviousData,
  });
