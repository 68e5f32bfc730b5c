import { z } from 'zod';
import { currencyCode, offerPrices, offerQuote } from './offer.js';
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
