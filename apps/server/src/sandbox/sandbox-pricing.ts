import { LICENSE_TRANSFER_PRODUCT, LOYALTY_DISCOUNT_PERCENT } from '@store/contracts/constants';
import type { SandboxCart } from './sandbox-cart.js';
import type { CatalogueProduct, CheckoutSettings } from './sandbox.repository.js';
import { taxOf, taxRuleFor, type TaxRule } from './sandbox-tax.js';

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
  /** A bundle's products (decision 054), each under its path with its name; empty for any other product. */
  parts: { path: string; display: string }[];
};

/** A cart priced by the stand-in: what the data callback shows and what the order webhook carries. */
export type PricedCart = {
  currency: string;
  items: PricedItem[];
  coupons: string[];
  /** The buyer's country and its tax rule (sandbox-tax.ts): the store's settings while no country is known. */
  tax: TaxRule;
  taxRatePercent: number;
  taxType: string;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  taxCents: number;
};

/**
 * Prices the cart like a FastSpring store with net pricing (tax added): product prices from the product table, or
 * the item's own price from a secure session (decision 036), the stand-in's product discount, and a customer's loyalty code's 15 % (other coupons are ignored silently). Coupon and
 * product discount do not stack (FastSpring's `combine: false`): the larger one applies. Tax by the buyer's country
 * (sandbox-tax.ts, decision 061).
 */
export function priceCart(options: {
  products: CatalogueProduct[];
  settings: CheckoutSettings;
  cart: SandboxCart;
  /** The cart's coupon is a customer's loyalty code not used yet (checked in the database by the caller). */
  isCouponValid: boolean;
  /** What each bundle holds: its path → its products' paths (decision 054). */
  bundleContents?: ReadonlyMap<string, readonly string[]>;
  /** The buyer's country, which decides the tax; without it, the store's rate from the settings. */
  country?: string;
}): PricedCart {
  const { settings, cart } = options;
  const isCouponValid = cart.coupon !== '' && options.isCouponValid;
  const couponPercent = isCouponValid ? LOYALTY_DISCOUNT_PERCENT : 0;
  const quantities = new Map(cart.items.map((item) => [item.path, item.quantity]));
  const currency = currencyOf(cart, settings.currency);
  const ownPrices = new Map(
    cart.items.flatMap((item) => (item.price?.[currency] === undefined ? [] : [[item.path, item.price[currency]]])),
  );
  // Each product under its own FastSpring path (decision 026), shown by its name, as a real store is set up.
  const catalogue = [
    ...options.products.map((product) => ({ path: product.path, display: product.name, price: product.price })),
    { path: LICENSE_TRANSFER_PRODUCT, display: 'License Transfer', price: TRANSFER_FEE },
  ];

  const displayOf = new Map(catalogue.map((product) => [product.path, product.display]));
  const items = catalogue.map((product): PricedItem => {
    const ownPrice = ownPrices.get(product.path);
    const unitCents = Math.round((ownPrice ?? Number.parseFloat(product.price)) * 100) || 0;
    // An item's own price is the deal: the stand-in's product discount does not apply to it, a coupon does.
    const productDiscount = ownPrice === undefined ? (settings.discountPercentByPath[product.path] ?? 0) : 0;
    const discountPercent = Math.max(productDiscount, couponPercent);
    const quantity = quantities.get(product.path) ?? 0;
    return {
      path: product.path,
      display: product.display,
      quantity: quantity > 0 ? quantity : 1,
      isSelected: quantity > 0,
      unitCents,
      unitDiscountCents: Math.round((unitCents * discountPercent) / 100),
      discountPercent,
      parts: (options.bundleContents?.get(product.path) ?? []).map((path) => ({ path, display: displayOf.get(path) ?? path })),
    };
  });
  const selected = items.filter((item) => item.isSelected);
  const subtotalCents = sum(selected.map((item) => item.unitCents * item.quantity));
  const discountCents = sum(selected.map((item) => item.unitDiscountCents * item.quantity));
  const totalCents = subtotalCents - discountCents;
  const tax = taxRuleFor(options.country, settings);
  return {
    currency,
    items,
    coupons: isCouponValid ? [cart.coupon] : [],
    tax,
    taxRatePercent: tax.ratePercent,
    taxType: tax.taxType,
    subtotalCents,
    discountCents,
    totalCents,
    taxCents: taxOf(totalCents, tax.ratePercent),
  };
}

/**
 * The order's currency: the store's, unless an item priced by a secure session names only others; then the first
 * currency that item names, as FastSpring charges a buyer whose country pays in it.
 */
function currencyOf(cart: SandboxCart, storeCurrency: string): string {
  const priced = cart.items.filter((item) => item.quantity > 0 && item.price && Object.keys(item.price).length > 0);
  if (priced.every((item) => item.price![storeCurrency] !== undefined)) return storeCurrency;
  return Object.keys(priced.find((item) => item.price![storeCurrency] === undefined)!.price!)[0]!;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
