import type { ListQuery, Paged } from '@store/contracts/list';
import type { Person } from '@store/contracts/person';
import type { OrderListRow } from '@store/contracts/order-list';
import type { Device } from '@store/contracts/licence';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { listAllOrders, listDevicesOfOrder } from '../order/index.js';
import { listPersons } from '../person/index.js';

// The reads of the script API (decision 052): the admin lists' own services, always answered as pages
// (`{rows,total,page,pageSize}`), so a script's answer keeps one shape however many rows there are.

const paged = (query: ListQuery): ListQuery => ({ ...query, page: query.page ?? 0 });

/** One page of every licence (orders: one order is one licence), as the admin's orders list has them. */
export const listLicences = (db: Db, query: ListQuery): Promise<Paged<OrderListRow>> => listAllOrders(db, paged(query));

/** One licence as the orders list has it, with its registered computers; 404 when there is none. */
export async function getLicence(db: Db, id: number): Promise<OrderListRow & { devices: Device[] }> {
  const { rows } = await listAllOrders(db, { page: 0, pageSize: 10, filter: JSON.stringify({ id: String(id) }) });
  const licence = rows.find((row) => row.id === id);
  if (!licence) throw notFound('Licence not found');
  return { ...licence, devices: await listDevicesOfOrder({ db, orderId: id }) };
}

/** One page of the persons. */
export async function listPersonsPaged(db: Db, query: ListQuery): Promise<Paged<Person>> {
  const list = await listPersons(db, paged(query));
  if ('kind' in list) throw new Error('a paged query answered the plain list');
  return list;
}
