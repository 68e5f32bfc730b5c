// @vitest-environment jsdom
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryKeys } from '../../../../lib/query-keys';
import { stubFetch } from '../../../../test/fetch-stub';
import {
  useCreateOrderMutation,
  useDeleteOrderDeviceMutation,
  useDeleteOrderMutation,
  useRefreshKeysMutation,
  useReplaceKeysMutation,
  useRevokeOrderMutation,
} from './orders-api';

const fetchMock = stubFetch();
const person = { id: 7, email: 'ann@example.com', name: 'Ann', country: 'AT' };
const order = {
  id: 41,
  productId: 3,
  personId: 7,
  serial: '',
  creationDate: '2026-11-01T10:00:00.000Z',
  serialNew: 'key-1024',
  serial2048: 'key-2048',
};

/** What shows a licence outside the licences table: the person's timeline, the orders list and an order's detail. */
const otherViews = [queryKeys.admin.personTimeline(7, 0), queryKeys.admin.allOrdersPage(''), queryKeys.admin.orderDetail(41)];

const renderWithCachedViews = <Result,>(useMutationHook: () => Result) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  for (const queryKey of otherViews) queryClient.setQueryData(queryKey, { cached: true });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { queryClient, hook: renderHook(useMutationHook, { wrapper }).result };
};

beforeEach(() => {
  window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify({ name: 'admin', token: 'admin-token' }));
  fetchMock.answer('POST /api/order/', 200, order);
  fetchMock.answer('DELETE /api/order/41', 200, { ok: true });
  fetchMock.answer('POST /api/order/refreshkeys/', 200, [order]);
  fetchMock.answer('DELETE /api/orderdevice/5', 200, { ok: true });
  fetchMock.answer('POST /api/order/41/revoke', 200, { ...order, state: 'revoked' });
  fetchMock.answer('POST /api/order/41/replacekeys', 200, order);
});
afterEach(() => window.localStorage.clear());

// Review 2026-11-28 (web client), finding 7: the timeline on the same screen lagged behind the licences.
describe("the person editor's licence actions", () => {
  // Each a hook that answers the action, run with its variables.
  const actions: [string, () => () => Promise<unknown>][] = [
    [
      'NEW ORDER',
      () => {
        const { mutateAsync } = useCreateOrderMutation();
        return () => mutateAsync({ productId: 3, personId: 7 });
      },
    ],
    [
      'licence deletion',
      () => {
        const { mutateAsync } = useDeleteOrderMutation();
        return () => mutateAsync(41);
      },
    ],
    [
      'Refresh Serial Keys',
      () => {
        const { mutateAsync } = useRefreshKeysMutation();
        return () => mutateAsync(person);
      },
    ],
    [
      'device deletion',
      () => {
        const { mutateAsync } = useDeleteOrderDeviceMutation();
        return () => mutateAsync(5);
      },
    ],
    [
      'Revoke',
      () => {
        const { mutateAsync } = useRevokeOrderMutation();
        return () => mutateAsync({ id: 41, reason: 'chargeback', removeDevices: false });
      },
    ],
    [
      'Replace keys',
      () => {
        const { mutateAsync } = useReplaceKeysMutation();
        return () => mutateAsync({ id: 41, removeDevices: true });
      },
    ],
  ];

  it.each(actions)('%s refreshes the timeline, the orders list and the order detail', async (_name, useAction) => {
    const { queryClient, hook } = renderWithCachedViews(useAction);
    await hook.current();
    for (const queryKey of otherViews) expect(queryClient.getQueryState(queryKey)?.isInvalidated, queryKey.join('/')).toBe(true);
  });
});
