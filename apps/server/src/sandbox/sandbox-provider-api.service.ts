import type { Db } from '../db/client.js';
import { findSandboxReturns, listSandboxOrders } from './sandbox.repository.js';

/** A `GET /orders` look-up: whole days (UTC, end included), paged, with or without returns (`returns`). */
export type OrderLookup = { begin: string; end: string; limit: number; page: number; returns?: 'true' | 'false' };

/**
 * The stand-in's answer to FastSpring's order look-up (docs/fastspring.md): the orders it made in the range, as
 * FastSpring pages them; with `returns=true` those that have returns, each naming their ids.
 */
export async function lookUpSandboxOrders(options: { db: Db; lookup: OrderLookup }) {
  const { begin, end, limit, page, returns } = options.lookup;
  const endExclusive = new Date(`${end}T00:00:00Z`);
  endExclusive.setUTCDate(endExclusive.getUTCDate() + 1);
  const found = await listSandboxOrders(options.db, {
    begin: new Date(`${begin}T00:00:00Z`),
    end: endExclusive,
    limit,
    offset: (page - 1) * limit,
    ...(returns === undefined ? {} : { returns: returns === 'true' }),
  });
  return {
    action: 'order.lookup',
    result: 'success',
    begin,
    end,
    limit,
    page,
    total: found.total,
    nextPage: page * limit < found.total ? page + 1 : null,
    orders: found.rows,
  };
}

/** The stand-in's answer to `GET /returns/{id1},{id2},…`: the returns of those ids it made. */
export async function lookUpSandboxReturns(options: { db: Db; ids: string }) {
  return { returns: await findSandboxReturns(options.db, options.ids.split(',').filter(Boolean)) };
}
