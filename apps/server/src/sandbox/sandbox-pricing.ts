import { LICENSE_TRANSFER_PRODUCT, LOYALTY_DISCOUNT_PERCENT } from '@store/contracts/constants';
import type { SandboxCart } from './sandbox-cart.js';
import type { CatalogueProduct, CheckoutSettings } from './sandbox.repository.js';

/** The transfer fee (spec: "10$ + VAT"): the stand-in's own item, since no product may have its path (migration 062). */
const TRANSFER_FEE = '10.00';

export type PricedItem = {
  path: string;
  display: string;
  quantity: number;
  isSelected: boolean;
  unitCents: number;
  unitDiscountCents: number;
  discountPercent: number;
};

/** A cart priced by the stand-in: what the data callback shows and what the order webhook carries. */
export type PricedCart = {
  currency: string;
  items: PricedItem[];
  coupons: string[];
  taxRatePercent: number;
  taxType: string;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  taxCents: number;
};

/**
 * Prices the cart like a FastSpring store with net pricing (tax added): product prices from the product table,
 * the stand-in's product discount, and a customer's loyalty code's 15 % (other coupons are ignored silently). Coupon and
 * product discount do not stack (FastSpring's `combine: false`): the larger one applies.
 */
export function priceCart(options: {
  products: CatalogueProduct[];
  settings: CheckoutSettings;
  cart: SandboxCart;
  /** The cart's coupon is a customer's loyalty code not used yet (checked in the database by the caller). */
  isCouponValid: boolean;
}): PricedCart {
  const { settings, cart } = options;
  const isCouponValid = cart.coupon !== '' && options.isCouponValid;
  const couponPercent = isCouponValid ? LOYALTY_DISCOUNT_PERCENT : 0;
  const quantities = new Map(cart.items.map((item) => [item.path, item.quantity]));
  // Each product under its own FastSpring path (decision 026), shown by its name, as a real store is set up.
  const catalogue = [
    ...options.products.map((product) => ({ path: product.path, display: product.name, price: product.price })),
    { path: LICENSE_TRANSFER_PRODUCT, display: 'License Transfer', price: TRANSFER_FEE },
  ];

  const items = catalogue.map((product): PricedItem => {
    const unitCents = Math.round(Number.parseFloat(product.price) * 100) || 0;
    const discountPercent = Math.max(settings.discountPercentByPath[product.path] ?? 0, couponPercent);
    const quantity = quantities.get(product.path) ?? 0;
    return {
      path: product.path,
      display: product.display,
      quantity: quantity > 0 ? quantity : 1,
      isSelected: quantity > 0,
      unitCents,
      unitDiscountCents: Math.round((unitCents * discountPercent) / 100),
      discountPercent,
    };
  });
  const selected = items.filter((item) => item.isSelected);
  const subtotalCents = sum(selected.map((item) => item.unitCents * item.quantity));
  const discountCents = sum(selected.map((item) => item.unitDiscountCents * item.quantity));
  const totalCents = subtotalCents - discountCents;
  return {
    currency: settings.currency,
    items,
    coupons: isCouponValid ? [cart.coupon] : [],
    taxRatePercent: settings.taxRatePercent,
    taxType: settings.taxType,
    subtotalCents,
    discountCents,
    totalCents,
    taxCents: Math.round((totalCents * settings.taxRatePercent) / 100),
  };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
