import { okResponse } from '@store/contracts/auth';
import { orderDeviceList, orderList, order, type Order, type OrderTransferRequest } from '@store/contracts/order';
import type { Person } from '@store/contracts/person';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { logLoadError } from '../../shared/log-load-error';

/** GET /order/byPerson/{personId}: the person's licences with their keys. */
export const getOrdersOfPerson = (personId: number, signal?: AbortSignal): Promise<Order[]> =>
  apiRequest('GET', `/order/byPerson/${personId}`, { schema: orderList, auth: true, signal });

export const useOrdersOfPerson = (personId: number) =>
  useQuery({
    queryKey: queryKeys.admin.orders.byPerson(personId),
    queryFn: ({ signal }) => logLoadError('licences', getOrdersOfPerson(personId, signal)),
  });

/** GET /orderDevice/byOrder/{orderId}: the computers registered on a licence. */
export const getOrderDevices = (orderId: number, signal?: AbortSignal) =>
  apiRequest('GET', `/orderDevice/byOrder/${orderId}`, { schema: orderDeviceList, auth: true, signal });

export const useOrderDevices = (orderId: number) =>
  useQuery({
    queryKey: queryKeys.admin.orders.devices(orderId),
    queryFn: ({ signal }) => logLoadError('devices', getOrderDevices(orderId, signal)),
  });

/**
 * Reloads what shows a licence after a change (§4: "the page reloads"): the person editor's licences, its timeline
 * (the change is an entry there) and the orders list and detail screens.
 */
const useReloadOrders = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [queryKeys.admin.orders.all, queryKeys.admin.personTimelines, queryKeys.admin.allOrders].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
};

/** POST /order/: a new order, sent with id 0, an empty serial and a placeholder creation date (§4). */
export const createOrder = (options: { productId: number; personId: number }): Promise<Order> =>
  apiRequest('POST', '/order/', {
    body: { id: 0, productId: options.productId, personId: options.personId, serial: '', creationDate: new Date().toISOString() },
    schema: order,
    auth: true,
  });

export const useCreateOrderMutation = () => useMutation({ mutationFn: createOrder, onSuccess: useReloadOrders() });

/** DELETE /order/{id} */
export const deleteOrder = (id: number) => apiRequest('DELETE', `/order/${id}`, { schema: okResponse, auth: true });

export const useDeleteOrderMutation = () => useMutation({ mutationFn: deleteOrder, onSuccess: useReloadOrders() });

/** POST /order/refreshkeys/ with the person: re-issues the key files with the saved name and email. */
export const refreshKeys = (person: Person) => apiRequest('POST', '/order/refreshkeys/', { body: person, schema: orderList, auth: true });

export const useRefreshKeysMutation = () => useMutation({ mutationFn: refreshKeys, onSuccess: useReloadOrders() });

/** POST /order/transfer: moves the ticked licences to the new owner (created when needed). */
export const transferOrders = (request: OrderTransferRequest) =>
  apiRequest('POST', '/order/transfer', { body: request, schema: orderList, auth: true });

export const useTransferOrdersMutation = () => {
  const queryClient = useQueryClient();
  const reloadOrders = useReloadOrders();
  return useMutation({
    mutationFn: transferOrders,
    onSuccess: () => Promise.all([reloadOrders(), queryClient.invalidateQueries({ queryKey: queryKeys.admin.persons.all })]),
  });
};

/** DELETE /orderdevice/{id}: the administrator deletes a computer from a licence. */
export const deleteOrderDevice = (id: number) => apiRequest('DELETE', `/orderdevice/${id}`, { schema: okResponse, auth: true });

export const useDeleteOrderDeviceMutation = () => useMutation({ mutationFn: deleteOrderDevice, onSuccess: useReloadOrders() });

/** POST /order/{id}/revoke: revokes a licence with a reason; its computers removed now or left to their keys' expiry. */
export const revokeOrder = (options: { id: number; reason: string; removeDevices: boolean }) =>
  apiRequest('POST', `/order/${options.id}/revoke`, {
    body: { reason: options.reason, removeDevices: options.removeDevices },
    schema: order,
    auth: true,
  });

export const useRevokeOrderMutation = () => useMutation({ mutationFn: revokeOrder, onSuccess: useReloadOrders() });

/**
 * POST /order/{id}/replacekeys: new serial and key files, mailed to the owner; the old ones can no longer register
 * or unlock; the computers go now or keep working until their keys expire.
 */
export const replaceKeys = (options: { id: number; removeDevices: boolean }) =>
  apiRequest('POST', `/order/${options.id}/replacekeys`, { body: { removeDevices: options.removeDevices }, schema: order, auth: true });

export const useReplaceKeysMutation = () => useMutation({ mutationFn: replaceKeys, onSuccess: useReloadOrders() });
