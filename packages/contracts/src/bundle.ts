import { z } from 'zod';
import { currencyCode, offerPrices, offerQuote, parsePriceLines } from './offer.js';
import { productPathField } from './product.js';

// Bundles and "complete your bundle" (decision 054).

/** A customer's request for their price of a bundle. */
export const bundleQuoteRequest = z.object({ bundleProductId: z.number().int().positive(), currency: currencyCode.default('USD') });
export type BundleQuoteRequest = z.infer<typeof bundleQuoteRequest>;

/** The quoted checkout of a bundle: as an offer's, with the products the customer owned (no licence of them is issued). */
export const bundleQuote = offerQuote.extend({ ownedProductIds: z.array(z.number().int()) });
export type BundleQuote = z.infer<typeof bundleQuote>;

/** A bundle as the administrator edits it: the product sold as the bundle, what it holds, its "complete" rule. */
export const bundle = z.object({
  bundleProductId: z.number().int(),
  /** The bundle product's name and FastSpring path (decision 057). */
  name: z.string(),
  path: z.string(),
  partProductIds: z.array(z.number().int()),
  rule: z.enum(['share', 'fixed']),
  /** The whole bundle's price per currency. */
  prices: z.record(z.string(), z.string()),
  /** 'fixed': per count owned ("1", "2"…), the price per currency. */
  ownedPrices: z.record(z.string(), z.record(z.string(), z.string())),
});
export type Bundle = z.infer<typeof bundle>;
export const bundleList = z.array(bundle);

/**
 * POST /api/bundle/: sets a product's contents and rule (making it a bundle). The BUNDLES screen also names the
 * bundle product and sets its path (decision 057): `bundleProductId` 0 creates that product with `name` (required
 * then) and `path` (derived from the name when left out); left out on an existing bundle, both stay.
 */
export const bundleSaveRequest = z.object({
  bundleProductId: z.number().int().nonnegative(),
  name: z.string().trim().min(1, 'Name is required').max(100).optional(),
  path: productPathField.optional(),
  partProductIds: z.array(z.number().int().positive()).min(2, 'A bundle holds at least two products').max(50),
  rule: z.enum(['share', 'fixed']).default('share'),
  prices: offerPrices,
  ownedPrices: z.record(z.string().regex(/^[1-9]\d?$/, 'A count owned is a number'), offerPrices).default({}),
});
export type BundleSaveRequest = z.infer<typeof bundleSaveRequest>;

/**
 * GET /api/userinfo/bundles: a bundle the logged-in customer owns some of (decision 056): what it holds and which of it
 * they own, its whole price and theirs per currency (none when they own all of it).
 */
export const customerBundle = z.object({
  bundleProductId: z.number().int(),
  bundleName: z.string(),
  bundlePath: z.string(),
  /** The whole bundle's price per currency. */
  normalPrices: z.record(z.string(), z.string()),
  /** The customer's price per currency by the bundle's rule; empty when they own all of it. */
  prices: z.record(z.string(), z.string()),
  isComplete: z.boolean(),
  products: z.array(z.object({ productId: z.number().int(), name: z.string(), isOwned: z.boolean() })),
});
export type CustomerBundle = z.infer<typeof customerBundle>;
export const customerBundleList = z.array(customerBundle);
const OWNED_PRICE_LINE = /^(\d{1,2})\s+([A-Za-z]{3})\s+(\d{1,9}(?:\.\d{1,2})?)$/;

/**
 * A fixed rule's prices as the admin's editor takes them, one a line: the count owned, a currency and the price
 * ("1 USD 69.00"); undefined when a line is not one. An empty text is no price.
 */
export function parseOwnedPriceLines(text: string): Record<string, Record<string, string>> | undefined {
  const prices: Record<string, Record<string, string>> = {};
  for (const line of text.split('\n').map((each) => each.trim())) {
    if (line === '') continue;
    const match = OWNED_PRICE_LINE.exec(line);
    if (!match || Number(match[1]) < 1) return undefined;
    const count = String(Number(match[1]));
    prices[count] = { ...prices[count], [match[2]!.toUpperCase()]: Number(match[3]).toFixed(2) };
  }
  return prices;
}

/** A fixed rule's prices as the editor shows them, one a line, by count. */
export const ownedPriceLinesOf = (ownedPrices: Record<string, Record<string, string>>): string =>
  Object.entries(ownedPrices)
    .sort(([a], [b]) => Number(a) - Number(b))
    .flatMap(([count, prices]) => Object.entries(prices).map(([currency, price]) => `${count} ${currency} ${price}`))
    .join('\n');

/** The admin's bundle editor as typed (ids as text); `bundleSaveRequest` is what it sends (decision 057). */
export const bundleEditForm = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(100),
    /** Empty: a new bundle's is derived from its name; an existing one keeps its own. */
    path: z.union([z.literal(''), productPathField]),
    partProductIds: z.array(z.string()).min(2, 'A bundle holds at least two products'),
    prices: z.string().refine((text) => parsePriceLines(text) !== undefined, 'One price a line: a currency and an amount, e.g. USD 99.00'),
    rule: z.enum(['share', 'fixed']),
    ownedPrices: z
      .string()
      .refine(
        (text) => parseOwnedPriceLines(text) !== undefined,
        'One price a line: the count owned, a currency and an amount, e.g. 1 USD 69.00',
      ),
  })
  .refine((form) => form.rule === 'share' || Object.keys(parseOwnedPriceLines(form.ownedPrices) ?? {}).length > 0, {
    message: 'A fixed rule needs a price for at least one count owned',
    path: ['ownedPrices'],
  });
export type BundleEditForm = z.infer<typeof bundleEditForm>;
