import type { ActivationBatch, BatchCode } from '@store/contracts/batch';
import type { Queryable } from '../../db/client.js';

/** Every batch, newest first: product, distributor, when it was made, how many codes, redeemed and voided. */
export async function listBatches(db: Queryable, batchNumber?: number): Promise<ActivationBatch[]> {
  const { rows } = await db.query<ActivationBatch & { creationDate: Date }>(
    `SELECT b.batch_number AS "batchNumber", b.product_id AS "productId", p.name AS "productName",
            b.distributor_name AS "distributorName", b.creation_date AS "creationDate", b.codes, b.redeemed, b.voided
       FROM (SELECT batch_number, min(product_id) AS product_id, min(distributor_name) AS distributor_name,
                    min(creation_date) AS creation_date, count(*)::int AS codes,
                    count(redeemed_at)::int AS redeemed, count(voided_at)::int AS voided
               FROM unassigned_order WHERE $1::int IS NULL OR batch_number = $1 GROUP BY batch_number) AS b
       JOIN product p ON p.id = b.product_id
      ORDER BY b.batch_number DESC`,
    [batchNumber ?? null],
  );
  return rows.map((row) => ({ ...row, creationDate: row.creationDate.toISOString() }));
}

export async function findBatch(db: Queryable, batchNumber: number): Promise<ActivationBatch | undefined> {
  return (await listBatches(db, batchNumber))[0];
}

type CodeRow = {
  id: number;
  activation_key: string;
  redeemed_at: Date | null;
  voided_at: Date | null;
  order_id: number | null;
  person_id: number | null;
  person_email: string | null;
  person_name: string | null;
};

/** The codes of a batch in the order they were made, each with who redeemed it (the licence's first owner) and when. */
export async function listCodesOfBatch(db: Queryable, batchNumber: number): Promise<BatchCode[]> {
  const { rows } = await db.query<CodeRow>(
    `SELECT u.id, u.activation_key::text AS activation_key, u.redeemed_at, u.voided_at, o.id AS order_id,
            pe.id AS person_id, pe.email AS person_email, pe.name AS person_name
       FROM unassigned_order u LEFT JOIN orders o ON o.id = u.redeemed_order_id LEFT JOIN person pe ON pe.id = o.person_id
      WHERE u.batch_number = $1 ORDER BY u.id`,
    [batchNumber],
  );
  return rows.map((row) => ({
    id: row.id,
    activationKey: row.activation_key,
    redeemedAt: row.redeemed_at?.toISOString() ?? null,
    voidedAt: row.voided_at?.toISOString() ?? null,
    orderId: row.order_id,
    personId: row.person_id,
    personEmail: row.person_email,
    personName: row.person_name,
  }));
}

/** Voids the batch's codes that were neither redeemed nor voided; answers how many. */
export async function voidOpenCodesOfBatch(db: Queryable, batchNumber: number): Promise<number> {
  const { rowCount } = await db.query(
    'UPDATE unassigned_order SET voided_at = now() WHERE batch_number = $1 AND redeemed_at IS NULL AND voided_at IS NULL',
    [batchNumber],
  );
  return rowCount ?? 0;
}
