import type { DashboardPeriod } from '@store/contracts/dashboard';
import { trialFigures } from '@store/contracts/trial-figures';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { logLoadError } from '../../shared/log-load-error';

/** GET /admin/dashboard/trials?period: trial downloads, trials started and converted over the dashboard's range. */
export const getTrialFigures = (period: DashboardPeriod, signal?: AbortSignal) =>
  apiRequest('GET', `/admin/dashboard/trials?period=${period}`, { schema: trialFigures, auth: true, signal });

export const useTrialFigures = (period: DashboardPeriod) =>
  useQuery({
    queryKey: queryKeys.admin.dashboardTrials(period),
    queryFn: ({ signal }) => logLoadError('dashboard trials', getTrialFigures(period, signal)),
    placeholderData: keepPreviousData,
  });
