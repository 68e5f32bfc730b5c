import { z } from 'zod';

/** Upgrades and crossgrades (issue 25, decision 036). */
export const offerKinds = ['upgrade', 'crossgrade'] as const;
export type OfferKind = (typeof offerKinds)[number];

/** An ISO 4217 code: what FastSpring's `currency` carries. */
export const currencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'A currency is three letters (USD, EUR)');

/** A price in a currency's major unit, as a decimal string with at most two decimals. */
export const priceText = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .refine((value) => /^\d{1,9}(\.\d{1,2})?$/.test(value), 'A price is a number with at most two decimals')
  .transform((value) => Number(value).toFixed(2));

export const offerPrices = z
  .record(currencyCode, priceText)
  .refine((prices) => Object.keys(prices).length > 0, 'Give the price in at least one currency');

/** An offer as the administrator edits it. */
export const offer = z.object({
  id: z.number().int(),
  kind: z.enum(offerKinds),
  name: z.string(),
  targetProductId: z.number().int(),
  sourceProductIds: z.array(z.number().int()),
  prices: z.record(z.string(), z.string()),
  isActive: z.boolean(),
  /** Licences bought through it and not refunded. */
  soldCount: z.number().int(),
});
export type Offer = z.infer<typeof offer>;
export const offerList = z.array(offer);

/** POST /api/offer/: create (id 0) or update. */
export const offerSaveRequest = z
  .object({
    id: z.number().int().nonnegative(),
    kind: z.enum(offerKinds),
    name: z.string().trim().min(1, 'Name is required').max(200),
    targetProductId: z.number().int().positive('Choose the product it sells'),
    sourceProductIds: z.array(z.number().int().positive()).min(1, 'Choose at least one product it is offered to the owners of').max(100),
    prices: offerPrices,
    isActive: z.boolean().default(true),
  })
  .refine((request) => !request.sourceProductIds.includes(request.targetProductId), {
    message: 'A product cannot be offered to its own owners',
    path: ['sourceProductIds'],
  });
export type OfferSaveRequest = z.infer<typeof offerSaveRequest>;

/** One offer a logged-in customer can take, with the licence it is based on. */
export const customerOffer = z.object({
  offerId: z.number().int(),
  kind: z.enum(offerKinds),
  name: z.string(),
  targetProductId: z.number().int(),
  targetProductName: z.string(),
  targetProductPath: z.string(),
  /** The target's normal price (the product's price, in the shop's currency). */
  normalPrice: z.string(),
  prices: z.record(z.string(), z.string()),
  sourceOrderId: z.number().int(),
  sourceProductName: z.string(),
});
export type CustomerOffer = z.infer<typeof customerOffer>;
export const customerOfferList = z.array(customerOffer);

/** POST /api/offer/quote: the caller's price for one offer and one of their licences, bound to both. */
export const offerQuoteRequest = z.object({
  offerId: z.number().int().positive(),
  sourceOrderId: z.number().int().positive(),
  currency: currencyCode.default('USD'),
});
export type OfferQuoteRequest = z.infer<typeof offerQuoteRequest>;

/**
 * The checkout session that sells the quote: FastSpring's session object (the product at the quoted price, the
 * customer's address, the quote's tag), and, with a real storefront and its key, the same encrypted as FastSpring's
 * secure payload (`fastspring.builder.secure(securePayload, secureKey)`).
 */
export const offerQuote = z.object({
  quoteId: z.string(),
  expiresAt: z.string(),
  currency: z.string(),
  price: z.string(),
  session: z.object({
    contact: z.object({ email: z.string() }),
    items: z.array(
      z.object({
        product: z.string(),
        quantity: z.number().int(),
        pricing: z.object({ price: z.record(z.string(), z.number()) }),
      }),
    ),
    tags: z.object({ offerQuote: z.string() }),
  }),
  secure: z.object({ securePayload: z.string(), secureKey: z.string() }).nullable(),
});
export type OfferQuote = z.infer<typeof offerQuote>;

/** The tag of an order that was bought through a quote. */
export const OFFER_QUOTE_TAG = 'offerQuote';
