import type { PricedCart, PricedItem } from './sandbox-pricing.js';

/** Formats an amount like FastSpring's display strings ("$29.95"). */
export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${currency} ${(cents / 100).toFixed(2)}`;
  }
}

const toValue = (cents: number) => Math.round(cents) / 100;

/** A money field in both forms: `name` the display string, `nameValue` the number (docs/fastspring-protocol.md §1.4). */
const money = (name: string, cents: number, currency: string) => ({
  [name]: formatMoney(cents, currency),
  [`${name}Value`]: toValue(cents),
});

function builderItem(item: PricedItem, currency: string) {
  const unitPrice = item.unitCents - item.unitDiscountCents;
  return {
    path: item.path,
    pid: item.path,
    product: item.path,
    display: item.display,
    description: { summary: item.display, full: item.display },
    image: null,
    sku: null,
    selected: item.isSelected,
    quantity: item.quantity,
    quantityEditable: true,
    removable: true,
    pricing: { quantity: 'allow' },
    ...money('price', item.unitCents, currency),
    ...money('priceTotal', item.unitCents * item.quantity, currency),
    ...money('unitPrice', unitPrice, currency),
    unitDiscountValue: toValue(item.unitDiscountCents),
    discountPercentValue: item.discountPercent,
    ...money('discountTotal', item.unitDiscountCents * item.quantity, currency),
    ...money('total', unitPrice * item.quantity, currency),
    priceWithoutTax: formatMoney(unitPrice, currency),
    priceValueWithoutTax: toValue(unitPrice),
    priceWithoutTaxAndDiscounts: formatMoney(item.unitCents, currency),
    priceValueWithoutTaxAndDiscounts: toValue(item.unitCents),
    autoRenew: false,
    bundle: item.parts.length > 0,
    productFormat: 'digital',
    attributes: {},
    subscription: null,
    groups: [],
  };
}

/**
 * The object the stand-in hands to the data callback, in the real builder's shape: the catalogue as one group
 * whose items are `selected` when in the cart, every amount as display string and `…Value` number, totals and
 * tax fields. `serial` and `expires` are absent, as after the real script removed them.
 */
export function toBuilderData(cart: PricedCart, options: { country?: string; language?: string }) {
  const { currency } = cart;
  const hasSelections = cart.items.some((item) => item.isSelected);
  const discountPercent = cart.subtotalCents > 0 ? Math.round((cart.discountCents / cart.subtotalCents) * 100) : 0;
  return {
    currency,
    country: options.country ?? 'US',
    language: options.language ?? 'en',
    groups: [
      {
        display: 'Products',
        driver: 'sandbox',
        driverType: 'storefront',
        type: 'add',
        required: false,
        selections: hasSelections,
        items: cart.items.map((item) => builderItem(item, currency)),
      },
    ],
    coupons: cart.coupons,
    selections: hasSelections,
    ...money('subtotal', cart.subtotalCents, currency),
    ...money('originalTotal', cart.subtotalCents, currency),
    ...money('discountTotal', cart.discountCents, currency),
    discountTotalPercent: `${discountPercent}%`,
    discountTotalPercentValue: discountPercent,
    ...money('total', cart.totalCents, currency),
    ...money('tax', cart.taxCents, currency),
    ...money('totalWithTax', cart.totalCents + cart.taxCents, currency),
    taxRate: `${cart.taxRatePercent}%`,
    taxType: cart.taxType,
    taxPriceType: 'added',
    storeTaxPriceMode: 'NET_PRICING',
    taxExempt: false,
    taxExemptionAllowed: false,
    taxExemptionIdApplied: false,
    ...money('shippingCost', 0, currency),
    fields: [],
    payments: [],
    availablePaymentMethods: ['card'],
    gift: false,
    includesPhysicalGoods: false,
    allCrossSells: [],
    messages: [],
    creationTime: Date.now(),
  };
}
