import { personTimeline } from '@store/contracts/person-timeline';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { logLoadError } from '../../shared/log-load-error';

export const TIMELINE_PAGE_SIZE = 20;

/** GET /person/{id}/timeline?page&pageSize: one page of what happened to the person, newest first (decision 061). */
export const usePersonTimeline = (personId: number, page: number) =>
  useQuery({
    queryKey: queryKeys.admin.personTimeline(personId, page),
    queryFn: ({ signal }) =>
      logLoadError(
        'person timeline',
        apiRequest('GET', `/person/${personId}/timeline?page=${page}&pageSize=${TIMELINE_PAGE_SIZE}`, {
          schema: personTimeline,
          auth: true,
          signal,
        }),
      ),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
  });
