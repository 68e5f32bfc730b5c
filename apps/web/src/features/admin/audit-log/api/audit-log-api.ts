import { auditEntry } from '@store/contracts/audit';
import { pagedResponse } from '@store/contracts/list';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { logLoadError } from '../../shared/log-load-error';

const auditPage = pagedResponse(auditEntry);

/** GET /admin/audit?page&pageSize&sort&desc&filter: the staff actions, newest first unless sorted otherwise. */
export const useAuditLogPage = (search: string) =>
  useQuery({
    queryKey: queryKeys.admin.auditLog(search),
    queryFn: ({ signal }) =>
      logLoadError('audit log', apiRequest('GET', `/admin/audit?${search}`, { schema: auditPage, auth: true, signal })),
    placeholderData: keepPreviousData,
  });
