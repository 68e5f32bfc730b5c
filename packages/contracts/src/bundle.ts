import { z } from 'zod';
import { currencyCode, offerPrices, offerQuote } from './offer.js';

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
  partProductIds: z.array(z.number().int()),
  rule: z.enum(['share', 'fixed']),
  /** The whole bundle's price per currency. */
  prices: z.record(z.string(), z.string()),
  /** 'fixed': per count owned ("1", "2"…), the price per currency. */
  ownedPrices: z.record(z.string(), z.record(z.string(), z.string())),
});
export type Bundle = z.infer<typeof bundle>;
export const bundleList = z.array(bundle);

/** POST /api/bundle/: sets a product's contents and rule (making it a bundle). */
export const bundleSaveRequest = z.object({
  bundleProductId: z.number().int().positive(),
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
