import { z } from 'zod';
import { currencyCode, offerQuote } from './offer.js';

// Bundles and "complete your bundle" (decision 054).

/** A customer's request for their price of a bundle. */
export const bundleQuoteRequest = z.object({ bundleProductId: z.number().int().positive(), currency: currencyCode.default('USD') });
export type BundleQuoteRequest = z.infer<typeof bundleQuoteRequest>;

/** The quoted checkout of a bundle: as an offer's, with the products the customer owned (no licence of them is issued). */
export const bundleQuote = offerQuote.extend({ ownedProductIds: z.array(z.number().int()) });
export type BundleQuote = z.infer<typeof bundleQuote>;
