import { orderKindColumns, toOrderListRow, type OrderListDbRow } from '../order/index.js';
import type { OrderDetail, TransferEntry } from '@store/contracts/order-detail';
import type { Paged } from '@store/contracts/list';
import type { Db, Queryable } from '../../db/client.js';
import { queryPage } from '../../lib/list-query.js';
import { webhookResult, type WebhookEventDbRow } from './webhook-admin.repository.js';
import type { ListDefinition, ListRequest } from '../../lib/list-request.js';

type LicenceRow = OrderListDbRow & { refunded: string | null; provider_order_id: string | null };

export type TransferEntryRow = {
  id: number;
  transferred_at: Date;
  order_id: number;
  product_name: string;
  from_person_id: number | null;
  from_email: string | null;
  to_person_id: number | null;
  to_email: string | null;
  amount: string | null;
  currency: string | null;
  refunded: string | null;
  provider_order_id: string | null;
  provider_reference: string | null;
};

const toNumber = (value: string | null) => (value === null ? null : Number(value));

/** A transfer as the back office lists it: the product of the licence moved, both persons' addresses, the fee's order. */
export const transferEntryColumns = `t.id::int AS id, t.transferred_at, t.order_id::int AS order_id, pr.name AS product_name,
  t.from_person_id::int AS from_person_id, fp.email AS from_email, t.to_person_id::int AS to_person_id, tp.email AS to_email,
  t.amount, t.currency, t.refunded, t.provider_order_id, po.reference AS provider_reference`;
export const transferEntryFrom = `licence_transfer t JOIN product pr ON pr.id = t.product_id
  LEFT JOIN person fp ON fp.id = t.from_person_id LEFT JOIN person tp ON tp.id = t.to_person_id
  LEFT JOIN provider_order po ON po.provider_order_id = t.provider_order_id`;

export const toTransferEntry = (row: TransferEntryRow): TransferEntry => ({
  id: row.id,
  date: row.transferred_at.toISOString(),
  orderId: row.order_id,
  productName: row.product_name,
  fromPersonId: row.from_person_id,
  fromEmail: row.from_email ?? '',
  toPersonId: row.to_person_id,
  toEmail: row.to_email ?? '',
  fee: toNumber(row.amount),
  currency: row.currency,
  refunded: toNumber(row.refunded),
  providerOrderId: row.provider_order_id,
  providerReference: row.provider_reference || null,
});

/** One licence with its owner and product, and the provider order it came from; undefined when there is none. */
export async function findLicenceOfDetail(db: Queryable, orderId: number) {
  const { rows } = await db.query<LicenceRow>(
    `SELECT o.id::int AS id, o.creation_date, o.provider_reference, o.provider_order_id, o.person_id::int AS person_id,
            pe.email AS person_email, pe.name AS person_name, o.product_id::int AS product_id, pr.name AS product_name,
            o.amount, o.refunded, o.currency, o.source, o.state, ${orderKindColumns}
       FROM orders o JOIN person pe ON pe.id = o.person_id JOIN product pr ON pr.id = o.product_id WHERE o.id = $1`,
    [orderId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const licence: OrderDetail['licence'] = { ...toOrderListRow(row), refunded: toNumber(row.refunded) };
  return { licence, providerOrderId: row.provider_order_id };
}

/** Every licence a provider order issued, with its state and current owner, in the order they were issued. */
export async function findLicencesOfPurchase(db: Queryable, providerOrderId: string): Promise<OrderDetail['licences']> {
  const { rows } = await db.query<OrderDetail['licences'][number]>(
    `SELECT o.id::int AS id, pr.name AS "productName", o.state, o.person_id::int AS "personId", pe.email AS "personEmail"
       FROM orders o JOIN person pe ON pe.id = o.person_id JOIN product pr ON pr.id = o.product_id
      WHERE o.provider_order_id = $1 ORDER BY o.id`,
    [providerOrderId],
  );
  return rows;
}

/** The transfers of these licences, oldest first. */
export async function findTransfersOfLicences(db: Queryable, orderIds: readonly number[]): Promise<TransferEntry[]> {
  const { rows } = await db.query<TransferEntryRow>(
    `SELECT ${transferEntryColumns} FROM ${transferEntryFrom} WHERE t.order_id = ANY($1::bigint[]) ORDER BY t.transferred_at, t.id`,
    [orderIds],
  );
  return rows.map(toTransferEntry);
}

/** The webhook events of these provider orders: their orders and the returns of them, oldest first (no payloads). */
export async function findWebhookEventsOfOrders(db: Queryable, providerOrderIds: readonly string[]): Promise<OrderDetail['webhookEvents']> {
  const { rows } = await db.query<Omit<WebhookEventDbRow, 'resolved_by' | 'payload'>>(
    `SELECT id, type, received_at, processed_at, error, attention, resolved_at,
            coalesce(payload->'data'->>'id', payload->'data'->'original'->>'id', payload->'data'->'original'->>'order') AS provider_order_id
       FROM webhook_event
      WHERE (payload->'data'->>'id') = ANY($1::text[])
         OR coalesce(payload->'data'->'original'->>'id', payload->'data'->'original'->>'order') = ANY($1::text[])
      ORDER BY received_at, id`,
    [providerOrderIds],
  );
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    providerOrderId: row.provider_order_id,
    receivedAt: row.received_at.toISOString(),
    result: webhookResult(row),
    error: row.error,
  }));
}

/**
 * Every transfer for the back office's orders screen (decision 060), newest first by default: each its own entry
 * beside the licence's purchase. Sorted and filtered by `licence_transfer`'s id, licence and date.
 */
export const transferList: ListDefinition = {
  select: transferEntryColumns,
  from: transferEntryFrom,
  baseTable: 'licence_transfer t',
  columns: {
    id: { expression: 't.id', filter: 'number' },
    date: { expression: 't.transferred_at', filter: 'prefix', filterExpression: 't.transferred_at::text' },
    orderId: { expression: 't.order_id', filter: 'number' },
  },
  defaultSort: 'id',
  key: 't.id',
};

/** One page of the transfers and their total. */
export async function listTransfers(db: Db, request: ListRequest): Promise<Paged<TransferEntry>> {
  const page = await queryPage<TransferEntryRow>(db, transferList, request);
  return { ...page, rows: page.rows.map(toTransferEntry) };
}
