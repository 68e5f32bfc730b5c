import { z } from 'zod';
import { orderStates } from './order-list.js';

// GET /api/userinfo/orders: the customer's purchases, grouped by the provider's order (decision 014).

const amount = z.number().nullable();

/** One line of a purchase as the provider sent it (amounts in the purchase's currency, null when not sent). */
export const customerOrderItem = z.object({
  /** The provider's product path, as it sent it. */
  product: z.string(),
  /** What the customer reads: the product's name ("Licence transfer" for the transfer fee; the path when unknown). */
  name: z.string(),
  /** A bundle (decision 054): the line stands for its products' lines too, with their amounts (decision 056). */
  isBundle: z.boolean(),
  quantity: z.number().int(),
  subtotal: amount,
  discount: amount,
  tax: amount,
  total: amount,
});

/** A licence made by the purchase that the caller holds or held. */
export const customerOrderLicence = z.object({
  orderId: z.number().int(),
  productName: z.string(),
  state: z.enum(orderStates),
  /** The path of the bundle (an item's `product`) the licence was issued as part of; absent for a product bought alone. */
  bundlePath: z.string().optional(),
});

/** A refund of the purchase: partial (an amount, the licences kept) or of whole units. */
export const customerOrderRefund = z.object({
  reference: z.string(),
  date: z.string(),
  isPartial: z.boolean(),
  currency: z.string(),
  amount: amount,
  revokedLicenceIds: z.array(z.number().int()),
});

/** A transfer of one of the purchase's licences: to the caller (in) or away from the caller (out). */
export const customerOrderTransfer = z.object({
  orderId: z.number().int(),
  date: z.string(),
  direction: z.enum(['in', 'out']),
  /** The licence's product. */
  productName: z.string(),
  /** The new owner's name (or address) on a transfer away, which the caller typed; empty on a transfer to the caller. */
  counterpartName: z.string(),
});

/**
 * One purchase. Money (amounts, tax, total, invoice) is shown to its payer only: `isPayer` false for a gift's
 * recipient, whose amounts are null and invoice empty. `isGift` when the payer and the licence owner differ.
 */
export const customerOrder = z.object({
  providerOrderId: z.string(),
  reference: z.string(),
  date: z.string(),
  isGift: z.boolean(),
  isPayer: z.boolean(),
  currency: z.string(),
  items: z.array(customerOrderItem),
  subtotal: amount,
  discount: amount,
  tax: amount,
  total: amount,
  invoiceUrl: z.string(),
  licences: z.array(customerOrderLicence),
  refunds: z.array(customerOrderRefund),
  transfers: z.array(customerOrderTransfer),
});
export type CustomerOrder = z.infer<typeof customerOrder>;

/** The caller's purchases, newest first. */
export const customerOrderList = z.array(customerOrder);

/** GET /order/:id/purchase (staff): the provider's purchase a licence came from, with all its money and refunds. */
export const licencePurchase = z
  .object({
    providerOrderId: z.string(),
    reference: z.string(),
    date: z.string(),
    buyerEmail: z.string(),
    recipientEmail: z.string(),
    currency: z.string(),
    items: z.array(customerOrderItem),
    subtotal: amount,
    discount: amount,
    tax: amount,
    total: amount,
    coupons: z.array(z.string()),
    invoiceUrl: z.string(),
    refunds: z.array(customerOrderRefund),
  })
  .nullable();
export type LicencePurchase = z.infer<typeof licencePurchase>;

/**
 * GET /fastspring/purchase/{id}: what the thank-you screen says about a purchase the browser has just paid, by the
 * provider's order id that the popup-closed callback hands it (decision 037). `pending` until the provider's
 * webhook has arrived (and for any id the server does not know, or knew more than an hour ago).
 */
/** The provider's order id in the path. */
export const purchaseStatusParams = z.object({ id: z.string().min(1).max(100) });

export const purchaseStatus = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending') }),
  z.object({
    status: z.literal('completed'),
    reference: z.string(),
    /** The address the licence mail went to: a gift's recipient, else the payer (a transfer's payer: the previous owner). */
    mailedTo: z.string(),
    /** The purchase paid a licence transfer: the licence moves to the new owner, who gets its keys by mail. */
    isTransfer: z.boolean(),
  }),
]);
export type PurchaseStatus = z.infer<typeof purchaseStatus>;

/** POST /fastspring/purchase/{id}/account: the claim the browser kept (64 hex characters: 32 random bytes). */
export const purchaseAccountRequest = z.object({ claim: z.string().regex(/^[0-9a-f]{64}$/) });

/**
 * Where the buyer signs in: `setPassword` (no login yet) or `confirm` (a login whose address is unproven) open the
 * single-use link that sets a password; `signIn` (a proven login) is the login page.
 */
export const purchaseAccountResponse = z.object({ kind: z.enum(['signIn', 'setPassword', 'confirm']), path: z.string() });
export type PurchaseAccountResponse = z.infer<typeof purchaseAccountResponse>;

/** The answer to a claim that is wrong, used, or older than the purchase's hour. */
export const PURCHASE_ACCOUNT_UNAVAILABLE = 'This offer has expired. Use the link "Sign in to your account" in your mail.';
