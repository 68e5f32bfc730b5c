import type { SearchHit } from '@store/contracts/search';
import type { Db } from '../../db/client.js';
import { escapeLike } from '../../lib/list-request.js';

type HitRow = {
  match: SearchHit['match'];
  person_id: number | null;
  person_email: string | null;
  person_name: string | null;
  order_id: number | null;
  product_name: string | null;
  batch_number: number | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEVICE_ID = /^[0-9a-f]{32}$/i;

// A licence and its owner, for the hits that name a licence.
const LICENCE_HIT = `pe.id AS person_id, pe.email AS person_email, pe.name AS person_name, o.id AS order_id, pr.name AS product_name,
                     NULL::int AS batch_number
                FROM orders o JOIN person pe ON pe.id = o.person_id JOIN product pr ON pr.id = o.product_id`;

/**
 * The licences a search text names, one list per kind of match, each through its own index (migration 060): an
 * activation code or a Device ID by their shape, a serial, key text or provider reference exactly; each with its
 * owner, at most `limit` of each kind. A read across domains by design: it only reads, and only here (decision 024).
 */
export async function findLicenceHits(db: Db, text: string, limit: number): Promise<SearchHit[][]> {
  const lower = text.toLowerCase();
  const queries: Promise<{ rows: HitRow[] }>[] = [];
  if (UUID.test(text)) {
    queries.push(
      db.query<HitRow>(
        `SELECT 'activation code' AS match, pe.id AS person_id, pe.email AS person_email, pe.name AS person_name,
                o.id AS order_id, pr.name AS product_name, u.batch_number
           FROM unassigned_order u JOIN product pr ON pr.id = u.product_id
           LEFT JOIN orders o ON o.id = u.redeemed_order_id LEFT JOIN person pe ON pe.id = o.person_id
          WHERE u.activation_key = $1::uuid`,
        [lower],
      ),
    );
  }
  if (DEVICE_ID.test(text)) {
    queries.push(
      db.query<HitRow>(
        `SELECT 'device' AS match, ${LICENCE_HIT} JOIN order_device d ON d.order_id = o.id
          WHERE lower(d.device_id_hash) = $1 ORDER BY o.id LIMIT ${limit}`,
        [lower],
      ),
    );
  }
  queries.push(
    db.query<HitRow>(`SELECT 'serial' AS match, ${LICENCE_HIT} WHERE o.serial = $1 AND o.serial <> '' ORDER BY o.id LIMIT ${limit}`, [
      text,
    ]),
    db.query<HitRow>(
      `SELECT 'key' AS match, ${LICENCE_HIT}
        WHERE (md5(regexp_replace(o.serial_new, '\\s', '', 'g')) = md5($1) AND o.serial_new <> '')
           OR (md5(regexp_replace(o.serial_2048, '\\s', '', 'g')) = md5($1) AND o.serial_2048 <> '')
        ORDER BY o.id LIMIT ${limit}`,
      [text.replace(/\s/g, '')],
    ),
    db.query<HitRow>(
      `SELECT 'provider reference' AS match, ${LICENCE_HIT}
        WHERE (lower(o.provider_reference) LIKE $1 AND o.provider_reference IS NOT NULL)
           OR (lower(o.provider_order_id) LIKE $1 AND o.provider_order_id IS NOT NULL)
        ORDER BY o.id LIMIT ${limit}`,
      [`${escapeLike(lower)}%`],
    ),
  );
  const results = await Promise.all(queries);
  return results.map(({ rows }) =>
    rows.map((row) => ({
      match: row.match,
      personId: row.person_id ?? 0,
      personEmail: row.person_email ?? '',
      personName: row.person_name ?? '',
      orderId: row.order_id,
      productName: row.product_name,
      batchNumber: row.batch_number,
    })),
  );
}
