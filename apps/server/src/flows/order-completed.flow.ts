import { LICENSE_TRANSFER_PRODUCT } from '@store/contracts/constants';
import { isAcceptedEmail } from '@store/contracts/email-address';
import type { PoolClient } from 'pg';
import type { Config } from '../config.js';
import type { SecretBox } from '../lib/secret-box.js';
import type { KeyFileSigner } from '../licensing/signing-pool.js';
import { enqueueMailAtCommit } from '../mail/outbox.js';
import { unknownProductMail } from '../mail/templates.js';
import {
  currencyOf,
  lockPurchase,
  orderLicenceItemsOf,
  orderLinesOf,
  orderTimeOf,
  payerOf,
  readOrderCatalogue,
  accountClaimHashOf,
  recipientOf,
  recordProviderOrder,
  revokeLicencesOfChargeback,
  transferFeeOf,
  useLoyaltyCode,
  type LicenceItem,
  type OrderCompletedData,
  type OrderParty,
} from '../modules/checkout/index.js';
import { checkOfferOfOrder } from '../modules/offer/index.js';
import { fillPersonDetails, findOrCreatePersonByEmail } from '../modules/person/index.js';
import { findProductByName, type ProductRow } from '../modules/product/index.js';
import { completeTransferFromWebhook } from '../modules/transfer/index.js';
import { giveBackTransferFeeOfChargeback } from './chargeback-created.flow.js';
import { issueUnits, mailLicences } from './order-completed-units.js';
import { refundRecordedReturnsFlow, settleWaitingReturnsFlow } from './return-created.flow.js';

/** More units than any real order of plug-ins has: refused rather than signing thousands of keys. */
const MAX_LICENCES_PER_ORDER = 1000;

/**
 * What became of an order: it needs a person (a retry cannot fix it: the event is accepted with the reason), or it
 * went through, with the licences it issued, the problems of its items (unknown product paths, which need a person
 * too) and the licences revoked at once by returns taken before them.
 */
export type OrderCompletedResult =
  | { kind: 'needsAttention'; reason: string }
  | {
      kind: 'completed';
      createdOrderIds: number[];
      problems: string[];
      unknownPaths: string[];
      /** Licences issued now and refunded at once for returns taken before them. */
      revokedOrderIds: number[];
      /** Licences issued now and revoked at once for a chargeback taken before them (decision 100). */
      chargedBackOrderIds: number[];
    };

export type FlowOptions = {
  client: PoolClient;
  secretBox: SecretBox;
  config: Config;
  /** Signs the licences' key files off the event loop; without it they are signed on it. */
  signer?: KeyFileSigner;
  data: OrderCompletedData;
  /** The event's `created` (epoch ms): when the order was completed if its data does not say (`changed`). */
  eventCreated?: number;
  /** An administrator's mapping of unknown paths to product names (the "needs attention" list). */
  productOfPath?: Record<string, string>;
};
type OrderCatalogue = Awaited<ReturnType<typeof readOrderCatalogue>>;
type Issued = { createdOrderIds: number[]; problems: string[]; unknownPaths: string[] };

const needsAttention = (reason: string): OrderCompletedResult => ({ kind: 'needsAttention', reason });

/**
 * `order.completed` inside the event's transaction, in the order its steps run: the purchase locked against its own
 * returns; the payer and a gift's recipient read; the loyalty codes spent and the provider's order kept; a paid
 * transfer completed; the items' products found (unknown paths alerted); an upgrade's or bundle's quote checked;
 * the owner's person found or created; one licence per unit issued with serial and key files; the confirmation (and
 * a gift's receipt) mailed, unless the purchase was charged back before; then a chargeback and returns that came
 * before the order carried out on the licences issued now (and the chargeback on a paid transfer's fee). Licences are
 * dated when the order was paid (decision 106). The provider's order id plus
 * `{path}#{n}` identifies each licence, so retries and manual resends (new event id, same order) create nothing
 * twice (decision 026 for paths; decision 063 for this flow). It writes no audit record: an administrator's replay
 * or reconciliation records the event's outcome, in one place (`checkout/webhook-audit.ts`).
 */
export async function completeOrderFlow(options: FlowOptions): Promise<OrderCompletedResult> {
  const { client, config, data } = options;
  await lockPurchase(client, data.id);
  const parties = readParties(data);
  if (typeof parties === 'string') return needsAttention(parties);
  const currency = currencyOf(data);
  // What the items name in the catalogue, read once: the steps below look their products and bundles up in it.
  const catalogue = await readOrderCatalogue(client, data.items);
  const items = orderLicenceItemsOf(catalogue, data.items, currency);
  if (items.length > MAX_LICENCES_PER_ORDER) return needsAttention(`order ${data.id} has ${items.length} units`);
  // A customer's loyalty code is spent with the order that used it (FastSpring's codes are single-use too), noting
  // whether its owner paid (decision 086).
  for (const code of data.coupons ?? []) await useLoyaltyCode(client, code, parties.payer.email);
  const isTransfer = items.some((item) => item.path === LICENSE_TRANSFER_PRODUCT);
  // The paying browser's claim on the buyer's account: only where the licences are the payer's (decision 060).
  const accountClaimHash = parties.recipient || isTransfer ? null : accountClaimHashOf(data.tags);
  const { hasReturnsBefore, chargebackReason } = await recordProviderOrder(client, data, {
    buyerEmail: parties.payer.email,
    recipientEmail: parties.recipient?.email ?? '',
    accountClaimHash,
  });
  // When the customer paid, not when this runs (a retry, the reconciliation, a replay): what was granted for the order
  // is judged then (decisions 084 and 099) and its licences are dated then (decision 106).
  const orderTime = orderTimeOf(data, options.eventCreated);
  if (isTransfer) await completePaidTransfer(options, parties.payer, currency, orderTime);

  const licenceItems = items.filter((item) => item.path !== LICENSE_TRANSFER_PRODUCT);
  // A charged-back purchase's licences are issued (its record stays whole) but not mailed: they are revoked below.
  const delivery = { isMailed: chargebackReason === null, orderTime };
  const issued = await issueLicences(options, catalogue, parties, licenceItems, delivery);
  if (typeof issued === 'string') return needsAttention(issued);
  // A chargeback that came before these licences (their item waited for a mapping, or the order came late) ends them,
  // and gives back their money and a paid transfer's fee (decision 107).
  const chargedBackOrderIds =
    chargebackReason !== null && (issued.createdOrderIds.length > 0 || isTransfer)
      ? await carryOverChargeback(client, { providerOrderId: data.id, reason: chargebackReason, orderIds: issued.createdOrderIds })
      : [];
  // Returns that came before the order (known when it was recorded, under the purchase's lock) are carried out now.
  if (!hasReturnsBefore) return { kind: 'completed', ...issued, revokedOrderIds: [], chargedBackOrderIds };
  await settleWaitingReturnsFlow(client, data.id, config);
  // A return taken before these licences were issued (their item waited for a mapping) applies to them too.
  const revokedOrderIds = issued.createdOrderIds.length > 0 ? await refundRecordedReturnsFlow(client, data.id) : [];
  return { kind: 'completed', ...issued, revokedOrderIds, chargedBackOrderIds };
}

/** A chargeback taken before the order, carried out on the licences issued now and on a paid transfer's fee. */
async function carryOverChargeback(
  client: PoolClient,
  chargeback: { providerOrderId: string; reason: string; orderIds: readonly number[] },
): Promise<number[]> {
  const { orderIds, left } = await revokeLicencesOfChargeback(client, chargeback);
  await giveBackTransferFeeOfChargeback(client, chargeback.providerOrderId, left);
  return orderIds;
}

/** The payer, and a gift's recipient (who owns its licences); or why a person must settle the order. */
function readParties(data: OrderCompletedData): { payer: OrderParty; recipient: OrderParty | undefined } | string {
  const payer = payerOf(data);
  if (!payer.email) return `order ${data.id} has no customer email`;
  const recipient = recipientOf(data, payer.email);
  // An address the store refuses (e.g. user@localhost) fails every retry alike: a person must settle it.
  for (const email of recipient ? [payer.email, recipient.email] : [payer.email]) {
    if (!isAcceptedEmail(email)) return `order ${data.id}: the email ${email} is not an address the store accepts`;
  }
  return { payer, recipient };
}

/**
 * A paid `licensetransfer`: the order's tags, fee and time go to the transfer module (its token is judged at the
 * order's time, not when a retry, reconciliation or replay processes it: decision 084).
 */
async function completePaidTransfer(options: FlowOptions, payer: OrderParty, currency: string | null, orderTime: Date): Promise<void> {
  const { client, secretBox, config, data } = options;
  const fee = transferFeeOf(data, currency);
  await completeTransferFromWebhook({
    client,
    tags: data.tags ?? undefined,
    providerOrderId: data.id,
    customerEmail: payer.email,
    fee,
    orderTime,
    secretBox,
    config,
  });
}

/**
 * The licence items' products, their quote checked, one licence per unit issued and mailed. Unknown product paths
 * are reported as problems (the event's note) and the other items still become licences; a refused quote is why a
 * person must settle the order.
 */
async function issueLicences(
  options: FlowOptions,
  catalogue: OrderCatalogue,
  parties: { payer: OrderParty; recipient: OrderParty | undefined },
  licenceItems: readonly LicenceItem[],
  delivery: { isMailed: boolean; orderTime: Date },
): Promise<Issued | string> {
  const { client, config, data } = options;
  const result: Issued = { createdOrderIds: [], problems: [], unknownPaths: [] };
  if (licenceItems.length === 0) return result;
  const customer = parties.recipient ?? parties.payer;
  const products = await findProductsOfPaths(client, catalogue, licenceItems, options.productOfPath);
  const unknownPaths = [...new Set(licenceItems.map((item) => item.path).filter((path) => !products.has(path)))];
  if (unknownPaths.length > 0) {
    result.unknownPaths = unknownPaths;
    result.problems.push(`unknown product path: ${unknownPaths.join(', ')}`);
    // The provider is not asked to retry (it would fail again): a person must settle it.
    const alert = { to: config.SUPPORT_EMAIL, providerOrderId: data.id, customerEmail: customer.email, paths: unknownPaths };
    await enqueueMailAtCommit(client, unknownProductMail(alert));
  }
  const knownItems = licenceItems.filter((item) => products.has(item.path));
  if (knownItems.length === 0) return result;

  // An order bought at a customer's own price (an upgrade or crossgrade quote) is honoured only as quoted.
  const offer = await checkOfferOfOrder(client, {
    providerOrderId: data.id,
    tags: data.tags ?? undefined,
    customerEmail: customer.email,
    currency: data.currency ?? undefined,
    orderTime: delivery.orderTime,
    // An item's subtotal is what was paid for it, net of discounts (decision 029); a bundle's, its items' in all.
    lines: orderLinesOfProducts(catalogue, data.items, products),
  });
  if (offer.kind === 'refused') return `order ${data.id}: ${offer.problem}`;
  // A bundle bought at a customer's price issues only the products they did not own (decision 054).
  const issuedItems =
    offer.kind === 'bundle'
      ? orderLicenceItemsOf(catalogue, data.items, currencyOf(data), { bundlePath: offer.bundlePath, paths: offer.ownedPaths }).filter(
          (item) => products.has(item.path),
        )
      : knownItems;

  const person = await findOrCreatePersonByEmail(client, customer);
  if ((!person.name && customer.name) || (!person.country && customer.country)) await fillPersonDetails(client, person.id, customer);
  const owner = { personId: person.id, email: person.email, name: person.name || customer.name };
  const units = { owner, payer: parties.payer, products, offer, items: issuedItems, orderTime: delivery.orderTime };
  const mailed = await issueUnits(options, units);
  result.createdOrderIds.push(...mailed.map((licence) => licence.order.id));
  if (mailed.length > 0 && delivery.isMailed) {
    await mailLicences(options, { owner, payer: parties.payer, isGift: parties.recipient !== undefined, mailed });
  }
  return result;
}

/** Each item's product: the one whose FastSpring path it names (decision 026), or the one an administrator mapped it to. */
async function findProductsOfPaths(
  client: PoolClient,
  catalogue: OrderCatalogue,
  items: readonly LicenceItem[],
  productOfPath?: Record<string, string>,
) {
  const products = new Map<string, ProductRow>();
  for (const path of new Set(items.map((item) => item.path))) {
    const mappedName = productOfPath?.[path];
    const product = mappedName === undefined ? catalogue.products.get(path) : await findProductByName(client, mappedName);
    if (product) products.set(path, product);
  }
  return products;
}

/** The order's lines (bundles once each) with the product each names, for a quote's check. */
function orderLinesOfProducts(catalogue: OrderCatalogue, items: OrderCompletedData['items'], products: ReadonlyMap<string, ProductRow>) {
  const found: { productId: number; quantity: number; paid: number | undefined }[] = [];
  for (const { path, quantity, paid } of orderLinesOf(catalogue, items)) {
    const product = products.get(path) ?? catalogue.products.get(path);
    if (product) found.push({ productId: product.id, quantity, paid });
  }
  return found;
}
