import { dashboard, type DashboardPeriod } from '@store/contracts/dashboard';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { logLoadError } from '../../shared/log-load-error';

/** GET /admin/dashboard?period: revenue, licences and activity per day, week or month, from the daily rollups. */
export const getDashboard = (period: DashboardPeriod, signal?: AbortSignal) =>
  apiRequest('GET', `/admin/dashboard?period=${period}`, { schema: dashboard, auth: true, signal });

export const useDashboard = (period: DashboardPeriod) =>
  useQuery({
    queryKey: queryKeys.admin.dashboard(period),
    queryFn: ({ signal }) => logLoadError('dashboard', getDashboard(period, signal)),
    placeholderData: keepPreviousData,
  });
