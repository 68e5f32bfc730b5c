import type { ListQuery, Paged } from '@store/contracts/list';
import type { OrderListRow } from '@store/contracts/order-list';
import type { Db } from '../../db/client.js';
import * as repository from './order-list.repository.js';

/** One page of every licence, sorted and filtered as the query asks (a bad column or filter is a 400). */
export const listAllOrders = (db: Db, query: ListQuery): Promise<Paged<OrderListRow>> =>
  repository.listAllOrders(db, repository.readOrderListRequest(query));

/** Every licence the query's filters match, in its order, batch by batch (the CSV export). */
export const streamAllOrders = (db: Db, query: ListQuery): AsyncGenerator<OrderListRow[]> =>
  repository.streamAllOrders(db, repository.readOrderListRequest(query));
