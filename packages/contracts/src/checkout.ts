import { z } from 'zod';

/** One item of the checkout catalogue from the data callback (§3). */
export const catalogueItem = z.object({
  path: z.string(),
  display: z.string().optional(),
  selected: z.boolean(),
  quantity: z.number().optional(),
  priceValueWithoutTax: z.number(),
  priceValueWithoutTaxAndDiscounts: z.number(),
  discountPercentValue: z.number(),
});
export type CatalogueItem = z.infer<typeof catalogueItem>;

/** The data callback's payload: catalogue groups and the cart's totals (§3). */
export const checkoutData = z.object({
  currency: z.string(),
  groups: z.array(z.object({ items: z.array(catalogueItem) })),
  taxValue: z.number().optional(),
  taxRate: z.string().optional(),
  taxType: z.string().optional(),
  totalValue: z.number().optional(),
});
export type CheckoutData = z.infer<typeof checkoutData>;

/** POST /fastspring/loyaltycoupon: a coupon code, or empty. */
export const loyaltyCouponResponse = z.string();

/** POST /product/support/ */
export const supportRequest = z.object({
  email: z.string().trim().min(1).max(254),
  productName: z.string().trim().min(4, 'Name too short').max(200),
  operatingSystem: z.string().trim().min(4, 'Name too short').max(500),
  problemDescription: z.string().trim().min(20, 'Name too short').max(20000),
});
export type SupportRequest = z.infer<typeof supportRequest>;
/** Its answer: done, and the request's number, which the confirmation and the acknowledgement mail show. */
export const supportRequestResponse = z.object({ ok: z.literal(true), requestId: z.number().int() });

/** The cart's extra totals the data callback carries besides §3's fields (docs/fastspring-protocol.md §1.4). */
export const checkoutCart = checkoutData.extend({
  coupons: z.array(z.string()).optional(),
  totalWithTaxValue: z.number().optional(),
});
export type CheckoutCart = z.infer<typeof checkoutCart>;

/** One product line of a checkout push: quantity null takes the product's default, 0 removes it (docs/fastspring-protocol.md §1.3). */
export const checkoutProduct = z.object({ path: z.string(), quantity: z.number().int().min(0).nullable() });
export type CheckoutProduct = z.infer<typeof checkoutProduct>;

/** The session object pushed to the checkout script (`fastspring.builder.push`, docs/fastspring-protocol.md §1.3). */
export const checkoutSession = z.object({
  reset: z.boolean().optional(),
  products: z.array(checkoutProduct).optional(),
  coupon: z.string().optional(),
  tags: z.record(z.string(), z.string()).optional(),
  /** Pre-fills the buyer's details in the checkout (FastSpring's `paymentContact`, docs/fastspring-protocol.md §1.3). */
  paymentContact: z.object({ email: z.string(), firstName: z.string(), lastName: z.string() }).partial().optional(),
  checkout: z.boolean().optional(),
});
export type CheckoutSession = z.infer<typeof checkoutSession>;

/** What the popup-closed callback receives: the order's ids after a purchase, else null (docs/fastspring-protocol.md §1.5). */
export const popupClosedReference = z.object({ id: z.string().optional(), reference: z.string().optional() }).nullable();
export type PopupClosedReference = z.infer<typeof popupClosedReference>;
