import type { Order } from '@store/contracts/order';
import type { Queryable } from '../../db/client.js';

export type OrderSource = 'purchase' | 'activation' | 'admin' | 'transfer' | 'import';
export type OrderState = 'active' | 'refunded' | 'transferred' | 'erased' | 'revoked';

export type OrderRow = {
  id: number;
  product_id: number;
  person_id: number;
  serial: string;
  serial_new: string;
  serial_2048: string;
  creation_date: Date;
  license_activation_date: Date;
  source: OrderSource;
  state: OrderState;
  provider_order_id: string | null;
  provider_item: string | null;
  provider_reference: string | null;
  /** Why the administrator revoked it ('' unless revoked; decision 041). */
  revoke_reason?: string;
};

export const toOrder = (row: OrderRow & { product_name?: string }): Order => ({
  id: row.id,
  productId: row.product_id,
  personId: row.person_id,
  serial: row.serial,
  creationDate: row.creation_date.toISOString(),
  serialNew: row.serial_new,
  serial2048: row.serial_2048,
  state: row.state,
  ...(row.product_name === undefined ? {} : { productName: row.product_name }),
});

/**
 * Takes the next free serial of the product's pool for `orderId`. SKIP LOCKED lets concurrent orders take
 * different lines without waiting; the unique index on order_id makes a double hand-out impossible.
 */
/**
 * Hands the next unused serial of the product's pool to the order (never the same line twice, even under
 * concurrent orders: `SKIP LOCKED`). `hasPool` says whether the product has a pool at all, so an empty answer
 * can be told apart: a pool that ran out, or a product sold without serials. Call it in the order's transaction
 * after inserting the order: the insert's foreign-key lock on the product waits for a serial list being saved
 * (the save holds the product's row lock), so the pool is never read half-replaced.
 */
export async function takeSerial(db: Queryable, productId: number, orderId: number): Promise<{ serial: string; hasPool: boolean }> {
  const { rows } = await db.query<{ serial: string | null; has_pool: boolean }>({
    name: 'serial-take',
    text: `WITH taken AS (
       UPDATE product_serial SET order_id = $2
        WHERE id = (SELECT id FROM product_serial WHERE product_id = $1 AND order_id IS NULL AND retired_at IS NULL
                     ORDER BY position, id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING serial)
     SELECT (SELECT serial FROM taken) AS serial,
            EXISTS (SELECT 1 FROM product_serial WHERE product_id = $1) AS has_pool`,
    values: [productId, orderId],
  });
  return { serial: rows[0]?.serial ?? '', hasPool: rows[0]?.has_pool ?? false };
}

/**
 * Inserts a licence with its key files and emits its `licence.issued` event through `emit_webhook_event` (migration
 * 078) with the product's name and the owner's address given: one statement, as every licence runs it. Undefined,
 * with nothing emitted, when the provider's order item already made a licence (webhook retry or resend). Its serial
 * is taken after (`takeSerial`), in a statement of its own: one that waited here for the product's row (an
 * administrator saving its serial list) must see the list as saved.
 */
export async function insertOrderEmittingEvent(
  db: Queryable,
  order: NewOrder,
  keys: { serialNew: string; serial2048: string },
  event: { productName: string; email: string },
): Promise<OrderRow | undefined> {
  const { rows } = await db.query<OrderRow & { emitted: number }>({
    name: 'order-insert-emitting-event',
    text: `WITH inserted AS (
             INSERT INTO orders (product_id, person_id, source, provider_order_id, provider_item, provider_reference, serial_new,
                                 serial_2048, amount, currency, country, creation_date)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, coalesce($14::timestamptz, now()))
             ON CONFLICT (provider_order_id, provider_item) WHERE provider_order_id IS NOT NULL DO NOTHING
             RETURNING *),
           emitted AS (
             SELECT emit_webhook_event('licence.issued', jsonb_build_object('licenceId', id, 'productId', product_id,
                      'productName', $12::text, 'personId', person_id, 'email', $13::text, 'source', source)) FROM inserted)
           SELECT inserted.*, (SELECT count(*) FROM emitted) AS emitted FROM inserted`,
    values: [
      order.productId,
      order.personId,
      order.source,
      order.providerOrderId ?? null,
      order.providerItem ?? null,
      order.providerReference ?? null,
      keys.serialNew,
      keys.serial2048,
      order.amount ?? null,
      order.currency ?? null,
      order.country ?? null,
      event.productName,
      event.email,
      order.createdAt ?? null,
    ],
  });
  const row = rows[0];
  if (!row) return undefined;
  const { emitted: _emitted, ...inserted } = row;
  return inserted;
}

/** Retires the serial the order holds: it stays in the pool's history, free of the order, never handed out again. */
export async function retireSerialOfOrder(db: Queryable, orderId: number): Promise<void> {
  await db.query('UPDATE product_serial SET order_id = NULL, retired_at = now() WHERE order_id = $1', [orderId]);
}

export type NewOrder = {
  productId: number;
  personId: number;
  source: OrderSource;
  providerOrderId?: string;
  providerItem?: string;
  providerReference?: string;
  /** What was paid for this licence (decimal text, as lib/money.ts answers it) in `currency` (ISO 4217). */
  amount?: string | null;
  currency?: string | null;
  /** The buyer's country (ISO 3166 alpha-2); without it the owner's (migration 060). */
  country?: string | null;
  /**
   * When it was bought: a purchase's order time (decision 106), which the dashboard counts the sale on and the customer
   * reads as its purchase date. Without it, now.
   */
  createdAt?: Date;
};

/** Gives the order the serial number taken from its product's pool. */
export async function setOrderSerial(db: Queryable, orderId: number, serial: string): Promise<OrderRow> {
  const { rows } = await db.query<OrderRow>('UPDATE orders SET serial = $2 WHERE id = $1 RETURNING *', [orderId, serial]);
  return rows[0]!;
}

export async function setOrderKeys(
  db: Queryable,
  orderId: number,
  keys: { serial?: string; serialNew: string; serial2048: string },
): Promise<OrderRow> {
  const { rows } = await db.query<OrderRow>(
    `UPDATE orders SET serial = coalesce($2, serial), serial_new = $3, serial_2048 = $4 WHERE id = $1 RETURNING *`,
    [orderId, keys.serial ?? null, keys.serialNew, keys.serial2048],
  );
  return rows[0]!;
}

export async function findOrderById(db: Queryable, id: number): Promise<OrderRow | undefined> {
  const { rows } = await db.query<OrderRow>('SELECT * FROM orders WHERE id = $1', [id]);
  return rows[0];
}

/** A licence with its product's name and what was paid for it (the customer's export, docs/PRIVACY.md). */
export type LicenceRecordRow = OrderRow & {
  product_name: string;
  amount: string | null;
  currency: string | null;
  country: string | null;
  refunded: string | null;
  refunded_at: Date | null;
  revoked_at: Date | null;
};

/** Every licence of the person, whatever its state, oldest first. */
export async function listLicenceRecordsOfPerson(db: Queryable, personId: number): Promise<LicenceRecordRow[]> {
  const { rows } = await db.query<LicenceRecordRow>(
    `SELECT o.*, p.name AS product_name FROM orders o JOIN product p ON p.id = o.product_id WHERE o.person_id = $1 ORDER BY o.id`,
    [personId],
  );
  return rows;
}

/**
 * Ends the licences of a person whose data is erased (decision 040): their key files, which name the person, are
 * emptied, and the active ones become `erased` (no computer, unlock or transfer asks for anything but an active
 * licence). What was paid, when and where stays. Locks them for the caller's transaction; answers each licence
 * with its provider order and whether it was active.
 */
export async function endLicencesOfErasedPerson(
  db: Queryable,
  personId: number,
): Promise<{ id: number; provider_order_id: string | null; was_active: boolean }[]> {
  const { rows } = await db.query<{ id: number; provider_order_id: string | null; was_active: boolean }>(
    `UPDATE orders o SET serial_new = '', serial_2048 = '', state = CASE WHEN o.state = 'active' THEN 'erased' ELSE o.state END
       FROM orders old WHERE o.person_id = $1 AND old.id = o.id
     RETURNING o.id, o.provider_order_id, old.state = 'active' AS was_active`,
    [personId],
  );
  return rows;
}

/**
 * Revokes an active licence (decision 041): no registration, unlock or renewal finds it again. Undefined when it
 * does not exist or is not active.
 */
export async function revokeOrder(db: Queryable, id: number, reason: string): Promise<OrderRow | undefined> {
  const { rows } = await db.query<OrderRow>(
    `UPDATE orders SET state = 'revoked', revoked_at = now(), revoke_reason = $2 WHERE id = $1 AND state = 'active' RETURNING *`,
    [id, reason],
  );
  return rows[0];
}

/** Licences by id with what a receiver of their events needs: the product's name and the owner's address. */
export async function listLicencesWithOwners(
  db: Queryable,
  ids: readonly number[],
): Promise<{ id: number; product_id: number; product_name: string; person_id: number; email: string }[]> {
  const { rows } = await db.query<{ id: number; product_id: number; product_name: string; person_id: number; email: string }>(
    `SELECT o.id::int, o.product_id::int, p.name AS product_name, o.person_id::int, pe.email
       FROM orders o JOIN product p ON p.id = o.product_id JOIN person pe ON pe.id = o.person_id
      WHERE o.id = ANY($1::bigint[]) ORDER BY o.id`,
    [ids],
  );
  return rows;
}
