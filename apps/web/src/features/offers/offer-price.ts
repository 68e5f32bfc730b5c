import type { CustomerOffer } from '@store/contracts/offer';

/**
 * The currency an offer is shown and quoted in: the shop's (the checkout's data callback) when the offer has a
 * price in it, else US dollars, else the first it has.
 */
export function offerCurrencyOf(offer: Pick<CustomerOffer, 'prices'>, shopCurrency: string | undefined): string {
  const currencies = Object.keys(offer.prices);
  if (shopCurrency && currencies.includes(shopCurrency)) return shopCurrency;
  return currencies.includes('USD') ? 'USD' : (currencies[0] ?? 'USD');
}

/** What the customer sees as the offer's title: "Upgrade to Spacey 2", or the crossgrade's own name. */
export const offerTitleOf = (offer: Pick<CustomerOffer, 'kind' | 'name' | 'targetProductName'>): string =>
  offer.kind === 'upgrade' ? `Upgrade to ${offer.targetProductName}` : offer.name;

/** Names as a sentence lists them: "Spacey", "Spacey and Punch", "Spacey, Punch and Tapewarm". */
export const listOfNames = (names: readonly string[]): string =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;
