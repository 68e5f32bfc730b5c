import type { Dashboard, DashboardPeriod } from '@store/contracts/dashboard';
import type { Db } from '../../db/client.js';

export type DashboardRange = { period: DashboardPeriod; from: string; to: string };

const toNumber = (value: string | number) => Number(value);
const bucket = (period: DashboardPeriod) => `date_trunc('${period}', day)::date`;

/**
 * A rollup's rows over the range ($1 to $2): the months it covers whole from the monthly table ($3 up to $4), its
 * other days from the daily one. `isDaily` reads days only (buckets of days and weeks need them).
 */
const rollupRows = (table: 'sales' | 'sales_country', isDaily = false) =>
  isDaily
    ? `(SELECT * FROM ${table}_daily WHERE day BETWEEN $1::date AND $2::date) AS rows`
    : `(SELECT * FROM ${table}_daily WHERE day BETWEEN $1::date AND $2::date AND (day < $3::date OR day >= $4::date)
        UNION ALL
        SELECT * FROM ${table}_monthly WHERE day >= $3::date AND day < $4::date) AS rows`;

/** The whole months within the range: from its first (inclusive) to its end (exclusive); empty when from >= to. */
export function wholeMonthsOf(range: { from: string; to: string }): [string, string] {
  const from = new Date(`${range.from}T00:00:00Z`);
  const to = new Date(`${range.to}T00:00:00Z`);
  const first = from.getUTCDate() === 1 ? from : new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
  const dayAfter = new Date(to.getTime() + 86_400_000);
  const end = dayAfter.getUTCDate() === 1 ? dayAfter : new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), 1));
  return [first.toISOString().slice(0, 10), end.toISOString().slice(0, 10)];
}

/**
 * The dashboard from the rollups (migrations 060 and 067): a few rows per day or month, product and currency, whatever
 * the number of orders. Revenue is what licences sold for plus the fees of transfers (decision 029). The four reads run
 * at once on the pool.
 */
export async function readDashboard(db: Db, range: DashboardRange): Promise<Omit<Dashboard, 'period' | 'from' | 'to' | 'totals'>> {
  const values = [range.from, range.to, ...wholeMonthsOf(range)];
  const within = 'day BETWEEN $1::date AND $2::date';
  // Buckets of days and weeks read days only (and so only the range's two parameters).
  const isDaily = range.period !== 'month';
  const bucketValues = isDaily ? values.slice(0, 2) : values;
  const [sales, activity, products, countries] = await Promise.all([
    db.query<{ start: string; currency: string; revenue: string; units: number }>(
      `SELECT to_char(${bucket(range.period)}, 'YYYY-MM-DD') AS start, currency, sum(revenue + transfer_fees)::text AS revenue,
              sum(units)::int AS units
         FROM ${rollupRows('sales', isDaily)} GROUP BY 1, 2 ORDER BY 1, 2`,
      bucketValues,
    ),
    db.query<Dashboard['activity'][number]>(
      `SELECT to_char(start, 'YYYY-MM-DD') AS start, sum(units)::int AS units, sum(purchases)::int AS purchases,
              sum(redemptions)::int AS redemptions, sum(admin_grants)::int AS "adminGrants", sum(refunds)::int AS refunds,
              sum(transfers)::int AS transfers, sum(activations)::int AS activations
         FROM (SELECT ${bucket(range.period)} AS start, units, purchases, redemptions, admin_grants, refunds, transfers, 0 AS activations
                 FROM ${rollupRows('sales', isDaily)}
               UNION ALL
               SELECT ${bucket(range.period)}, 0, 0, 0, 0, 0, 0, activations FROM device_activation_daily
                WHERE ${within}) AS parts
        GROUP BY start ORDER BY start`,
      bucketValues,
    ),
    db.query<{ productId: number; productName: string; currency: string; units: number; revenue: string }>(
      `SELECT s.product_id AS "productId", coalesce(p.name, '#' || s.product_id) AS "productName", s.currency, s.units, s.revenue
         FROM (SELECT product_id, currency, sum(units)::int AS units, sum(revenue + transfer_fees)::text AS revenue
                 FROM ${rollupRows('sales')} GROUP BY 1, 2) AS s
         LEFT JOIN product p ON p.id = s.product_id
        WHERE s.units <> 0 OR s.revenue::numeric <> 0
        ORDER BY s.units DESC, "productName", s.currency`,
      values,
    ),
    db.query<{ country: string; units: number; revenue: { currency: string; amount: string }[] }>(
      `SELECT country, sum(units)::int AS units,
              coalesce(json_agg(json_build_object('currency', currency, 'amount', revenue::text) ORDER BY currency)
                FILTER (WHERE currency <> ''), '[]') AS revenue
         FROM (SELECT country, currency, sum(units) AS units, sum(revenue) AS revenue FROM ${rollupRows('sales_country')}
                GROUP BY 1, 2) AS c
        GROUP BY country HAVING sum(units) > 0 ORDER BY units DESC, country LIMIT 10`,
      values,
    ),
  ]);
  return {
    sales: sales.rows.map((row) => ({ ...row, revenue: toNumber(row.revenue) })),
    activity: activity.rows,
    products: products.rows.map((row) => ({ ...row, revenue: toNumber(row.revenue) })),
    countries: countries.rows.map((row) => ({
      country: row.country,
      units: row.units,
      revenue: row.revenue.map((money) => ({ currency: money.currency, amount: toNumber(money.amount) })),
    })),
  };
}

/** Refunded amounts (licences and transfer fees, on the refund's day) and transfer fees per currency over the range. */
export async function readMoneyTotals(
  db: Db,
  range: DashboardRange,
): Promise<{ refunded: { currency: string; amount: number }[]; transferFees: { currency: string; amount: number }[] }> {
  const { rows } = await db.query<{ currency: string; refunded: string; transfer_fees: string }>(
    `SELECT currency, sum(refunded)::text AS refunded, sum(transfer_fees)::text AS transfer_fees FROM ${rollupRows('sales')}
      WHERE currency <> '' GROUP BY 1 HAVING sum(refunded) <> 0 OR sum(transfer_fees) <> 0 ORDER BY 1`,
    [range.from, range.to, ...wholeMonthsOf(range)],
  );
  const moneyOf = (pick: (row: (typeof rows)[number]) => string) =>
    rows.filter((row) => Number(pick(row)) !== 0).map((row) => ({ currency: row.currency, amount: Number(pick(row)) }));
  return { refunded: moneyOf((row) => row.refunded), transferFees: moneyOf((row) => row.transfer_fees) };
}

/** Licences revoked within the range (decision 041), in UTC days as the rollups count, whatever the session's time zone. */
export async function countRevocations(db: Db, range: DashboardRange): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM orders
      WHERE state = 'revoked' AND revoked_at >= $1::date::timestamp AT TIME ZONE 'UTC'
        AND revoked_at < ($2::date + 1)::timestamp AT TIME ZONE 'UTC'`,
    [range.from, range.to],
  );
  return rows[0]?.count ?? 0;
}

/**
 * Folds the rollups' shard rows of closed days and months into one row per key (migration 094, decision 077), one
 * rollup (`rollup_tables()`) per transaction, so that a writer of a closed day waits for one short fold at most: the
 * dashboard then reads one row per key of the past, however many backends wrote it. Answers the keys folded.
 */
export async function foldRollupShards(db: Db): Promise<number> {
  const { rows: rollups } = await db.query<{ name: string }>('SELECT unnest(rollup_tables())::text AS name');
  let folded = 0;
  for (const rollup of rollups) {
    const { rows } = await db.query<{ folded: number }>('SELECT fold_rollup_shards($1) AS folded', [rollup.name]);
    folded += rows[0]!.folded;
  }
  return folded;
}
