import { canonicalEmail } from '@store/contracts/email-address';
import { bundlePathOf } from './bundle-items.js';
import type { Queryable } from '../../db/client.js';
import { isToCarryOver, moneyOf } from './provider-refund.repository.js';
import type { OrderCompletedData, WebhookEvent } from './webhook-payload.js';

/**
 * Keeps what the provider says about a purchase's money (once per provider order; a resend changes nothing).
 * Answers, in the same statement, whether returns of the purchase came before it: waiting in "needs attention"
 * (`findWaitingReturnsOfOrder`) or recorded to be carried over to licences issued later (`listRefundsToCarryOver`);
 * and the reason of a chargeback taken before it (`recordChargeback`), whose revocation licences issued now get too.
 * The caller holds the purchase's lock (`lockPurchase`, an earlier statement), so none can arrive meanwhile.
 */
export async function recordProviderOrder(
  db: Queryable,
  data: OrderCompletedData,
  people: { buyerEmail: string; recipientEmail: string; accountClaimHash: string | null },
): Promise<{ hasReturnsBefore: boolean; chargebackReason: string | null }> {
  const items = data.items.map((item) => ({
    product: item.product,
    quantity: item.quantity ?? 1,
    // The bundle an item was sold as part of (decision 054); other drivers are not kept.
    ...(bundlePathOf(item) === undefined ? {} : { driver: item.driver }),
    ...moneyOf(item),
  }));
  const money = moneyOf(data);
  // Named: prepared once per connection, as every order.completed runs it.
  const { rows } = await db.query<{ has_returns_before: boolean; chargeback_reason: string | null }>({
    name: 'provider-order-record',
    text: `WITH recorded AS (
             INSERT INTO provider_order (provider_order_id, reference, currency, payout_currency, invoice_url, coupons,
                                         subtotal, discount, tax, total, items, buyer_email, recipient_email, buyer_email_canonical,
                                         account_claim_hash)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) ON CONFLICT (provider_order_id) DO NOTHING)
           SELECT EXISTS (SELECT 1 FROM webhook_event
                           WHERE type = 'return.created' AND attention IS NOT NULL AND resolved_at IS NULL
                             AND coalesce(payload->'data'->'original'->>'id', payload->'data'->'original'->>'order') = $1)
               OR EXISTS (SELECT 1 FROM provider_refund WHERE provider_order_id = $1 AND ${isToCarryOver}) AS has_returns_before,
                  (SELECT reason FROM provider_chargeback WHERE provider_order_id = $1) AS chargeback_reason`,
    values: [
      data.id,
      data.reference ?? '',
      data.currency ?? '',
      data.payoutCurrency ?? '',
      data.invoiceUrl ?? '',
      data.coupons ?? [],
      money.subtotal,
      money.discount,
      money.tax,
      money.total,
      JSON.stringify(items),
      people.buyerEmail,
      people.recipientEmail,
      canonicalEmail(people.buyerEmail) ?? null,
      people.accountClaimHash,
    ],
  });
  return { hasReturnsBefore: rows[0]?.has_returns_before ?? false, chargebackReason: rows[0]?.chargeback_reason ?? null };
}

/**
 * Keeps a purchase's chargeback (decision 100): licences issued for the purchase later are revoked with its reason,
 * and the money it took back (`amount` in `currency`, as FastSpring states it; none: the whole purchase) is given
 * back on its licences at `chargedAt` (decision 107). The first chargeback of a purchase is kept; another (a second
 * dispute, a resend under a new event id) changes nothing.
 */
export async function recordChargeback(
  db: Queryable,
  chargeback: { providerOrderId: string; reason: string; amount: number | null; currency: string; chargedAt: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO provider_chargeback (provider_order_id, reason, amount, currency, charged_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT DO NOTHING`,
    [chargeback.providerOrderId, chargeback.reason, chargeback.amount, chargeback.currency, chargeback.chargedAt],
  );
}

/** Adds to what a purchase's chargeback has given back (a paid transfer's fee, decision 107). */
export async function addToChargebackGivenBack(db: Queryable, providerOrderId: string, amount: string): Promise<void> {
  await db.query('UPDATE provider_chargeback SET given_back = given_back + $2::numeric WHERE provider_order_id = $1', [
    providerOrderId,
    amount,
  ]);
}

/**
 * Spends the paying browser's claim on a purchase of the last hour (decision 060): answers the payer's address, or
 * undefined when the claim does not match, was spent, or the hour is over. One statement, so a claim works once.
 */
export async function useAccountClaim(db: Queryable, options: { providerOrderId: string; claimHash: string }): Promise<string | undefined> {
  const { rows } = await db.query<{ buyer_email: string }>(
    `UPDATE provider_order SET account_claim_hash = NULL
      WHERE provider_order_id = $1 AND account_claim_hash = $2 AND completed_at > now() - interval '1 hour' AND buyer_email <> ''
      RETURNING buyer_email`,
    [options.providerOrderId, options.claimHash],
  );
  return rows[0]?.buyer_email;
}

/** A purchase received in the last hour, by the provider's order id: its reference, addresses and item paths. */
export async function findRecentProviderOrder(
  db: Queryable,
  providerOrderId: string,
): Promise<{ reference: string; buyer_email: string; recipient_email: string; products: string[] } | undefined> {
  const { rows } = await db.query<{ reference: string; buyer_email: string; recipient_email: string; products: string[] }>(
    `SELECT reference, buyer_email, recipient_email, ARRAY(SELECT item->>'product' FROM jsonb_array_elements(items) item) AS products
       FROM provider_order WHERE provider_order_id = $1 AND completed_at > now() - interval '1 hour'`,
    [providerOrderId],
  );
  return rows[0];
}

/**
 * Locks a purchase (the provider's order id) for the caller's transaction: its order and its returns are taken one
 * at a time, each seeing what the other committed (a return never misses licences issued at the same moment, nor an
 * order a return that waits for it); deliveries of one return under several event ids wait on each other too.
 */
export async function lockPurchase(db: Queryable, providerOrderId: string): Promise<void> {
  await db.query({
    name: 'provider-purchase-lock',
    text: `SELECT pg_advisory_xact_lock(hashtextextended('provider-purchase:' || $1, 0))`,
    values: [providerOrderId],
  });
}

/** Accepts an event that could not be acted on into the administrator's "needs attention" list. */
export async function markWebhookEventAttention(db: Queryable, id: string, reason: string): Promise<void> {
  await db.query('UPDATE webhook_event SET processed_at = now(), error = $2, attention = $2, resolved_at = NULL WHERE id = $1', [
    id,
    reason.slice(0, 2000),
  ]);
}

/** Returns of a purchase that came before it and wait in the "needs attention" list. */
export async function findWaitingReturnsOfOrder(db: Queryable, providerOrderId: string): Promise<WebhookEvent[]> {
  const { rows } = await db.query<{ payload: WebhookEvent }>(
    `SELECT payload FROM webhook_event
      WHERE type = 'return.created' AND attention IS NOT NULL AND resolved_at IS NULL
        AND coalesce(payload->'data'->'original'->>'id', payload->'data'->'original'->>'order') = $1
      ORDER BY received_at FOR UPDATE`,
    [providerOrderId],
  );
  return rows.map((row) => row.payload);
}

/** Settles an event of the "needs attention" list: resolved by whom, with what became of it. */
export async function resolveWebhookEvent(db: Queryable, id: string, options: { by: string; note: string | null }): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE webhook_event SET processed_at = coalesce(processed_at, now()), resolved_at = now(), resolved_by = $2, error = $3 WHERE id = $1',
    [id, options.by, options.note],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * Takes an address off the purchases it paid for or received (an erased person's, decision 040): the buyer's and
 * the recipient's address where it is theirs, and the invoice link of what they paid (FastSpring's invoice names the
 * buyer). What was bought, for how much and when stays. Answers how many purchases changed.
 *
 * The address is compared by its canonical form (decision 030): the buyer's stored one, and the recipient's computed
 * here for the purchases whose recipient has the address in lower case (a recipient spelled with a punycode domain or
 * a decomposed accent is not among them; decision 082).
 */
export async function forgetAddressOnProviderOrders(db: Queryable, email: string): Promise<number> {
  const canonical = canonicalEmail(email);
  if (canonical === undefined) return 0;
  const { rows } = await db.query<{ provider_order_id: string; recipient_email: string }>(
    `SELECT provider_order_id, recipient_email FROM provider_order WHERE recipient_email <> '' AND lower(recipient_email) = lower($1)`,
    [email],
  );
  const received = rows.filter((row) => canonicalEmail(row.recipient_email) === canonical).map((row) => row.provider_order_id);
  const result = await db.query(
    `UPDATE provider_order SET buyer_email = CASE WHEN is_buyer THEN '' ELSE buyer_email END,
                               invoice_url = CASE WHEN is_buyer THEN '' ELSE invoice_url END,
                               buyer_email_canonical = CASE WHEN is_buyer THEN NULL ELSE buyer_email_canonical END,
                               recipient_email = CASE WHEN is_recipient THEN '' ELSE recipient_email END
       FROM (SELECT provider_order_id AS id, buyer_email_canonical IS NOT DISTINCT FROM $1 AS is_buyer,
                    provider_order_id = ANY($2::text[]) AS is_recipient
               FROM provider_order WHERE buyer_email_canonical = $1 OR provider_order_id = ANY($2::text[])) AS matched
      WHERE provider_order.provider_order_id = matched.id`,
    [canonical, received],
  );
  return result.rowCount ?? 0;
}

/** Who paid a purchase and its reference, for the refund mail (undefined: the purchase was never recorded). */
export async function findPayerOfPurchase(
  db: Queryable,
  providerOrderId: string,
): Promise<{ buyer_email: string | null; reference: string | null; currency: string | null } | undefined> {
  const { rows } = await db.query<{ buyer_email: string | null; reference: string | null; currency: string | null }>(
    'SELECT buyer_email, reference, currency FROM provider_order WHERE provider_order_id = $1',
    [providerOrderId],
  );
  return rows[0];
}
