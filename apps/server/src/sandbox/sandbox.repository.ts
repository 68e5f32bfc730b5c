import type { Queryable } from '../db/client.js';

export type CatalogueProduct = { name: string; description: string; price: string };
export type CheckoutSettings = { taxRatePercent: number; taxType: string; currency: string; discountPercentByPath: Record<string, number> };

/** The products the stand-in sells, at the product table's prices. */
export async function listCatalogueProducts(db: Queryable): Promise<CatalogueProduct[]> {
  const { rows } = await db.query<CatalogueProduct>('SELECT name, description, price FROM product ORDER BY id');
  return rows;
}

/** Tax and currency from the settings, and the stand-in's product discounts (migration 002). */
export async function readCheckoutSettings(db: Queryable): Promise<CheckoutSettings> {
  const { rows } = await db.query<{ key: string; value: string }>(
    `SELECT key, value FROM setting WHERE key IN ('tax_rate', 'tax_type', 'currency', 'sandbox_discount_percent')`,
  );
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  const taxRatePercent = Number.parseFloat(value('tax_rate') ?? '0');
  return {
    taxRatePercent: Number.isFinite(taxRatePercent) && taxRatePercent > 0 ? taxRatePercent : 0,
    taxType: value('tax_type') ?? 'VAT',
    currency: value('currency') ?? 'USD',
    discountPercentByPath: readDiscounts(value('sandbox_discount_percent')),
  };
}

function readDiscounts(text: string | undefined): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(text ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    const entries = Object.entries(parsed).filter(([, percent]) => typeof percent === 'number' && percent > 0 && percent < 100);
    return Object.fromEntries(entries.map(([path, percent]) => [path.toLowerCase(), percent as number]));
  } catch {
    return {};
  }
}

/** Moves an order's licence activation date back by whole days; answers the dates before and after. */
export async function backdateActivation(db: Queryable, orderId: number, days: number): Promise<{ before: Date; after: Date } | undefined> {
  const { rows } = await db.query<{ before: Date; after: Date }>(
    `UPDATE orders AS o SET license_activation_date = o.license_activation_date - make_interval(days => $2)
       FROM orders AS old WHERE o.id = $1 AND old.id = o.id
     RETURNING old.license_activation_date AS before, o.license_activation_date AS after`,
    [orderId, days],
  );
  return rows[0];
}
