import type { Queryable } from '../../db/client.js';

export type OfferRow = {
  id: number;
  kind: 'upgrade' | 'crossgrade';
  name: string;
  target_product_id: number;
  source_product_ids: number[];
  prices: Record<string, string>;
  is_active: boolean;
  sold_count: number;
};

const offerColumns = `o.id::int AS id, o.kind, o.name, o.target_product_id::int AS target_product_id, o.prices, o.is_active,
  ARRAY(SELECT s.product_id::int FROM offer_source s WHERE s.offer_id = o.id ORDER BY s.product_id) AS source_product_ids,
  (SELECT count(*)::int FROM orders u WHERE u.offer_id = o.id AND u.state = 'active') AS sold_count`;

export async function listOffers(db: Queryable): Promise<OfferRow[]> {
  const { rows } = await db.query<OfferRow>(`SELECT ${offerColumns} FROM offer o ORDER BY o.id`);
  return rows;
}

export async function findOffer(db: Queryable, id: number): Promise<OfferRow | undefined> {
  const { rows } = await db.query<OfferRow>(`SELECT ${offerColumns} FROM offer o WHERE o.id = $1`, [id]);
  return rows[0];
}

type OfferFields = Omit<OfferRow, 'id' | 'sold_count'>;

export async function insertOffer(db: Queryable, offer: OfferFields): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO offer (kind, name, target_product_id, prices, is_active) VALUES ($1, $2, $3, $4, $5) RETURNING id::int`,
    [offer.kind, offer.name, offer.target_product_id, JSON.stringify(offer.prices), offer.is_active],
  );
  await replaceSources(db, rows[0]!.id, offer.source_product_ids);
  return rows[0]!.id;
}

export async function updateOffer(db: Queryable, id: number, offer: OfferFields): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE offer SET kind = $2, name = $3, target_product_id = $4, prices = $5, is_active = $6 WHERE id = $1`,
    [id, offer.kind, offer.name, offer.target_product_id, JSON.stringify(offer.prices), offer.is_active],
  );
  if (rowCount === 0) return false;
  await replaceSources(db, id, offer.source_product_ids);
  return true;
}

async function replaceSources(db: Queryable, offerId: number, productIds: number[]): Promise<void> {
  await db.query(`DELETE FROM offer_source WHERE offer_id = $1 AND NOT (product_id = ANY ($2::bigint[]))`, [offerId, productIds]);
  await db.query(`INSERT INTO offer_source (offer_id, product_id) SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING`, [
    offerId,
    productIds,
  ]);
}

/** How many licences were bought through the offer (an upgrade's or crossgrade's link to the licence it used). */
export async function countLicencesOfOffer(db: Queryable, id: number): Promise<number> {
  const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM orders WHERE offer_id = $1', [id]);
  return rows[0]!.count;
}

export async function deleteOffer(db: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await db.query(`DELETE FROM offer WHERE id = $1`, [id]);
  return (rowCount ?? 0) > 0;
}

/** Which of `productIds` exist (an offer names existing products only). */
export async function countExistingProducts(db: Queryable, productIds: number[]): Promise<number> {
  const { rows } = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM product WHERE id = ANY ($1::bigint[])`, [
    productIds,
  ]);
  return rows[0]!.count;
}

export type EligibleOfferRow = {
  offer_id: number;
  kind: 'upgrade' | 'crossgrade';
  name: string;
  target_product_id: number;
  target_product_name: string;
  target_product_path: string;
  normal_price: string;
  prices: Record<string, string>;
  source_order_id: number;
  source_product_name: string;
};

/**
 * The active offers a person can take (issue 25: a licence of a source product owned, active — neither refunded nor
 * transferred — and not used for this offer yet, nor, for an upgrade, upgraded through another; while the person
 * holds fewer licences of the target than of the offer's sources, decision 116), each once, on the person's oldest
 * qualifying licence, or on `sourceOrderId` when given.
 */
export async function listEligibleOffers(
  db: Queryable,
  personId: number,
  filter: { offerId?: number; sourceOrderId?: number; targetProductId?: number } = {},
): Promise<EligibleOfferRow[]> {
  const { rows } = await db.query<EligibleOfferRow>(
    `SELECT DISTINCT ON (o.id) o.id::int AS offer_id, o.kind, o.name, o.target_product_id::int AS target_product_id,
            t.name AS target_product_name, t.path AS target_product_path, t.price::text AS normal_price, o.prices,
            l.id::int AS source_order_id, sp.name AS source_product_name
       FROM offer o
       JOIN offer_source s ON s.offer_id = o.id
       JOIN orders l ON l.product_id = s.product_id AND l.person_id = $1 AND l.state = 'active'
       JOIN product t ON t.id = o.target_product_id
       JOIN product sp ON sp.id = l.product_id
      WHERE o.is_active
        AND ($2::bigint IS NULL OR o.id = $2)
        AND ($3::bigint IS NULL OR l.id = $3)
        AND ($4::bigint IS NULL OR o.target_product_id = $4)
        AND NOT EXISTS (SELECT 1 FROM orders used WHERE used.offer_id = o.id AND used.upgraded_from_order_id = l.id AND used.state = 'active')
        -- An upgrade uses its licence up: a licence upgraded once is offered no other upgrade (crossgrades only qualify).
        AND (o.kind <> 'upgrade' OR NOT EXISTS (
              SELECT 1 FROM orders used JOIN offer uo ON uo.id = used.offer_id AND uo.kind = 'upgrade'
               WHERE used.upgraded_from_order_id = l.id AND used.state = 'active'))
        -- An owner of the target is offered it only for a licence it does not cover yet: fewer licences of the target
        -- than of the offer's sources (decision 116). A studio with two Spacey licences upgrades both, one by one.
        AND (SELECT count(*) FROM orders own WHERE own.person_id = $1 AND own.product_id = o.target_product_id AND own.state = 'active')
          < (SELECT count(*) FROM orders src JOIN offer_source os ON os.offer_id = o.id AND os.product_id = src.product_id
              WHERE src.person_id = $1 AND src.state = 'active')
      ORDER BY o.id, l.id`,
    [personId, filter.offerId ?? null, filter.sourceOrderId ?? null, filter.targetProductId ?? null],
  );
  return rows;
}

export type QuoteRow = {
  id: string;
  /** An offer's quote: the offer and the licence it was quoted on; null on a bundle's quote. */
  offer_id: number | null;
  person_id: number;
  source_order_id: number | null;
  /** A bundle's quote (decision 054): the bundle and the products the customer owned then. */
  bundle_product_id: number | null;
  owned_product_ids: number[];
  currency: string;
  price: string;
  expires_at: Date;
  is_expired: boolean;
};

export async function insertQuote(
  db: Queryable,
  quote: { id: string; offerId: number; personId: number; sourceOrderId: number; currency: string; price: string; validMinutes: number },
): Promise<Date> {
  const { rows } = await db.query<{ expires_at: Date }>(
    `INSERT INTO offer_quote (id, offer_id, person_id, source_order_id, currency, price, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(mins => $7)) RETURNING expires_at`,
    [quote.id, quote.offerId, quote.personId, quote.sourceOrderId, quote.currency, quote.price, quote.validMinutes],
  );
  return rows[0]!.expires_at;
}

/** Stores a bundle's quote for a person (decision 054): what they owned of it and the price of the rest. */
export async function insertBundleQuote(
  db: Queryable,
  quote: {
    id: string;
    bundleProductId: number;
    personId: number;
    ownedProductIds: number[];
    currency: string;
    price: string;
    validMinutes: number;
  },
): Promise<Date> {
  const { rows } = await db.query<{ expires_at: Date }>(
    `INSERT INTO offer_quote (id, bundle_product_id, person_id, owned_product_ids, currency, price, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(mins => $7)) RETURNING expires_at`,
    [quote.id, quote.bundleProductId, quote.personId, quote.ownedProductIds, quote.currency, quote.price, quote.validMinutes],
  );
  return rows[0]!.expires_at;
}

/** Records on the licences just issued that they were bought with a bundle's quote. */
export async function markLicencesBoughtThroughBundleQuote(db: Queryable, orderIds: readonly number[], quoteId: string): Promise<void> {
  await db.query(`UPDATE orders SET bundle_quote_id = $2 WHERE id = ANY($1::bigint[])`, [orderIds, quoteId]);
}

/**
 * A quote with its licence row locked, so two orders of one quote (or one licence) are settled one after the other;
 * `is_expired` as of `orderTime`, when its order was completed.
 */
export async function findQuoteForUpdate(db: Queryable, id: string, orderTime: Date): Promise<QuoteRow | undefined> {
  const { rows } = await db.query<QuoteRow>(
    `SELECT q.id, q.offer_id::int AS offer_id, q.person_id::int AS person_id, q.source_order_id::int AS source_order_id, q.currency,
            q.bundle_product_id::int AS bundle_product_id, q.owned_product_ids::int[] AS owned_product_ids,
            q.price::text AS price, q.expires_at, q.expires_at < $2 AS is_expired
       FROM offer_quote q WHERE q.id = $1 FOR UPDATE`,
    [id, orderTime],
  );
  if (rows[0]?.source_order_id) await db.query(`SELECT 1 FROM orders WHERE id = $1 FOR UPDATE`, [rows[0].source_order_id]);
  return rows[0];
}

/**
 * Whether a licence was bought with this quote already, and by which order: none, the provider's order
 * `providerOrderId` (that order again), or another.
 */
export async function findUseOfQuote(
  db: Queryable,
  quoteId: string,
  providerOrderId: string,
): Promise<'none' | 'thisOrder' | 'otherOrder'> {
  const { rows } = await db.query<{ is_this_order: boolean }>(
    `SELECT provider_order_id IS NOT DISTINCT FROM $2 AS is_this_order FROM orders
      WHERE offer_quote_id = $1 OR bundle_quote_id = $1 ORDER BY 1 LIMIT 1`,
    [quoteId, providerOrderId],
  );
  if (!rows[0]) return 'none';
  return rows[0].is_this_order ? 'thisOrder' : 'otherOrder';
}

/** An offer's kind and target, and the product of the licence it was quoted on, whether or not that still qualifies. */
export async function findOfferOnLicence(
  db: Queryable,
  offerId: number,
  sourceOrderId: number,
): Promise<{ kind: 'upgrade' | 'crossgrade'; target_product_id: number; source_product_name: string } | undefined> {
  const { rows } = await db.query<{ kind: 'upgrade' | 'crossgrade'; target_product_id: number; source_product_name: string }>(
    `SELECT o.kind, o.target_product_id::int AS target_product_id, sp.name AS source_product_name
       FROM offer o, orders l JOIN product sp ON sp.id = l.product_id WHERE o.id = $1 AND l.id = $2`,
    [offerId, sourceOrderId],
  );
  return rows[0];
}

/** Records on a licence just issued that it was bought through an offer, from which licence, with which quote. */
export async function markLicenceBoughtThroughOffer(
  db: Queryable,
  orderId: number,
  offer: { offerId: number; quoteId: string; sourceOrderId: number },
): Promise<void> {
  await db.query(`UPDATE orders SET offer_id = $2, offer_quote_id = $3, upgraded_from_order_id = $4 WHERE id = $1`, [
    orderId,
    offer.offerId,
    offer.quoteId,
    offer.sourceOrderId,
  ]);
}

/** The product an active upgrade of this licence sells, if it was upgraded (decision 036: it then stays with its owner). */
export async function findUpgradeOfLicence(db: Queryable, orderId: number): Promise<string | undefined> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT p.name FROM orders u JOIN offer o ON o.id = u.offer_id AND o.kind = 'upgrade' JOIN product p ON p.id = u.product_id
      WHERE u.upgraded_from_order_id = $1 AND u.state = 'active' ORDER BY u.id LIMIT 1`,
    [orderId],
  );
  return rows[0]?.name;
}
