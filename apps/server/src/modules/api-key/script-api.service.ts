import type { ListQuery, Paged } from '@store/contracts/list';
import type { Person } from '@store/contracts/person';
import type { OrderListRow } from '@store/contracts/order-list';
import type { Device } from '@store/contracts/licence';

import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { bindDependencies } from '../../lib/service-object.js';
import { listAllOrders, listDevicesOfOrder } from '../order/index.js';
import { listPersons } from '../person/index.js';
import { createApiKey, listApiKeys, revokeApiKey } from './api-key.service.js';

// The reads of the script API (decision 052): the admin lists' own services, always answered as pages
// (`{rows,total,page,pageSize}`), so a script's answer keeps one shape however many rows there are.

/** A registered computer as the script API answers it: without its key file. */
type ScriptDevice = Omit<Device, 'deviceIdHashEncrypted'>;

const paged = (query: ListQuery): ListQuery => ({ ...query, page: query.page ?? 0 });

/** One page of every licence (orders: one order is one licence), as the admin's orders list has them. */
const listLicences = (db: Db, query: ListQuery): Promise<Paged<OrderListRow>> => listAllOrders(db, paged(query));

/**
 * One licence as the orders list has it, with its registered computers; 404 when there is none. A computer is
 * answered without its key file (`deviceIdHashEncrypted`): a signed key, with the secret of its removal code for a
 * module's key (decision 041), is nothing a reading script needs (decision 085).
 */
async function getLicence(db: Db, id: number): Promise<OrderListRow & { devices: ScriptDevice[] }> {
  const { rows } = await listAllOrders(db, { page: 0, pageSize: 10, filter: JSON.stringify({ id: String(id) }) });
  const licence = rows.find((row) => row.id === id);
  if (!licence) throw notFound('Licence not found');
  const devices = await listDevicesOfOrder({ db, orderId: id });
  return { ...licence, devices: devices.map(({ deviceIdHashEncrypted: _keyFile, ...device }) => device) };
}

/** One page of the persons. */
async function listPersonsPaged(db: Db, query: ListQuery): Promise<Paged<Person>> {
  const list = await listPersons(db, paged(query));
  if ('kind' in list) throw new Error('a paged query answered the plain list');
  return list;
}

/**
 * The api-key module's service, built once by `buildApp` with its database (decision 067): the administrator's API
 * keys, and the script API's own reads (its other calls are the order, person and dashboard services').
 */
export function createApiKeyService(deps: { db: Db }) {
  const { db } = deps;
  return {
    listApiKeys: () => listApiKeys(db),
    ...bindDependencies(deps, { createApiKey, revokeApiKey }),
    listLicences: (query: ListQuery) => listLicences(db, query),
    getLicence: (id: number) => getLicence(db, id),
    listPersonsPaged: (query: ListQuery) => listPersonsPaged(db, query),
  };
}
export type ApiKeyService = ReturnType<typeof createApiKeyService>;
