import type { ListQuery, Paged } from '@store/contracts/list';
import type { UnassignedOrder } from '@store/contracts/order';
import type { Db, Queryable } from '../../db/client.js';
import { queryPage, selectPlainList } from '../../lib/list-query.js';
import { readListRequest, type ListDefinition, type PlainList } from '../../lib/list-request.js';

type UnassignedRow = {
  id: number;
  product_id: number;
  activation_key: string;
  creation_date: Date;
  distributor_name: string;
  batch_number: number;
  product_name: string;
};

const toUnassignedOrder = (row: UnassignedRow): UnassignedOrder => ({
  id: row.id,
  productId: row.product_id,
  activationKey: row.activation_key,
  creationDate: row.creation_date.toISOString(),
  distributorName: row.distributor_name,
  batchNumber: row.batch_number,
  productName: row.product_name,
});

/** Activation codes not yet redeemed (nor voided), with their product's name. */
const openCodes: ListDefinition = {
  select: `u.id, u.product_id, u.activation_key::text AS activation_key, u.creation_date, u.distributor_name,
           u.batch_number, p.name AS product_name`,
  from: 'unassigned_order u JOIN product p ON p.id = u.product_id',
  where: 'u.redeemed_at IS NULL AND u.voided_at IS NULL',
  columns: {
    id: { expression: 'u.id', filter: 'number' },
    activationKey: { expression: 'u.activation_key', filterExpression: 'u.activation_key::text', filter: 'contains' },
    creationDate: {
      expression: 'u.creation_date',
      filterExpression: `to_char(u.creation_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS')`,
      filter: 'contains',
    },
    distributorName: { expression: 'u.distributor_name', filter: 'contains' },
    batchNumber: { expression: 'u.batch_number', filter: 'number' },
    productName: { expression: 'p.name', filter: 'contains' },
  },
  defaultSort: 'id',
  key: 'u.id',
};

/** Without paging parameters the plain array (at most PLAIN_LIST_LIMIT, by id); with them one page and the total. */
export async function listOpenCodes(db: Db, query: ListQuery): Promise<PlainList<UnassignedOrder> | Paged<UnassignedOrder>> {
  const request = readListRequest(query, openCodes);
  const list = request ? await queryPage<UnassignedRow>(db, openCodes, request) : await selectPlainList<UnassignedRow>(db, openCodes);
  return { ...list, rows: list.rows.map(toUnassignedOrder) };
}

/** Creates `count` codes (random UUID v4 keys) for one product and distributor in a new batch, in one statement. */
export async function insertBatch(
  db: Queryable,
  batch: { productId: number; distributorName: string; count: number },
): Promise<{ batchNumber: number; count: number }> {
  const result = await db.query<{ batch_number: number }>(
    `WITH batch AS (SELECT nextval('activation_batch_number')::int AS number)
     INSERT INTO unassigned_order (product_id, activation_key, distributor_name, batch_number)
     SELECT $1, gen_random_uuid(), $2, batch.number FROM batch, generate_series(1, $3::int)
     RETURNING batch_number`,
    [batch.productId, batch.distributorName, batch.count],
  );
  return { batchNumber: result.rows[0]!.batch_number, count: result.rowCount ?? 0 };
}

export async function findProductNameOfBatch(db: Queryable, batchNumber: number): Promise<string | undefined> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT p.name FROM unassigned_order u JOIN product p ON p.id = u.product_id WHERE u.batch_number = $1 LIMIT 1`,
    [batchNumber],
  );
  return rows[0]?.name;
}

/** Every key of the batch, in the order they were made. */
export async function listKeysOfBatch(db: Queryable, batchNumber: number): Promise<string[]> {
  const { rows } = await db.query<{ key: string }>(
    'SELECT activation_key::text AS key FROM unassigned_order WHERE batch_number = $1 ORDER BY id',
    [batchNumber],
  );
  return rows.map((row) => row.key);
}

/** Deletes an unredeemed code; answers "redeemed" when the code was redeemed, undefined when there is no such code. */
export async function deleteOpenCode(
  db: Queryable,
  id: number,
): Promise<{ activationKey: string; batchNumber: number; productId: number } | 'redeemed' | undefined> {
  const { rows } = await db.query<{ activation_key: string; batch_number: number; product_id: number }>(
    `DELETE FROM unassigned_order WHERE id = $1 AND redeemed_at IS NULL
     RETURNING activation_key::text AS activation_key, batch_number, product_id`,
    [id],
  );
  const deleted = rows[0];
  if (deleted) return { activationKey: deleted.activation_key, batchNumber: deleted.batch_number, productId: deleted.product_id };
  const { rowCount } = await db.query('SELECT 1 FROM unassigned_order WHERE id = $1', [id]);
  return rowCount ? 'redeemed' : undefined;
}

/** The activation codes redeemed for these licences, with their product's name. */
export async function listCodesRedeemedFor(
  db: Queryable,
  orderIds: readonly number[],
): Promise<{ activation_key: string; product_name: string; redeemed_at: Date | null; redeemed_order_id: number }[]> {
  if (orderIds.length === 0) return [];
  const { rows } = await db.query<{ activation_key: string; product_name: string; redeemed_at: Date | null; redeemed_order_id: number }>(
    `SELECT u.activation_key::text AS activation_key, p.name AS product_name, u.redeemed_at, u.redeemed_order_id
       FROM unassigned_order u JOIN product p ON p.id = u.product_id WHERE u.redeemed_order_id = ANY($1::bigint[]) ORDER BY u.redeemed_at, u.id`,
    [orderIds],
  );
  return rows;
}
