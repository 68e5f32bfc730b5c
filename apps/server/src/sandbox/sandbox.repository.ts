import type { Queryable } from '../db/client.js';

export type CatalogueProduct = { name: string; path: string; description: string; price: string };
export type CheckoutSettings = { taxRatePercent: number; taxType: string; currency: string; discountPercentByPath: Record<string, number> };

/** The products the stand-in sells, under their FastSpring paths, at the product table's prices. */
export async function listCatalogueProducts(db: Queryable): Promise<CatalogueProduct[]> {
  const { rows } = await db.query<CatalogueProduct>('SELECT name, path, description, price FROM product ORDER BY id');
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

/** Keeps an order or return the stand-in made (as FastSpring keeps it, whether or not its webhook got through). */
export async function recordSandboxSale(
  db: Queryable,
  record: { id: string; kind: 'order' | 'return'; providerOrderId: string; data: unknown },
) {
  await db.query(
    `INSERT INTO sandbox_provider_record (id, kind, provider_order_id, data) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING`,
    [record.id, record.kind, record.providerOrderId, JSON.stringify(record.data)],
  );
}

/**
 * The stand-in's orders made in [begin, end), oldest first, one page. `returns` filters them as FastSpring's
 * `returns=true|false` does: with true, each order names its returns' ids in `returns`.
 */
export async function listSandboxOrders(
  db: Queryable,
  options: { begin: Date; end: Date; limit: number; offset: number; returns?: boolean },
): Promise<{ rows: unknown[]; total: number }> {
  const { rows } = await db.query<{ data: unknown; total: number }>(
    `SELECT CASE WHEN $5 THEN s.data || jsonb_build_object('returns', refunds.ids) ELSE s.data END AS data,
            count(*) OVER ()::int AS total
       FROM sandbox_provider_record s
       LEFT JOIN LATERAL (
         SELECT jsonb_agg(r.id ORDER BY r.created_at, r.id) AS ids FROM sandbox_provider_record r
          WHERE r.kind = 'return' AND r.provider_order_id = s.provider_order_id) AS refunds ON true
      WHERE s.kind = 'order' AND s.created_at >= $1 AND s.created_at < $2 AND ($5::boolean IS NULL OR (refunds.ids IS NOT NULL) = $5)
      ORDER BY s.created_at, s.id LIMIT $3 OFFSET $4`,
    [options.begin, options.end, options.limit, options.offset, options.returns ?? null],
  );
  return { rows: rows.map((row) => row.data), total: rows[0]?.total ?? 0 };
}

/** The stand-in's returns with these ids, as FastSpring answers `GET /returns/{id1},{id2},…`. */
export async function findSandboxReturns(db: Queryable, ids: readonly string[]): Promise<unknown[]> {
  const { rows } = await db.query<{ data: unknown }>(
    `SELECT data FROM sandbox_provider_record WHERE kind = 'return' AND id = ANY($1::text[]) ORDER BY created_at, id`,
    [ids],
  );
  return rows.map((row) => row.data);
}

/** A record the stand-in keeps of an order or a return, as FastSpring's API would answer it. */
export type SandboxRecord = { id: string; data: unknown };

/** The stand-in's records of these provider orders, and those whose data matches one of the `ILIKE` patterns, locked. */
export async function lockSandboxRecordsOfOrdersOrMatching(
  db: Queryable,
  options: { providerOrderIds: readonly string[]; patterns: readonly string[] },
): Promise<(SandboxRecord & { provider_order_id: string })[]> {
  const { rows } = await db.query<SandboxRecord & { provider_order_id: string }>(
    `SELECT id, provider_order_id, data FROM sandbox_provider_record
      WHERE provider_order_id = ANY($1::text[]) OR data::text ILIKE ANY($2::text[]) ORDER BY created_at, id FOR UPDATE`,
    [options.providerOrderIds, options.patterns],
  );
  return rows;
}

/** Replaces a record's data (an erasure's redaction). */
export async function replaceSandboxRecordData(db: Queryable, record: SandboxRecord): Promise<void> {
  await db.query('UPDATE sandbox_provider_record SET data = $2 WHERE id = $1', [record.id, JSON.stringify(record.data)]);
}
