import type { OfferFigures } from '@store/contracts/offer-figures';
import type { Db } from '../../db/client.js';
import type { DashboardRange } from './dashboard.repository.js';

/**
 * The licences sold through an offer or in a bundle on the range's UTC days ($1 through $2), found through their
 * partial index (migration 088, whose predicate this repeats), with their kind: the offer's, or 'bundle' for an
 * item `{bundle path}/{product}#n` (decision 054). A few rows in millions; read as they are now, like the trials.
 */
const sold = `sold AS (
  SELECT o.creation_date, o.offer_id, o.provider_item, o.provider_order_id, coalesce(o.currency, '') AS currency,
         coalesce(o.amount, 0) AS amount, coalesce(o.refunded, 0) AS refunded,
         CASE WHEN o.offer_id IS NOT NULL THEN (SELECT f.kind FROM offer f WHERE f.id = o.offer_id) ELSE 'bundle' END AS kind
    FROM orders o
   WHERE (o.offer_id IS NOT NULL OR strpos(o.provider_item, '/') > 0)
     AND o.creation_date >= $1::date::timestamp AT TIME ZONE 'UTC'
     AND o.creation_date < ($2::date + 1)::timestamp AT TIME ZONE 'UTC')`;

type Money = { revenue: string; refunded: string };
const toNumbers = <Row extends Money>(row: Row) => ({ ...row, revenue: Number(row.revenue), refunded: Number(row.refunded) });

/** Per kind, per offer and per bundle over the range, and per bucket of the range's period (decision 057). */
export async function readOfferFigures(db: Db, range: DashboardRange): Promise<Omit<OfferFigures, 'period' | 'from' | 'to'>> {
  const values = [range.from, range.to];
  const money = `count(*)::int AS units, sum(s.amount)::text AS revenue, sum(s.refunded)::text AS refunded`;
  const [kinds, paths, bundles, sales] = await Promise.all([
    db.query<OfferFigures['kinds'][number] & Money>(
      `WITH ${sold} SELECT s.kind, s.currency, ${money} FROM sold s GROUP BY 1, 2 ORDER BY 1, 2`,
      values,
    ),
    db.query<OfferFigures['paths'][number] & Money>(
      `WITH ${sold}
       SELECT f.id::int AS "offerId", f.name, f.kind, tp.name AS "toProduct",
              coalesce((SELECT string_agg(p.name, ', ' ORDER BY p.name) FROM offer_source os JOIN product p ON p.id = os.product_id
                         WHERE os.offer_id = f.id), '') AS "fromProducts",
              s.currency, ${money}
         FROM sold s JOIN offer f ON f.id = s.offer_id JOIN product tp ON tp.id = f.target_product_id
        GROUP BY f.id, tp.name, s.currency ORDER BY units DESC, f.name, s.currency`,
      values,
    ),
    db.query<OfferFigures['bundles'][number] & Money>(
      `WITH ${sold}
       SELECT coalesce(bp.name, split_part(s.provider_item, '/', 1)) AS name, s.currency,
              count(DISTINCT s.provider_order_id)::int AS sold, ${money}
         FROM sold s LEFT JOIN product bp ON bp.path = split_part(s.provider_item, '/', 1)
        WHERE s.kind = 'bundle' GROUP BY 1, 2 ORDER BY units DESC, 1, 2`,
      values,
    ),
    db.query<{ start: string; kind: OfferFigures['kinds'][number]['kind']; currency: string; units: number; revenue: string }>(
      `WITH ${sold}
       SELECT to_char(date_trunc('${range.period}', (s.creation_date AT TIME ZONE 'UTC')::date)::date, 'YYYY-MM-DD') AS start,
              s.kind, s.currency, count(*)::int AS units, sum(s.amount)::text AS revenue
         FROM sold s GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      values,
    ),
  ]);
  return {
    kinds: kinds.rows.map(toNumbers),
    paths: paths.rows.map(toNumbers),
    bundles: bundles.rows.map(toNumbers),
    sales: sales.rows.map((row) => ({ ...row, revenue: Number(row.revenue) })),
  };
}
