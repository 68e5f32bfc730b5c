import type { ListQuery, Paged } from '@store/contracts/list';
import { orderSourceLabels, orderSources, type OrderListRow } from '@store/contracts/order-list';
import type { Db } from '../../db/client.js';
import { defaultListTuning, queryPage, selectAllStatement, type ListTuning } from '../../lib/list-query.js';
import { escapeLike, readListRequest, type ListDefinition, type ListRequest } from '../../lib/list-request.js';
import { estimatePersonMatches, selectPersonIdsMatching } from '../person/index.js';

/** A licence row as the back office's lists read it (`allOrders`' columns, the order detail's licence). */
export type OrderListDbRow = {
  id: number;
  creation_date: Date;
  provider_reference: string | null;
  person_id: number;
  person_email: string;
  person_name: string;
  product_id: number;
  product_name: string;
  amount: string | null;
  currency: string | null;
  source: OrderListRow['source'];
  state: OrderListRow['state'];
  kind: OrderListRow['kind'];
  kind_from: string | null;
};

/** A licence row as the contracts' `OrderListRow`: the one mapping of the orders list and the order detail. */
export const toOrderListRow = (row: OrderListDbRow): OrderListRow => ({
  id: row.id,
  creationDate: row.creation_date.toISOString(),
  providerReference: row.provider_reference,
  personId: row.person_id,
  personEmail: row.person_email,
  personName: row.person_name,
  productId: row.product_id,
  productName: row.product_name,
  amount: row.amount === null ? null : Number(row.amount),
  currency: row.currency,
  source: row.source,
  state: row.state,
  kind: row.kind,
  kindFrom: row.kind_from,
});

/**
 * What a licence was sold as (decision 057), for the rows of a page only: an offer's kind and the product of the
 * licence it was bought on; a bundle's licence is the one whose item is `{bundle path}/{product}#n` (decision 054),
 * named by the product sold under that path (the path itself once there is none).
 */
export const kindColumns = `CASE WHEN o.offer_id IS NOT NULL THEN (SELECT f.kind FROM offer f WHERE f.id = o.offer_id)
                           WHEN strpos(o.provider_item, '/') > 0 THEN 'bundle' END AS kind,
                      CASE WHEN o.offer_id IS NOT NULL
                             THEN (SELECT sp.name FROM orders so JOIN product sp ON sp.id = so.product_id WHERE so.id = o.upgraded_from_order_id)
                           WHEN strpos(o.provider_item, '/') > 0
                             THEN coalesce((SELECT bp.name FROM product bp WHERE bp.path = split_part(o.provider_item, '/', 1)),
                                           split_part(o.provider_item, '/', 1)) END AS kind_from`;

/**
 * Every licence, with owner and product. Each sort is an index walk on `orders` ((column, id) indexes, migration
 * 060) joined row by row to its page's persons and products; the person and product filters select their ids first
 * (the person's through its trigram index), and the reference filter matches the beginning of the reference. A
 * filter estimated to match at most `orderListTuning.selectiveMatches` licences reads its matches instead (status,
 * source and currency together through one index, migration 064) and sorts them, then joins the page.
 */
export const allOrders: ListDefinition = {
  select: `o.id, o.creation_date, o.provider_reference, o.person_id, pe.email AS person_email, pe.name AS person_name,
           o.product_id, pr.name AS product_name, o.amount, o.currency, o.source, o.state, ${kindColumns}`,
  from: 'orders o JOIN person pe ON pe.id = o.person_id JOIN product pr ON pr.id = o.product_id',
  baseTable: 'orders o',
  columns: {
    id: { expression: 'o.id', filter: 'number' },
    // A year, month or day (UTC): a range of the date index.
    creationDate: {
      expression: 'o.creation_date',
      filter: 'prefix',
      condition: (range) => `o.creation_date >= lower(${range}::tstzrange) AND o.creation_date < upper(${range}::tstzrange)`,
      conditionValue: utcRangeOf,
    },
    providerReference: { expression: 'o.provider_reference', filter: 'prefix' },
    person: { expression: 'o.person_id', filter: 'contains', condition: broadPersonCondition },
    productName: {
      expression: 'o.product_id',
      filter: 'contains',
      condition: (pattern) => `o.product_id IN (SELECT id FROM product WHERE lower(name) LIKE ${pattern})`,
    },
    // The amount as a number, so "49", "49.00" and "49.0" find what the list shows as 49.00; other text finds nothing.
    amount: {
      expression: 'o.amount',
      filter: 'exact',
      condition: (amount) => `o.amount = ${amount}::numeric`,
      conditionValue: (text) => (/^\d{1,10}(\.\d{1,2}0*)?$/.test(text.trim()) ? text.trim() : null),
    },
    // The filter text is upper-cased (normalizeFilter): a plain equality, whose selectivity the planner knows.
    currency: { expression: 'o.currency', filter: 'exact', isSortable: false },
    source: { expression: 'o.source', filter: 'exact' },
    state: { expression: 'o.state', filter: 'exact' },
  },
  defaultSort: 'id',
  key: 'o.id',
};

/** The UTC range of "2026", "2026-11" or "2026-11-24" as a PostgreSQL range; 'empty' (matches nothing) otherwise. */
export function utcRangeOf(text: string): string {
  const match = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$/.exec(text.trim());
  if (!match) return 'empty';
  const [year, month, day] = [
    Number(match[1]),
    match[2] === undefined ? undefined : Number(match[2]),
    match[3] === undefined ? undefined : Number(match[3]),
  ];
  const start = new Date(Date.UTC(year, (month ?? 1) - 1, day ?? 1));
  if (start.getUTCFullYear() !== year || start.getUTCMonth() !== (month ?? 1) - 1 || start.getUTCDate() !== (day ?? 1)) return 'empty';
  const end = new Date(
    Date.UTC(
      year + (month === undefined ? 1 : 0),
      (month ?? 1) - 1 + (month !== undefined && day === undefined ? 1 : 0),
      (day ?? 1) + (day === undefined ? 0 : 1),
    ),
  );
  return `[${start.toISOString()},${end.toISOString()})`;
}

/** The filter texts as the columns store them: currency codes upper case, sources and statuses by value or label. */
const normalizeFilter = ({ column, value }: { column: string; value: string }) => {
  if (column === 'currency') return { column, value: value.toUpperCase() };
  if (column === 'state') return { column, value: value.toLowerCase() };
  if (column === 'source') {
    const source = orderSources.find((candidate) => [candidate, orderSourceLabels[candidate].toLowerCase()].includes(value.toLowerCase()));
    return { column, value: source ?? value };
  }
  return { column, value };
};

export function readOrderListRequest(query: ListQuery): ListRequest {
  const request = readListRequest({ ...query, page: query.page ?? 0 }, allOrders)!;
  return { ...request, filters: request.filters.map(normalizeFilter) };
}

/** A person filter matching many persons: the walk of the sort index checks each licence's owner in a hash. */
function broadPersonCondition(pattern: string): string {
  return `o.person_id IN (${selectPersonIdsMatching(pattern)})`;
}
/**
 * A person filter matching few persons: their ids first (an array the planner cannot misjudge as a share of the
 * table), then their licences through `orders_person`, then the sort.
 */
function selectivePersonCondition(pattern: string): string {
  return `o.person_id = ANY (ARRAY(${selectPersonIdsMatching(pattern)}))`;
}
/** Up to this many matching persons, their licences are read by owner and sorted (about two each). */
const SELECTIVE_PERSONS = 5_000;
/** A product filter that names one product: an equality, which `orders_product_amount` serves in amount order. */
function oneProductCondition(pattern: string): string {
  return `o.product_id = (SELECT id FROM product WHERE lower(name) LIKE ${pattern} ORDER BY id LIMIT 1)`;
}
const withConditions = (conditions: {
  person?: (pattern: string) => string;
  productName?: (pattern: string) => string;
}): ListDefinition => ({
  ...allOrders,
  columns: {
    ...allOrders.columns,
    ...(conditions.person ? { person: { ...allOrders.columns.person!, condition: conditions.person } } : {}),
    ...(conditions.productName ? { productName: { ...allOrders.columns.productName!, condition: conditions.productName } } : {}),
  },
});

/**
 * One page of all licences and the total (exact up to 1,000, estimated beyond). A person filter chooses its plan
 * by the planner's estimate of the matching persons (decision 007's fine histograms): the planner would estimate
 * the licences of "kenji tanaka" as a share of the table and walk the date index through two million of them.
 */
export async function listAllOrders(db: Db, request: ListRequest): Promise<Paged<OrderListRow>> {
  const person = request.filters.find((filter) => filter.column === 'person');
  const product = request.filters.find((filter) => filter.column === 'productName');
  const isFewPersons = person !== undefined && (await estimatePersonMatches(db, person.value)) <= SELECTIVE_PERSONS;
  const isOneProduct = product !== undefined && (await countProductsNamedLike(db, product.value)) === 1;
  const definition = withConditions({
    ...(isFewPersons ? { person: selectivePersonCondition } : {}),
    ...(isOneProduct ? { productName: oneProductCondition } : {}),
  });
  const page = await queryPage<OrderListDbRow>(db, definition, request, orderListTuning);
  return { ...page, rows: page.rows.map(toOrderListRow) };
}

/**
 * Reading and sorting 10,000 matching licences takes about 13 ms at two million; walking the sort order to a deep
 * page of that few can take hundreds.
 */
const orderListTuning: ListTuning = { ...defaultListTuning, selectiveMatches: 10_000 };

async function countProductsNamedLike(db: Db, text: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM product WHERE lower(name) LIKE $1', [
    `%${escapeLike(text.toLowerCase())}%`,
  ]);
  return rows[0]!.count;
}

/**
 * Every matching licence in list order, read through a cursor `batchSize` rows at a time inside one read-only
 * transaction, so an export of two million rows never holds more than one batch in memory.
 */
export async function* streamAllOrders(db: Db, request: ListRequest, batchSize = 2_000): AsyncGenerator<OrderListRow[]> {
  const statement = selectAllStatement(allOrders, request);
  const client = await db.connect();
  let isOpen = false;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    isOpen = true;
    await client.query(`DECLARE order_export NO SCROLL CURSOR FOR ${statement.text}`, statement.values);
    for (;;) {
      const { rows } = await client.query<OrderListDbRow>(`FETCH ${batchSize} FROM order_export`);
      if (rows.length === 0) break;
      yield rows.map(toOrderListRow);
    }
    await client.query('COMMIT');
    isOpen = false;
  } finally {
    if (isOpen) await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
}
