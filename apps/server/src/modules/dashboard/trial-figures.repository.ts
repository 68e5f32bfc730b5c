import type { TrialFigures } from '@store/contracts/trial-figures';
import type { Db } from '../../db/client.js';
import type { DashboardRange } from './dashboard.repository.js';

/**
 * Per product over the range's UTC days ($1 through $2): the links to public installers handed out (migration 071),
 * the trials started, and those of them whose computer was then registered on a licence of the product bought after
 * the trial started, or moved to its owner after it (any source but an administrator's grant; an owner's licence
 * bought before is no sale, decision 117). Read from the trials and the computers as they are now, in this one
 * statement, so a plug-in's registration does no work for the dashboard (decision 028): each product's trials come
 * from its index on (product, start), each computer from the devices' index on its lower-case ID (migration 065).
 */
export async function readTrialFigures(db: Db, range: DashboardRange): Promise<TrialFigures['products']> {
  const { rows } = await db.query<TrialFigures['products'][number]>(
    `SELECT p.id AS "productId", p.name AS "productName", coalesce(dl.downloads, 0)::int AS downloads,
            coalesce(tr.started, 0)::int AS started, coalesce(tr.converted, 0)::int AS converted
       FROM product p
       LEFT JOIN LATERAL (SELECT sum(c.downloads) AS downloads FROM product_download_count c
                           WHERE c.product_id = p.id AND c.day BETWEEN $1::date AND $2::date) AS dl ON true
       LEFT JOIN LATERAL (
         SELECT count(*) AS started,
                count(*) FILTER (WHERE EXISTS (
                  SELECT 1 FROM order_device d JOIN orders o ON o.id = d.order_id
                   WHERE lower(d.device_id_hash) = lower(t.device_id) AND o.product_id = t.product_id
                     AND o.source <> 'admin' AND d.creation_date >= t.started_at
                     -- The licence came to its owner after the trial started: bought, or moved to them (decision 117).
                     AND CASE WHEN o.source = 'transfer' THEN coalesce(o.license_activation_date, o.creation_date)
                              ELSE o.creation_date END >= t.started_at)) AS converted
           FROM trial t
          WHERE t.product_id = p.id
            AND t.started_at >= $1::date::timestamp AT TIME ZONE 'UTC'
            AND t.started_at < ($2::date + 1)::timestamp AT TIME ZONE 'UTC') AS tr ON true
      WHERE dl.downloads > 0 OR tr.started > 0
      ORDER BY started DESC, downloads DESC, "productName"`,
    [range.from, range.to],
  );
  return rows;
}
