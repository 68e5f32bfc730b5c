import { randomBytes } from 'node:crypto';
import type { BundleQuote, BundleQuoteRequest, CustomerBundle } from '@store/contracts/bundle';
import { OFFER_QUOTE_TAG } from '@store/contracts/offer';
import type { Config } from '../../config.js';
import type { Db, Queryable } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import type { CustomerCaller } from '../auth/index.js';
import { listBundlesOwnedInPart, priceBundleForPerson } from '../bundle/index.js';
import { findPersonIdOfLogin } from '../licence/index.js';
import { findProductById } from '../product/index.js';
import * as repository from './offer.repository.js';
import { encryptSecurePayload, securePayloadKeyOf } from './secure-payload.js';

/** How long a quoted price can be paid (as an offer's quote). */
const QUOTE_VALID_MINUTES = 120;

/**
 * The bundles the caller owns some of, with their price for the rest (decision 056): what the product page's "Complete
 * your bundle" panel and the customer area show. None for a login that has not proven its address (no person).
 */
export async function listCustomerBundles(options: {
  db: Db;
  caller: CustomerCaller;
  bundleProductId?: number;
}): Promise<CustomerBundle[]> {
  const personId = await findPersonIdOfLogin(options.db, options.caller);
  if (personId === undefined) return [];
  return listBundlesOwnedInPart(options.db, { personId, bundleProductId: options.bundleProductId });
}

/**
 * Quotes the caller's "complete your bundle" price (decision 054), bound to them as an offer's quote is (decision
 * 036): stored with the products they own now, carried by the checkout as a tag, locked in FastSpring's secure
 * payload with a real storefront. The webhook then issues licences only for the products they did not own.
 */
export async function quoteBundle(options: {
  db: Db;
  config: Config;
  caller: CustomerCaller;
  request: BundleQuoteRequest;
}): Promise<BundleQuote> {
  const { db, config, caller, request } = options;
  const personId = await findPersonIdOfLogin(db, caller);
  if (personId === undefined) throw notFound('Bundle not found');
  const priced = await priceBundleForPerson(db, { bundleProductId: request.bundleProductId, personId, currency: request.currency });
  if (!priced || priced.ownedProductIds.length === 0) throw notFound('Bundle not found');
  if (!config.isSandboxOn && !config.FASTSPRING_SECURE_PRIVATE_KEY) throw badRequest('Bundle prices are not available in this shop yet.');
  const quoteId = randomBytes(16).toString('base64url');
  const expiresAt = await repository.insertBundleQuote(db, {
    id: quoteId,
    bundleProductId: request.bundleProductId,
    personId,
    ownedProductIds: priced.ownedProductIds,
    currency: request.currency,
    price: priced.price,
    validMinutes: QUOTE_VALID_MINUTES,
  });
  const session = {
    contact: { email: caller.name },
    items: [{ product: priced.bundlePath, quantity: 1, pricing: { price: { [request.currency]: Number(priced.price) } } }],
    tags: { [OFFER_QUOTE_TAG]: quoteId },
  };
  const secure = config.FASTSPRING_SECURE_PRIVATE_KEY
    ? encryptSecurePayload(session, securePayloadKeyOf(config.FASTSPRING_SECURE_PRIVATE_KEY))
    : null;
  const ownedProductIds = priced.ownedProductIds;
  return { quoteId, expiresAt: expiresAt.toISOString(), currency: request.currency, price: priced.price, session, secure, ownedProductIds };
}

/** What a bundle's quote lets an order do: issue the bundle's licences but those of `ownedPaths`. */
export type BundleOfOrder = { kind: 'bundle'; quoteId: string; bundlePath: string; ownedPaths: string[] };

/**
 * The webhook's check of a bundle's quote (the offer check's steps for a bundle): the quoted customer still owns
 * exactly what they owned when it was quoted, and the order holds the bundle once, paid at least the quoted price in
 * the quoted currency. Answers the problem, or what to issue.
 */
export async function checkBundleQuote(
  client: Queryable,
  quote: repository.QuoteRow & { bundle_product_id: number },
  order: { currency: string | undefined; lines: { productId: number; quantity: number; paid?: number }[] },
): Promise<BundleOfOrder | { problem: string }> {
  const priced = await priceBundleForPerson(client, {
    bundleProductId: quote.bundle_product_id,
    personId: quote.person_id,
    currency: quote.currency,
  });
  const owned = priced?.ownedProductIds ?? [];
  if (!priced || owned.join(',') !== quote.owned_product_ids.join(','))
    return { problem: 'the products the customer owns changed since the quote' };
  const bundleLines = order.lines.filter((line) => line.productId === quote.bundle_product_id);
  if (bundleLines.length !== 1 || bundleLines[0]!.quantity !== 1) return { problem: 'the order does not hold the bundle once' };
  if (order.currency !== undefined && order.currency !== quote.currency)
    return { problem: `paid in ${order.currency}, quoted in ${quote.currency}` };
  const paid = bundleLines[0]!.paid;
  // Half a cent of slack for the provider's rounding of a decimal amount.
  if (paid !== undefined && paid + 0.005 < Number(quote.price)) return { problem: `paid ${paid.toFixed(2)}, quoted ${quote.price}` };
  return { kind: 'bundle', quoteId: quote.id, bundlePath: priced.bundlePath, ownedPaths: priced.ownedPaths };
}

/**
 * What a bundle's quote its order used already bought (the order again): the bundle's licences but those of the
 * products the customer owned when it was quoted (`owned_product_ids`), as the first run issued them; undefined when
 * the bundle's product is gone.
 */
export async function bundleOfUsedQuote(
  client: Queryable,
  quote: repository.QuoteRow & { bundle_product_id: number },
): Promise<BundleOfOrder | undefined> {
  const bundle = await findProductById(client, quote.bundle_product_id);
  if (!bundle) return undefined;
  const ownedPaths: string[] = [];
  for (const productId of quote.owned_product_ids) {
    const product = await findProductById(client, productId);
    if (product) ownedPaths.push(product.path);
  }
  return { kind: 'bundle', quoteId: quote.id, bundlePath: bundle.path, ownedPaths };
}

/** Records on the licences a bundle's quote bought that it was used. */
export const markLicencesBoughtThroughBundleQuote = (client: Queryable, orderIds: readonly number[], quoteId: string) =>
  repository.markLicencesBoughtThroughBundleQuote(client, orderIds, quoteId);
