import type { Queryable } from '../../db/client.js';

/** An active licence bought through an offer (an upgrade or a crossgrade) on another licence (decision 115). */
export type LicenceBoughtOn = {
  id: number;
  productName: string;
  kind: 'upgrade' | 'crossgrade';
  /** The licence it was bought on, and that licence's product. */
  sourceId: number;
  sourceProductName: string;
  /** Its owner's address ('' when erased) and the purchase it was paid in. */
  email: string;
  providerOrderId: string | null;
};

const boughtOnColumns = `u.id::int AS id, p.name AS "productName", o.kind, s.id::int AS "sourceId", sp.name AS "sourceProductName",
  pe.email, u.provider_order_id AS "providerOrderId"`;
const boughtOnJoins = `JOIN offer o ON o.id = u.offer_id
  JOIN product p ON p.id = u.product_id
  JOIN orders s ON s.id = u.upgraded_from_order_id
  JOIN product sp ON sp.id = s.product_id
  JOIN person pe ON pe.id = u.person_id`;

/** The active licences bought through an offer on one of `orderIds` (those licences only, not what was bought on them). */
export async function listLicencesBoughtOn(db: Queryable, orderIds: readonly number[]): Promise<LicenceBoughtOn[]> {
  if (orderIds.length === 0) return [];
  const { rows } = await db.query<LicenceBoughtOn>(
    `SELECT ${boughtOnColumns} FROM orders u ${boughtOnJoins}
      WHERE u.upgraded_from_order_id = ANY($1::bigint[]) AND u.state = 'active' ORDER BY u.id`,
    [orderIds],
  );
  return rows;
}

/**
 * Revokes the active licences bought through an offer on one of `orderIds` with `reason`, and those bought on them in
 * turn (an upgrade of an upgrade): each one's price assumed the licence under it. Only those still owned by the owner
 * of the licence under them: one transferred to someone else was bought by them in good faith (the caller lists those
 * left with `listLicencesBoughtOn`). Answers those revoked, in the order revoked.
 */
export async function revokeLicencesBoughtOn(db: Queryable, orderIds: readonly number[], reason: string): Promise<LicenceBoughtOn[]> {
  const revoked: LicenceBoughtOn[] = [];
  let sources = orderIds;
  while (sources.length > 0) {
    const { rows } = await db.query<LicenceBoughtOn>(
      `WITH ended AS (
         UPDATE orders u SET state = 'revoked', revoked_at = now(), revoke_reason = $2
           FROM orders under
          WHERE under.id = u.upgraded_from_order_id AND under.person_id = u.person_id
            AND u.upgraded_from_order_id = ANY($1::bigint[]) AND u.state = 'active'
          RETURNING u.*
       )
       SELECT ${boughtOnColumns} FROM ended u ${boughtOnJoins} ORDER BY u.id`,
      [sources, reason],
    );
    revoked.push(...rows);
    sources = rows.map((row) => row.id);
  }
  return revoked;
}
