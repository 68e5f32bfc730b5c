import type { CustomerOrder } from '@store/contracts/order-history';
import type { Db } from '../../db/client.js';
import { findPersonIdOfLogin } from '../licence/licence.service.js';
import { listHistoryOfPerson, type HistoryRow } from './order-history.repository.js';

type Caller = { personId: number | null; name: string; isEmailVerified: boolean };

/**
 * The caller's order history (beyond the spec: what stores show their buyers): purchases grouped by the provider's
 * order, each licence's state, amounts where the provider sent them, and refunds and transfers. A login that has
 * not proven its address has none (docs/SECURITY.md).
 */
export async function listCustomerOrders(options: { db: Db; caller: Caller }): Promise<CustomerOrder[]> {
  const personId = await findPersonIdOfLogin(options.db, options.caller);
  if (personId === undefined) return [];
  const rows = await listHistoryOfPerson(options.db, personId);
  const groups = new Map<string, HistoryRow[]>();
  for (const row of rows) {
    const key = row.provider_order_id && row.source === 'purchase' ? `provider:${row.provider_order_id}` : `licence:${row.order_id}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].map(toCustomerOrder);
}

function toCustomerOrder(rows: HistoryRow[]): CustomerOrder {
  const first = rows[0]!;
  const currencies = new Set(rows.map((row) => row.currency));
  const isSummable = rows.every((row) => row.amount !== null) && currencies.size === 1 && first.currency !== null;
  const totalCents = rows.reduce((sum, row) => sum + Math.round(Number(row.amount ?? 0) * 100), 0);
  return {
    reference: first.provider_reference,
    source: first.source,
    date: first.creation_date.toISOString(),
    licences: rows.map((row) => ({
      orderId: row.order_id,
      productName: row.product_name,
      state: row.state,
      amount: row.amount,
      currency: row.currency,
    })),
    total: isSummable ? (totalCents / 100).toFixed(2) : null,
    currency: isSummable ? first.currency : null,
    invoiceUrl: null,
    events: rows
      .flatMap((row) => [
        ...(row.transferred_in_at ? [{ kind: 'transferred-in' as const, orderId: row.order_id, productName: row.product_name, at: row.transferred_in_at }] : []),
        ...(row.transferred_away_at ? [{ kind: 'transferred-away' as const, orderId: row.order_id, productName: row.product_name, at: row.transferred_away_at }] : []),
        ...(row.is_refunded ? [{ kind: 'refunded' as const, orderId: row.order_id, productName: row.product_name, at: null }] : []),
      ])
      .sort((a, b) => (a.at?.getTime() ?? Infinity) - (b.at?.getTime() ?? Infinity))
      .map((event) => ({ ...event, at: event.at?.toISOString() ?? null })),
  };
}
