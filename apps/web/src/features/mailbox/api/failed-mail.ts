import { failedMailEntries, retryMailResponse, type FailedMailEntry } from '@store/contracts/mailbox';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /mail/failed: mail whose every delivery attempt failed (admin only, with or without SMTP). */
export const getFailedMail = (signal?: AbortSignal): Promise<FailedMailEntry[]> =>
  apiRequest('GET', '/mail/failed', { schema: failedMailEntries, auth: true, signal });

export const useFailedMail = () => useQuery({ queryKey: queryKeys.mailbox.failed, queryFn: ({ signal }) => getFailedMail(signal) });

/** POST /mail/{id}/retry: queues a failed mail again with a fresh set of attempts. */
export const postRetryMail = (id: number) => apiRequest('POST', `/mail/${id}/retry`, { schema: retryMailResponse, auth: true });

export const useRetryMailMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postRetryMail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.mailbox.all }),
  });
};
