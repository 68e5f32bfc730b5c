import { randomBytes } from 'node:crypto';
import type { CustomerOffer, Offer, OfferQuote, OfferQuoteRequest, OfferSaveRequest } from '@store/contracts/offer';
import { OFFER_QUOTE_TAG } from '@store/contracts/offer';
import type { Config } from '../../config.js';
import { withTransaction, type Db, type Queryable } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { recordAudit } from '../audit/index.js';
import type { CustomerCaller } from '../auth/index.js';
import { findPersonIdOfLogin } from '../licence/index.js';
import { emitWebhookEvent } from '../outbound-webhook/index.js';
import { findPersonByEmail } from '../person/index.js';
import { isBundleProduct } from '../product/index.js';
import { bindDependencies } from '../../lib/service-object.js';
import { bundleOfUsedQuote, checkBundleQuote, listCustomerBundles, quoteBundle, type BundleOfOrder } from './bundle-quote.service.js';
import * as repository from './offer.repository.js';
import { encryptSecurePayload, securePayloadKeyOf } from './secure-payload.js';

/** How long a quoted price can be paid: long enough to finish a checkout, short enough that prices stay current. */
const QUOTE_VALID_MINUTES = 120;

const toOffer = (row: repository.OfferRow): Offer => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  targetProductId: row.target_product_id,
  sourceProductIds: row.source_product_ids,
  prices: row.prices,
  isActive: row.is_active,
  soldCount: row.sold_count,
});

/** The administrator's list of upgrade paths and crossgrades. */
async function listOffers(options: { db: Db }): Promise<Offer[]> {
  return (await repository.listOffers(options.db)).map(toOffer);
}

/** Creates (id 0) or updates an offer, audited in the same transaction. */
export const OFFER_SOLD_MESSAGE = 'This offer has sold licences, which keep it in their history: untick "Active" instead.';

export const BUNDLE_IN_OFFER_MESSAGE =
  'A bundle cannot be an upgrade or crossgrade: choose one of its products. Owners complete a bundle on its own page.';

async function saveOffer(options: { db: Db; actor: string; offer: OfferSaveRequest }): Promise<Offer> {
  const { offer, actor } = options;
  const productIds = [...new Set([offer.targetProductId, ...offer.sourceProductIds])];
  return withTransaction(options.db, async (client) => {
    if ((await repository.countExistingProducts(client, productIds)) !== productIds.length) throw badRequest('Product not found');
    // A bundle is never given as itself, nor owned as itself (decision 104): an offer names its products.
    for (const productId of productIds) {
      if (await isBundleProduct(client, productId)) throw badRequest(BUNDLE_IN_OFFER_MESSAGE);
    }
    const before = offer.id > 0 ? await repository.findOffer(client, offer.id) : undefined;
    if (offer.id > 0 && !before) throw notFound('Offer not found');
    const fields = {
      kind: offer.kind,
      name: offer.name,
      target_product_id: offer.targetProductId,
      source_product_ids: [...new Set(offer.sourceProductIds)],
      prices: offer.prices,
      is_active: offer.isActive,
    };
    const id = before ? (await repository.updateOffer(client, before.id, fields), before.id) : await repository.insertOffer(client, fields);
    const saved = (await repository.findOffer(client, id))!;
    await recordAudit(client, {
      actor,
      action: before ? 'update' : 'create',
      entity: 'offer',
      entityId: id,
      before: before && toOffer(before),
      after: toOffer(saved),
    });
    return toOffer(saved);
  });
}

/**
 * Deletes an offer that sold nothing. One that sold licences stays, with their history (each upgraded licence names
 * the offer and the licence it used up, decision 113): it is made inactive instead.
 */
async function deleteOffer(options: { db: Db; actor: string; id: number }): Promise<void> {
  await withTransaction(options.db, async (client) => {
    const before = await repository.findOffer(client, options.id);
    if (!before) throw notFound('Offer not found');
    if ((await repository.countLicencesOfOffer(client, options.id)) > 0) throw conflict(OFFER_SOLD_MESSAGE);
    await repository.deleteOffer(client, options.id);
    await recordAudit(client, { actor: options.actor, action: 'delete', entity: 'offer', entityId: options.id, before: toOffer(before) });
  });
}

const toCustomerOffer = (row: repository.EligibleOfferRow): CustomerOffer => ({
  offerId: row.offer_id,
  kind: row.kind,
  name: row.name,
  targetProductId: row.target_product_id,
  targetProductName: row.target_product_name,
  targetProductPath: row.target_product_path,
  normalPrice: row.normal_price,
  prices: row.prices,
  sourceOrderId: row.source_order_id,
  sourceProductName: row.source_product_name,
});

/** The upgrades and crossgrades the caller can buy now (optionally only those selling one product). */
async function listCustomerOffers(options: { db: Db; caller: CustomerCaller; targetProductId?: number }): Promise<CustomerOffer[]> {
  const personId = await findPersonIdOfLogin(options.db, options.caller);
  if (personId === undefined) return [];
  const rows = await repository.listEligibleOffers(options.db, personId, { targetProductId: options.targetProductId });
  return rows.map(toCustomerOffer);
}

/**
 * Quotes the caller's price for one offer on one of their licences, bound to both: the quote is stored, and the
 * checkout session carries its id as a tag and the caller's address as the (locked) contact. With a real storefront
 * the session is FastSpring's encrypted secure payload, so nobody can change its price; the webhook honours the
 * quote only for this customer, this licence, at least this price, once (decision 036).
 */
async function quoteOffer(options: { db: Db; config: Config; caller: CustomerCaller; request: OfferQuoteRequest }): Promise<OfferQuote> {
  const { db, config, caller, request } = options;
  const personId = await findPersonIdOfLogin(db, caller);
  if (personId === undefined) throw notFound('Offer not found');
  const [eligible] = await repository.listEligibleOffers(db, personId, { offerId: request.offerId, sourceOrderId: request.sourceOrderId });
  if (!eligible) throw notFound('Offer not found');
  const price = eligible.prices[request.currency];
  if (price === undefined) throw badRequest(`currency: This offer is not sold in ${request.currency}`);
  const isSecureNeeded = !config.isSandboxOn;
  if (isSecureNeeded && !config.FASTSPRING_SECURE_PRIVATE_KEY) throw badRequest('Upgrade prices are not available in this shop yet.');
  const quoteId = randomBytes(16).toString('base64url');
  const expiresAt = await repository.insertQuote(db, {
    id: quoteId,
    offerId: eligible.offer_id,
    personId,
    sourceOrderId: eligible.source_order_id,
    currency: request.currency,
    price,
    validMinutes: QUOTE_VALID_MINUTES,
  });
  const session = {
    contact: { email: caller.name },
    items: [{ product: eligible.target_product_path, quantity: 1, pricing: { price: { [request.currency]: Number(price) } } }],
    tags: { [OFFER_QUOTE_TAG]: quoteId },
  };
  const secure = config.FASTSPRING_SECURE_PRIVATE_KEY
    ? encryptSecurePayload(session, securePayloadKeyOf(config.FASTSPRING_SECURE_PRIVATE_KEY))
    : null;
  return { quoteId, expiresAt: expiresAt.toISOString(), currency: request.currency, price, session, secure };
}

/** What an order bought through a quote may do: the offer on one licence, or why a person must look at it. */
export type OfferOfOrder =
  | { kind: 'none' }
  | {
      kind: 'offer';
      offerId: number;
      offerKind: 'upgrade' | 'crossgrade';
      quoteId: string;
      sourceOrderId: number;
      sourceProductName: string;
      targetProductId: number;
    }
  | BundleOfOrder
  | { kind: 'refused'; problem: string };

/** An order's item as the check needs it: its product, quantity, and what was paid for it (net of discounts) when known. */
type OrderLine = { productId: number; quantity: number; paid?: number };

/**
 * The webhook's check of an order's quote, in the event's transaction, before anything is written: the quote
 * exists, had not expired when the order was completed (`orderTime`, decision 099) and was not used by another
 * order; the order's customer is the quoted person; the licence it was quoted on is still theirs and active and not
 * used for this offer; the order holds the target once, paid (when the order says what it paid) at least the quoted
 * price in the quoted currency. Anything else is refused: FastSpring
 * took the money, so a person settles it ("needs attention"), as with any order the shop cannot honour. The same
 * provider's order coming again (a resend, the reconciliation's copy, an administrator's replay) used the quote the
 * first time: it is honoured as it was then, unchecked, so that what the first run could not issue is issued now.
 */
export async function checkOfferOfOrder(
  client: Queryable,
  order: {
    providerOrderId: string;
    tags: Record<string, unknown> | undefined;
    customerEmail: string;
    currency: string | undefined;
    /** When the order was completed, as checkout's orderTimeOf judges it: a quote valid then is honoured. */
    orderTime: Date;
    lines: OrderLine[];
  },
): Promise<OfferOfOrder> {
  const quoteId = order.tags?.[OFFER_QUOTE_TAG];
  if (quoteId === undefined) return { kind: 'none' };
  if (typeof quoteId !== 'string') return { kind: 'refused', problem: 'offer quote: not a quote id' };
  const refused = (problem: string): OfferOfOrder => ({ kind: 'refused', problem: `offer quote ${quoteId}: ${problem}` });
  const quote = await repository.findQuoteForUpdate(client, quoteId, order.orderTime);
  if (!quote) return refused('unknown quote');
  const use = await repository.findUseOfQuote(client, quote.id, order.providerOrderId);
  if (use === 'otherOrder') return refused('the quote was used by an earlier order');
  if (use === 'thisOrder') return (await offerOfUsedQuote(client, quote)) ?? refused('unknown quote');
  if (quote.is_expired) return refused('the quote expired');
  const customer = await findPersonByEmail(client, order.customerEmail);
  if (customer?.id !== quote.person_id) return refused('the order was paid by another customer than the quote was made for');
  if (quote.bundle_product_id !== null) {
    const bundle = await checkBundleQuote(client, { ...quote, bundle_product_id: quote.bundle_product_id }, order);
    return 'problem' in bundle ? refused(bundle.problem) : bundle;
  }
  if (quote.offer_id === null || quote.source_order_id === null) return refused('unknown quote');
  const { offer_id: offerId, source_order_id: sourceOrderId } = quote;
  const [eligible] = await repository.listEligibleOffers(client, quote.person_id, { offerId, sourceOrderId });
  if (!eligible) return refused('the licence no longer qualifies (refunded, transferred, already used, or the offer ended)');
  const targetLines = order.lines.filter((line) => line.productId === eligible.target_product_id);
  if (targetLines.length !== 1 || targetLines[0]!.quantity !== 1) return refused('the order does not hold the offered product once');
  if (order.currency !== undefined && order.currency !== quote.currency)
    return refused(`paid in ${order.currency}, quoted in ${quote.currency}`);
  const paid = targetLines[0]!.paid;
  // Half a cent of slack for the provider's rounding of a decimal amount.
  if (paid !== undefined && paid + 0.005 < Number(quote.price)) return refused(`paid ${paid.toFixed(2)}, quoted ${quote.price}`);
  return {
    kind: 'offer',
    offerId,
    offerKind: eligible.kind,
    quoteId: quote.id,
    sourceOrderId,
    sourceProductName: eligible.source_product_name,
    targetProductId: eligible.target_product_id,
  };
}

/**
 * What a quote its order used already bought (the order again): the offer on the licence it was quoted on, or the
 * bundle but the products owned when it was quoted, whatever the customer owns now (they own what it bought).
 */
async function offerOfUsedQuote(client: Queryable, quote: repository.QuoteRow): Promise<OfferOfOrder | undefined> {
  if (quote.bundle_product_id !== null) return bundleOfUsedQuote(client, { ...quote, bundle_product_id: quote.bundle_product_id });
  if (quote.offer_id === null || quote.source_order_id === null) return undefined;
  const offer = await repository.findOfferOnLicence(client, quote.offer_id, quote.source_order_id);
  if (!offer) return undefined;
  return {
    kind: 'offer',
    offerId: quote.offer_id,
    offerKind: offer.kind,
    quoteId: quote.id,
    sourceOrderId: quote.source_order_id,
    sourceProductName: offer.source_product_name,
    targetProductId: offer.target_product_id,
  };
}

/**
 * Records on the licence just issued for an offer what it was bought through, and emits `licence.upgraded` (for a
 * crossgrade too, with its `kind`) in the purchase's transaction.
 */
export async function markLicenceBoughtThroughOffer(
  client: Queryable,
  licence: { id: number; productId: number; productName: string; personId: number; email: string },
  offer: Extract<OfferOfOrder, { kind: 'offer' }>,
): Promise<void> {
  await repository.markLicenceBoughtThroughOffer(client, licence.id, offer);
  await emitWebhookEvent(client, {
    type: 'licence.upgraded',
    data: {
      licenceId: licence.id,
      productId: licence.productId,
      productName: licence.productName,
      upgradedFromLicenceId: offer.sourceOrderId,
      upgradedFromProductName: offer.sourceProductName,
      kind: offer.offerKind,
      offerId: offer.offerId,
      personId: licence.personId,
      email: licence.email,
    },
  });
}

/** The product this licence was upgraded to (an active upgrade), or undefined: an upgraded licence is not sold on alone. */
export const findUpgradeOfLicence = (db: Queryable, orderId: number): Promise<string | undefined> =>
  repository.findUpgradeOfLicence(db, orderId);

/**
 * The offer module's service, built once by `buildApp` with its database and settings (decision 067): the
 * administrator's offers, and a customer's own offers and bundles with their quoted prices.
 */
export const createOfferService = (deps: { db: Db; config: Config }) =>
  bindDependencies(deps, { listOffers, saveOffer, deleteOffer, listCustomerOffers, quoteOffer, listCustomerBundles, quoteBundle });
export type OfferService = ReturnType<typeof createOfferService>;
