import type { CustomerOrder, LicencePurchase, PurchaseStatus } from '@store/contracts/customer-order';
import { LICENSE_TRANSFER_PRODUCT } from '@store/contracts/constants';
import { canonicalEmail, isSameEmail } from '@store/contracts/email-address';
import type { Queryable } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { CustomerCaller } from '../auth/index.js';
import { findPersonOfLogin } from '../licence/index.js';
import { findPersonsByIds } from '../person/index.js';
import { findProductByPath } from '../product/index.js';
import { findPurchaseOfLicence, findPurchasesOfPerson } from './customer-orders.repository.js';
import { findRecentProviderOrder } from './provider-order.repository.js';
import { bundlePathOfLicenceItem, purchaseLinesOf } from './purchase-items.js';
import { listBundleItemsOfPurchase } from './webhook.repository.js';

const toAmount = (value: string | number | null | undefined) => (value === null || value === undefined ? null : Number(value));

/**
 * A purchase's date: when it was first recorded, or its first licence's date when earlier (a licence is dated when
 * the order was paid, decision 106; a purchase processed late was recorded later).
 */
const purchaseDateOf = (purchase: { completed_at: Date | null; first_licence_at: Date | null }): Date => {
  const dates = [purchase.completed_at, purchase.first_licence_at].filter((date): date is Date => date !== null);
  return dates.length > 0 ? new Date(Math.min(...dates.map((date) => date.getTime()))) : new Date(0);
};

/** What a customer reads for each product path of their orders: the product's name, "Licence transfer" for the fee. */
async function namesOfPaths(db: Queryable, paths: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const path of new Set(paths)) {
    if (path === LICENSE_TRANSFER_PRODUCT) names.set(path, 'Licence transfer');
    else names.set(path, (await findProductByPath(db, path))?.name ?? path);
  }
  return names;
}

/**
 * The caller's purchases grouped by the provider's order, newest first: items with amounts, currency, tax, total
 * and invoice (for the payer only), the caller's licences of it, its refunds and the transfers of those licences.
 * A login that has not proven its address (no person) has none.
 */
export async function listCustomerOrders(options: { db: Queryable; caller: CustomerCaller }): Promise<CustomerOrder[]> {
  const person = await findPersonOfLogin(options.db, options.caller);
  return person ? listPurchasesOfPerson({ db: options.db, person }) : [];
}

/** The person's purchases as the customer area lists them (also the customer's data export, decision 040). */
export async function listPurchasesOfPerson(options: { db: Queryable; person: { id: number; email: string } }): Promise<CustomerOrder[]> {
  const { person } = options;
  const found = await findPurchasesOfPerson(options.db, { id: person.id, emailCanonical: canonicalEmail(person.email) ?? null });
  const linesOfPurchase = new Map(
    found.purchases.map((purchase) => {
      const bundlePaths = new Set(
        found.licences
          .filter((licence) => licence.provider_order_id === purchase.provider_order_id)
          .flatMap((licence) => bundlePathOfLicenceItem(licence.provider_item) ?? []),
      );
      return [purchase.provider_order_id, purchase.items ? purchaseLinesOf(purchase.items, bundlePaths) : null];
    }),
  );
  const names = await namesOfPaths(
    options.db,
    [...linesOfPurchase.values()].flatMap((lines) => (lines ?? []).map((line) => line.product)),
  );
  // The new owners of licences the caller transferred away: named as the caller typed them in the transfer.
  const newOwnerIds = found.transfers.flatMap((transfer) =>
    transfer.from_person_id === person.id && transfer.to_person_id !== null ? [transfer.to_person_id] : [],
  );
  const newOwners = new Map(
    (await findPersonsByIds(options.db, newOwnerIds)).map((owner) => [Number(owner.id), owner.name || owner.email]),
  );
  const orders = found.purchases.map((purchase): CustomerOrder => {
    const licencesOfOrder = found.licences.filter((licence) => licence.provider_order_id === purchase.provider_order_id);
    const mine = licencesOfOrder.filter(
      (licence) => licence.person_id === person.id || found.transfers.some((transfer) => transfer.order_id === licence.id),
    );
    const isPayer = !purchase.buyer_email || isSameEmail(purchase.buyer_email, person.email);
    const hideMoney = !isPayer;
    const lines = linesOfPurchase.get(purchase.provider_order_id);
    const items = lines
      ? lines.map((item) => ({
          product: item.product,
          name: names.get(item.product) ?? item.product,
          isBundle: item.isBundle,
          quantity: item.quantity,
          subtotal: hideMoney ? null : toAmount(item.subtotal),
          discount: hideMoney ? null : toAmount(item.discount),
          tax: hideMoney ? null : toAmount(item.tax),
          total: hideMoney ? null : toAmount(item.total),
        }))
      : [...new Set(licencesOfOrder.map((licence) => licence.product_name))].map((product) => ({
          product,
          name: product,
          isBundle: false,
          quantity: licencesOfOrder.filter((licence) => licence.product_name === product).length,
          subtotal: null,
          discount: null,
          tax: null,
          total: null,
        }));
    return {
      providerOrderId: purchase.provider_order_id,
      reference: purchase.reference ?? '',
      date: purchaseDateOf(purchase).toISOString(),
      isGift: Boolean(purchase.recipient_email),
      isPayer,
      currency: purchase.currency ?? '',
      items,
      subtotal: hideMoney ? null : toAmount(purchase.subtotal),
      discount: hideMoney ? null : toAmount(purchase.discount),
      tax: hideMoney ? null : toAmount(purchase.tax),
      total: hideMoney ? null : toAmount(purchase.total),
      invoiceUrl: hideMoney ? '' : (purchase.invoice_url ?? ''),
      // A licence that moved on (its record now says who holds it, source "transfer") is, for its seller, transferred.
      licences: mine.map((licence) => {
        const bundlePath = bundlePathOfLicenceItem(licence.provider_item);
        return {
          orderId: licence.id,
          productName: licence.product_name,
          state: licence.person_id === person.id ? licence.state : 'transferred',
          ...(bundlePath === null ? {} : { bundlePath }),
        };
      }),
      refunds: found.refunds
        .filter((refund) => refund.provider_order_id === purchase.provider_order_id)
        .map((refund) => ({
          reference: refund.reference,
          date: refund.returned_at.toISOString(),
          isPartial: refund.is_partial,
          currency: refund.currency,
          amount: hideMoney ? null : toAmount(refund.amount),
          revokedLicenceIds: refund.revoked_order_ids.map(Number).filter((id) => mine.some((licence) => licence.id === id)),
        })),
      // The transfers of its licences, and on a transfer's fee order the transfer it paid for.
      transfers: found.transfers
        .filter(
          (transfer) =>
            mine.some((licence) => licence.id === transfer.order_id) || transfer.provider_order_id === purchase.provider_order_id,
        )
        .map((transfer) => {
          const isOut = transfer.to_person_id !== person.id;
          return {
            orderId: transfer.order_id,
            date: transfer.transferred_at.toISOString(),
            direction: isOut ? 'out' : 'in',
            productName: transfer.product_name,
            counterpartName: isOut && transfer.to_person_id !== null ? (newOwners.get(transfer.to_person_id) ?? '') : '',
          };
        }),
    };
  });
  return orders.sort((a, b) => b.date.localeCompare(a.date));
}

/** Staff: the purchase a licence came from, with its money and every refund (partial ones included); 404 for no licence. */
export async function getPurchaseOfLicence(options: { db: Queryable; orderId: number }): Promise<LicencePurchase> {
  const found = await findPurchaseOfLicence(options.db, options.orderId);
  if (found === undefined) throw new AppError('notFound', 'Licence not found');
  if (found === null) return null;
  const { purchase, refunds } = found;
  const bundlePaths = new Set((await listBundleItemsOfPurchase(options.db, purchase.provider_order_id)).keys());
  const lines = purchaseLinesOf(purchase.items ?? [], bundlePaths);
  const names = await namesOfPaths(
    options.db,
    lines.map((item) => item.product),
  );
  return {
    providerOrderId: purchase.provider_order_id,
    reference: purchase.reference ?? '',
    date: purchaseDateOf(purchase).toISOString(),
    buyerEmail: purchase.buyer_email ?? '',
    recipientEmail: purchase.recipient_email ?? '',
    currency: purchase.currency ?? '',
    items: lines.map((item) => ({
      product: item.product,
      name: names.get(item.product) ?? item.product,
      isBundle: item.isBundle,
      quantity: item.quantity,
      subtotal: toAmount(item.subtotal),
      discount: toAmount(item.discount),
      tax: toAmount(item.tax),
      total: toAmount(item.total),
    })),
    subtotal: toAmount(purchase.subtotal),
    discount: toAmount(purchase.discount),
    tax: toAmount(purchase.tax),
    total: toAmount(purchase.total),
    coupons: purchase.coupons,
    invoiceUrl: purchase.invoice_url ?? '',
    refunds: refunds.map((refund) => ({
      reference: refund.reference,
      date: refund.returned_at.toISOString(),
      isPartial: refund.is_partial,
      currency: refund.currency,
      amount: toAmount(refund.amount),
      revokedLicenceIds: refund.revoked_order_ids.map(Number),
    })),
  };
}

/**
 * What the thank-you screen tells a buyer about the purchase just paid (decision 037): its reference and the address
 * the licence mail went to, once the provider's webhook has arrived, for an hour; `pending` before and after.
 * The provider's order id is the key: a random id that only the paying browser was handed (receipts show the reference).
 */
export async function getPurchaseStatus(options: { db: Queryable; providerOrderId: string }): Promise<PurchaseStatus> {
  const purchase = await findRecentProviderOrder(options.db, options.providerOrderId);
  if (!purchase) return { status: 'pending' };
  const isTransfer = purchase.products.includes(LICENSE_TRANSFER_PRODUCT);
  return {
    status: 'completed',
    reference: purchase.reference,
    mailedTo: (isTransfer ? '' : purchase.recipient_email) || purchase.buyer_email,
    isTransfer,
  };
}
