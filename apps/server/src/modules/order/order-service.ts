import type { ListQuery } from '@store/contracts/list';
import type { OrderCreateRequest } from '@store/contracts/order';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { bindDependencies } from '../../lib/service-object.js';
import {
  createAdminOrder,
  deleteDevice,
  deleteOrder,
  listDevicesOfOrder,
  listOrdersOfPerson,
  refreshKeysOfPerson,
  releaseDeviceByCode,
  revokeOrder,
} from './order-admin.service.js';
import { listAllOrders, streamAllOrders } from './order-list.service.js';
import { replaceKeysOfOrder, replaceOwnKeys } from './replace-keys.service.js';

/**
 * The order module's service, built once by `buildApp` with its database, secret box and settings (decision 067):
 * the administrator's licences of a person and of everyone, and keys replaced by the administrator or the owner.
 * The issuance the order-completed flow runs is not here: a flow calls the face's functions on its transaction.
 */
export function createOrderService(deps: { db: Db; secretBox: SecretBox; config: Config }) {
  const { db, secretBox, config } = deps;
  return {
    ...bindDependencies(deps, {
      listOrdersOfPerson,
      listDevicesOfOrder,
      deleteOrder,
      deleteDevice,
      refreshKeysOfPerson,
      revokeOrder,
      releaseDeviceByCode,
      replaceKeysOfOrder,
      replaceOwnKeys,
    }),
    createAdminOrder: (options: { actor: string; request: OrderCreateRequest }) =>
      createAdminOrder({ db, secretBox, supportEmail: config.SUPPORT_EMAIL, ...options }),
    listAllOrders: (query: ListQuery) => listAllOrders(db, query),
    streamAllOrders: (query: ListQuery) => streamAllOrders(db, query),
  };
}
export type OrderService = ReturnType<typeof createOrderService>;
