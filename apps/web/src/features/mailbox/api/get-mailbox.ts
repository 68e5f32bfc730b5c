import { mailboxEntries, type MailboxEntry } from '@store/contracts/mailbox';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /mailbox?to=: the recent outgoing mail (admin only; only while no SMTP server is configured). */
export const getMailbox = (to: string, signal?: AbortSignal): Promise<MailboxEntry[]> =>
  apiRequest('GET', to ? `/mailbox?to=${encodeURIComponent(to)}` : '/mailbox', {
    schema: mailboxEntries,
    auth: true,
    signal,
  });

export const useMailbox = (to: string) =>
  useQuery({ queryKey: queryKeys.mailbox.list(to), queryFn: ({ signal }) => getMailbox(to, signal) });
