import type { Queryable } from '../../db/client.js';
import type { OrderState } from '../order/index.js';

/** An item as recordProviderOrder keeps it: a bundle's product keeps the `driver` naming its bundle. */
export type PurchaseItemRow = {
  product: string;
  quantity: number;
  subtotal: number | null;
  discount: number | null;
  tax: number | null;
  total: number | null;
  driver?: { type?: string | null; path?: string | null } | null;
};

export type PurchaseRow = {
  provider_order_id: string;
  reference: string | null;
  completed_at: Date | null;
  first_licence_at: Date | null;
  currency: string | null;
  invoice_url: string | null;
  subtotal: string | null;
  discount: string | null;
  tax: string | null;
  total: string | null;
  items: PurchaseItemRow[] | null;
  buyer_email: string | null;
  recipient_email: string | null;
};
export type LicenceRow = {
  provider_order_id: string;
  id: number;
  product_name: string;
  state: OrderState;
  person_id: number;
  provider_item: string | null;
};
export type RefundRow = {
  provider_order_id: string;
  reference: string;
  /** When the return was made (decision 106). */
  returned_at: Date;
  is_partial: boolean;
  currency: string;
  amount: string | null;
  revoked_order_ids: string[];
};
export type TransferRow = {
  order_id: number;
  transferred_at: Date;
  from_person_id: number | null;
  to_person_id: number | null;
  provider_order_id: string | null;
  product_name: string;
};

/**
 * The provider orders of a person: those that made a licence the person holds or held (transferred away), and
 * those the person paid (a gift's payer, by their address). With what the provider said about them (provider_order).
 */
export async function findPurchasesOfPerson(db: Queryable, person: { id: number; emailCanonical: string | null }) {
  const { rows: purchases } = await db.query<PurchaseRow>(
    `WITH mine AS (
       SELECT o.provider_order_id FROM orders o WHERE o.person_id = $1 AND o.provider_order_id IS NOT NULL
       UNION SELECT o.provider_order_id FROM licence_transfer t JOIN orders o ON o.id = t.order_id
              WHERE t.from_person_id = $1 AND o.provider_order_id IS NOT NULL
       UNION SELECT provider_order_id FROM provider_order WHERE buyer_email_canonical = $2::text)
     SELECT m.provider_order_id, po.reference, po.completed_at, po.currency, po.invoice_url, po.subtotal, po.discount,
            po.tax, po.total, po.items, po.buyer_email, po.recipient_email,
            (SELECT min(creation_date) FROM orders WHERE provider_order_id = m.provider_order_id) AS first_licence_at
       FROM mine m LEFT JOIN provider_order po ON po.provider_order_id = m.provider_order_id`,
    [person.id, person.emailCanonical],
  );
  const ids = purchases.map((purchase) => purchase.provider_order_id);
  const { rows: licences } = await db.query<LicenceRow>(
    `SELECT o.provider_order_id, o.id::int AS id, p.name AS product_name, o.state, o.person_id::int AS person_id, o.provider_item
       FROM orders o JOIN product p ON p.id = o.product_id
      WHERE o.provider_order_id = ANY($1::text[]) ORDER BY o.id`,
    [ids],
  );
  const { rows: refunds } = await db.query<RefundRow>(
    `SELECT provider_order_id, reference, returned_at, is_partial, currency, amount, revoked_order_ids::text[] AS revoked_order_ids
       FROM provider_refund WHERE provider_order_id = ANY($1::text[]) ORDER BY received_at`,
    [ids],
  );
  const { rows: transfers } = await db.query<TransferRow>(
    `SELECT t.order_id::int AS order_id, t.transferred_at, t.from_person_id::int AS from_person_id, t.to_person_id::int AS to_person_id,
            t.provider_order_id, p.name AS product_name
       FROM licence_transfer t JOIN orders o ON o.id = t.order_id JOIN product p ON p.id = o.product_id
      WHERE (t.order_id = ANY($1::bigint[]) OR t.provider_order_id = ANY($3::text[])) AND ($2 IN (t.from_person_id, t.to_person_id))
      ORDER BY t.transferred_at`,
    [licences.map((licence) => licence.id), person.id, ids],
  );
  return { purchases, licences, refunds, transfers };
}

/** The provider's purchase a licence came from (undefined: no such licence; null: not from a recorded purchase). */
export async function findPurchaseOfLicence(db: Queryable, orderId: number) {
  const { rows: licences } = await db.query<{ provider_order_id: string | null }>('SELECT provider_order_id FROM orders WHERE id = $1', [
    orderId,
  ]);
  if (!licences[0]) return undefined;
  const providerOrderId = licences[0].provider_order_id;
  if (!providerOrderId) return null;
  const { rows } = await db.query<PurchaseRow & { coupons: string[] }>(
    `SELECT *, (SELECT min(creation_date) FROM orders WHERE provider_order_id = $1) AS first_licence_at
       FROM provider_order WHERE provider_order_id = $1`,
    [providerOrderId],
  );
  if (!rows[0]) return null;
  const { rows: refunds } = await db.query<RefundRow>(
    `SELECT provider_order_id, reference, returned_at, is_partial, currency, amount, revoked_order_ids::text[] AS revoked_order_ids
       FROM provider_refund WHERE provider_order_id = $1 ORDER BY received_at`,
    [providerOrderId],
  );
  return { purchase: rows[0], refunds };
}
