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
