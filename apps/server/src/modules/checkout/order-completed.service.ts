import { LICENSE_TRANSFER_PRODUCT } from '@store/contracts/constants';
import { isAcceptedEmail, isSameEmail } from '@store/contracts/email-address';
import { normalizeProductPath } from '@store/contracts/product-path';
import type { PoolClient } from 'pg';
import type { Config } from '../../config.js';
import { sumAmounts } from '../../lib/money.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { siteUrlOf } from '../../mail/customer-templates.js';
import { enqueueMail } from '../../mail/outbox.js';
import { orderConfirmationMail, type LicenceOfMail } from '../../mail/licence-mails.js';
import { giftReceiptMail, unknownProductMail } from '../../mail/templates.js';
import { signInLinkFor } from '../auth/index.js';
import { orderLicenceItemsOf, orderLinesOf } from './bundle-items.js';
import { useLoyaltyCode } from './loyalty.service.js';
import { accountClaimHashOf } from './purchase-account.service.js';
import { checkOfferOfOrder, markLicenceBoughtThroughOffer, markLicencesBoughtThroughBundleQuote } from '../offer/index.js';
import { issueOrder } from '../order/index.js';
import { fillPersonDetails, findOrCreatePersonByEmail } from '../person/index.js';
import { findProductByName, findProductByPath, type ProductRow } from '../product/index.js';
import { completeTransferFromWebhook } from '../transfer/index.js';
import type { OrderCompletedData } from './webhook-payload.js';
import { recordProviderOrder } from './provider-order.repository.js';

/** More units than any real order of plug-ins has: refused rather than signing thousands of keys. */
const MAX_LICENCES_PER_ORDER = 1000;

/** An order that a retry cannot fix (thrown before anything is written): it goes to the "needs attention" list. */
export class OrderNeedsAttention extends Error {}

export type OrderCompletedResult = { createdOrderIds: number[]; problems: string[]; unknownPaths: string[] };

/** The order's lines (bundles once each) with the product each names, for a quote's check. */
async function orderLinesOfProducts(client: PoolClient, items: OrderCompletedData['items'], products: ReadonlyMap<string, ProductRow>) {
  const lines = await orderLinesOf(client, items);
  const productOf = async (path: string) => products.get(path) ?? (await findProductByPath(client, path));
  const withProducts = await Promise.all(lines.map(async (line) => ({ ...line, product: await productOf(line.path) })));
  return withProducts.flatMap(({ product, quantity, paid }) => (product ? [{ productId: product.id, quantity, paid }] : []));
}

/** The order's currency as an ISO 4217 code in capitals; null when it sent none. */
function currencyOf(data: OrderCompletedData): string | null {
  const code = data.currency?.trim().toUpperCase() ?? '';
  return /^[A-Z]{3}$/.test(code) ? code : null;
}

/** A paid transfer's fee: what its `licensetransfer` items state, in the order's currency (none stated: no fee). */
function transferFeeOf(data: OrderCompletedData, currency: string | null): { amount: string; currency: string } | undefined {
  const amounts = data.items
    .filter((item) => normalizeProductPath(item.product) === LICENSE_TRANSFER_PRODUCT)
    .flatMap((item) => (typeof item.subtotal === 'number' ? [item.subtotal] : []));
  return currency !== null && amounts.length > 0 ? { amount: sumAmounts(amounts, currency), currency } : undefined;
}

const customerOf = (data: OrderCompletedData) => {
  const account = typeof data.account === 'object' ? data.account : undefined;
  const contact = data.customer ?? account?.contact ?? undefined;
  const email = contact?.email?.trim() ?? '';
  const name = [contact?.first, contact?.last]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  const country = (data.address?.country ?? account?.country ?? '').trim().slice(0, 100);
  return { email, name: name.slice(0, 200), country };
};

/** A gift's recipient: the first named recipient whose address is not the payer's (none: the payer's own order). */
const recipientOf = (data: OrderCompletedData, payerEmail: string) => {
  for (const entry of data.recipients ?? []) {
    const email = entry.recipient?.email?.trim() ?? '';
    if (!email || isSameEmail(email, payerEmail)) continue;
    const name = [entry.recipient?.first, entry.recipient?.last]
      .map((part) => part?.trim() ?? '')
      .filter(Boolean)
      .join(' ');
    return { email, name: name.slice(0, 200), country: (entry.recipient?.address?.country ?? '').trim().slice(0, 100) };
  }
  return undefined;
};

/**
 * `order.completed` inside the event's transaction: the buyer's person (found or created by email), one licence
 * per unit with serial and key files, and one order confirmation listing the new licences with their key files. The provider's order id plus
 * `{path}#{n}` identifies each licence, so retries and manual resends (new event id, same order) create nothing
 * twice. Each item's product is the one whose FastSpring path it names (decision 026), or the product an
 * administrator mapped its path to. A paid `licensetransfer` hands the order's tags to the transfer module. Unknown
 * product paths are reported as problems (the event's note) and the other items still become licences.
 */
export async function completeOrder(options: {
  client: PoolClient;
  secretBox: SecretBox;
  config: Config;
  data: OrderCompletedData;
  /** An administrator's mapping of unknown paths to product names (the "needs attention" list). */
  productOfPath?: Record<string, string>;
}): Promise<OrderCompletedResult> {
  const { client, secretBox, config, data } = options;
  const payer = customerOf(data);
  if (!payer.email) throw new OrderNeedsAttention(`order ${data.id} has no customer email`);
  // A gift's licences belong to its recipient; the payer gets a receipt naming them.
  const recipient = recipientOf(data, payer.email);
  // An address the store refuses (e.g. user@localhost) fails every retry alike: a person must settle it.
  for (const email of recipient ? [payer.email, recipient.email] : [payer.email]) {
    if (!isAcceptedEmail(email)) throw new OrderNeedsAttention(`order ${data.id}: the email ${email} is not an address the store accepts`);
  }
  const currency = currencyOf(data);
  const items = await orderLicenceItemsOf(client, data.items, currency);
  if (items.length > MAX_LICENCES_PER_ORDER) throw new OrderNeedsAttention(`order ${data.id} has ${items.length} units`);
  // A customer's loyalty code is spent with the order that used it (FastSpring's codes are single-use too).
  for (const code of data.coupons ?? []) await useLoyaltyCode(client, code);
  const result: OrderCompletedResult = { createdOrderIds: [], problems: [], unknownPaths: [] };
  const customer = recipient ?? payer;
  const isTransfer = items.some((item) => item.path === LICENSE_TRANSFER_PRODUCT);
  // The paying browser's claim on the buyer's account: only where the licences are the payer's (decision 060).
  const accountClaimHash = recipient || isTransfer ? null : accountClaimHashOf(data.tags);
  await recordProviderOrder(client, data, { buyerEmail: payer.email, recipientEmail: recipient?.email ?? '', accountClaimHash });

  if (isTransfer) {
    await completeTransferFromWebhook({
      client,
      tags: data.tags ?? undefined,
      providerOrderId: data.id,
      customerEmail: payer.email,
      fee: transferFeeOf(data, currency),
      secretBox,
      config,
    });
  }
  const licenceItems = items.filter((item) => item.path !== LICENSE_TRANSFER_PRODUCT);
  if (licenceItems.length === 0) return result;

  const products = new Map<string, ProductRow>();
  for (const path of new Set(licenceItems.map((item) => item.path))) {
    const mappedName = options.productOfPath?.[path];
    const product = mappedName === undefined ? await findProductByPath(client, path) : await findProductByName(client, mappedName);
    if (product) products.set(path, product);
  }
  const unknownPaths = [...new Set(licenceItems.map((item) => item.path).filter((path) => !products.has(path)))];
  if (unknownPaths.length > 0) {
    result.unknownPaths = unknownPaths;
    result.problems.push(`unknown product path: ${unknownPaths.join(', ')}`);
    // The provider is not asked to retry (it would fail again): a person must settle it.
    const alert = { to: config.SUPPORT_EMAIL, providerOrderId: data.id, customerEmail: customer.email, paths: unknownPaths };
    await enqueueMail(client, unknownProductMail(alert));
  }
  const knownItems = licenceItems.filter((item) => products.has(item.path));
  if (knownItems.length === 0) return result;

  // An order bought at a customer's own price (an upgrade or crossgrade quote) is honoured only as quoted.
  const offer = await checkOfferOfOrder(client, {
    tags: data.tags ?? undefined,
    customerEmail: customer.email,
    currency: data.currency ?? undefined,
    // An item's subtotal is what was paid for it, net of discounts (decision 029); a bundle's, its items' in all.
    lines: await orderLinesOfProducts(client, data.items, products),
  });
  if (offer.kind === 'refused') throw new OrderNeedsAttention(`order ${data.id}: ${offer.problem}`);
  // A bundle bought at a customer's price issues only the products they did not own (decision 054).
  const issuedItems =
    offer.kind === 'bundle'
      ? (await orderLicenceItemsOf(client, data.items, currency, { bundlePath: offer.bundlePath, paths: offer.ownedPaths })).filter(
          (item) => products.has(item.path),
        )
      : knownItems;

  const person = await findOrCreatePersonByEmail(client, customer);
  if ((!person.name && customer.name) || (!person.country && customer.country)) await fillPersonDetails(client, person.id, customer);
  const owner = { email: person.email, name: person.name || customer.name };
  // The sale's country is the payer's (a gift's recipient may live elsewhere); without one, the owner's.
  const country = /^[a-z]{2}$/i.test(payer.country) ? payer.country.toUpperCase() : null;
  const mailed: LicenceOfMail[] = [];
  for (const item of issuedItems) {
    const product = products.get(item.path)!;
    const issued = await issueOrder({
      client,
      secretBox,
      supportEmail: config.SUPPORT_EMAIL,
      product,
      owner,
      order: {
        productId: product.id,
        personId: person.id,
        source: 'purchase',
        providerOrderId: data.id,
        providerItem: item.providerItem,
        providerReference: data.reference ?? undefined,
        amount: item.amount,
        currency: item.amount === null ? null : currency,
        country,
      },
    });
    if (!issued) continue;
    if (offer.kind === 'offer' && product.id === offer.targetProductId) await markLicenceBoughtThroughOffer(client, issued.order.id, offer);
    if (offer.kind === 'bundle') await markLicencesBoughtThroughBundleQuote(client, [issued.order.id], offer.quoteId);
    result.createdOrderIds.push(issued.order.id);
    mailed.push({ productName: product.name, useRsa2048: product.use_rsa_2048, order: issued.order });
  }
  if (mailed.length > 0) {
    const confirmation = { to: owner.email, ownerName: owner.name, orderReference: data.reference ?? data.id, licences: mailed };
    const signIn = await signInLinkFor(client, { email: owner.email, purpose: 'purchase', siteUrl: siteUrlOf(config) });
    await enqueueMail(client, orderConfirmationMail({ ...confirmation, siteUrl: siteUrlOf(config), signIn }));
    if (recipient) {
      const receipt = { to: payer.email, payerName: payer.name, recipientName: owner.name, recipientEmail: owner.email };
      const products = mailed.map((licence) => licence.productName);
      await enqueueMail(
        client,
        giftReceiptMail({ ...receipt, orderReference: data.reference ?? data.id, products, siteUrl: siteUrlOf(config) }),
      );
    }
  }
  return result;
}
