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

const PRICE_LINE = /^([A-Za-z]{3})\s+(\d{1,9}(?:\.\d{1,2})?)$/;

/** The prices of the admin's editor, one a line ("USD 29.00"), as the API takes them; undefined when a line is not one. */
export function parsePriceLines(text: string): Record<string, string> | undefined {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const prices: Record<string, string> = {};
  for (const line of lines) {
    const match = PRICE_LINE.exec(line);
    if (!match) return undefined;
    prices[match[1]!.toUpperCase()] = Number(match[2]).toFixed(2);
  }
  return Object.keys(prices).length > 0 ? prices : undefined;
}

/** An offer's prices as the editor shows them, one a line. */
export const priceLinesOf = (prices: Record<string, string>): string =>
  Object.entries(prices)
    .map(([currency, price]) => `${currency} ${price}`)
    .join('\n');

/** The admin's offer editor as typed (select values are ids as text); `offerSaveRequest` is what it sends. */
export const offerEditForm = z
  .object({
    kind: z.enum(offerKinds),
    name: z.string().trim().min(1, 'Name is required').max(200),
    targetProductId: z.string().regex(/^\d+$/, 'Choose the product it sells'),
    sourceProductIds: z.array(z.string()).min(1, 'Choose at least one product it is offered to the owners of'),
    prices: z.string().refine((text) => parsePriceLines(text) !== undefined, 'One price a line: a currency and an amount, e.g. USD 29.00'),
    isActive: z.boolean(),
  })
  .refine((form) => !form.sourceProductIds.includes(form.targetProductId), {
    message: 'A product cannot be offered to its own owners',
    path: ['sourceProductIds'],
  });
export type OfferEditForm = z.infer<typeof offerEditForm>;
