import { bundleQuote, customerBundleList, type BundleQuoteRequest, type CustomerBundle } from '@store/contracts/bundle';
import { customerOfferList, offerQuote, type CustomerOffer, type OfferQuote, type OfferQuoteRequest } from '@store/contracts/offer';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { checkoutOfferQuote } from '../../../lib/checkout/checkout-actions';
import { queryKeys } from '../../../lib/query-keys';

const withProduct = (url: string, productId?: number) => (productId === undefined ? url : `${url}?productId=${productId}`);

/** GET /userinfo/offers: the upgrades and crossgrades the caller can buy now (decision 036). */
export const getCustomerOffers = (productId?: number, signal?: AbortSignal): Promise<CustomerOffer[]> =>
  apiRequest('GET', withProduct('/userinfo/offers', productId), { schema: customerOfferList, auth: true, signal });

/** The signed-in customer's offers (of one target product when given); nothing is asked without a user. */
export const useCustomerOffers = (userName: string | null, productId?: number) =>
  useQuery({
    queryKey: queryKeys.offers.customer(userName ?? '', productId),
    queryFn: ({ signal }) => getCustomerOffers(productId, signal),
    enabled: userName !== null,
  });

/** GET /userinfo/bundles: the bundles the caller owns some of, with their price for the rest (decision 056). */
export const getCustomerBundles = (productId?: number, signal?: AbortSignal): Promise<CustomerBundle[]> =>
  apiRequest('GET', withProduct('/userinfo/bundles', productId), { schema: customerBundleList, auth: true, signal });

/** The signed-in customer's bundles (one bundle product's when given); nothing is asked without a user. */
export const useCustomerBundles = (userName: string | null, productId?: number) =>
  useQuery({
    queryKey: queryKeys.offers.bundles(userName ?? '', productId),
    queryFn: ({ signal }) => getCustomerBundles(productId, signal),
    enabled: userName !== null,
  });

/** POST /userinfo/offers/quote: the caller's price for one offer on one of their licences, bound to both. */
export const requestOfferQuote = (body: OfferQuoteRequest): Promise<OfferQuote> =>
  apiRequest('POST', '/userinfo/offers/quote', { body, schema: offerQuote, auth: true });

/** POST /userinfo/bundles/quote: the caller's price for a bundle, bound to them and what they own (decision 054). */
export const requestBundleQuote = (body: BundleQuoteRequest): Promise<OfferQuote> =>
  apiRequest('POST', '/userinfo/bundles/quote', { body, schema: bundleQuote, auth: true });

/** Buying at a quoted price: the quote (`requestQuote`), then the checkout opened with its session. */
const useQuotedCheckout = <Request>(requestQuote: (request: Request) => Promise<OfferQuote>) =>
  useMutation({
    mutationFn: async (request: Request) => {
      const quote = await requestQuote(request);
      await checkoutOfferQuote(quote);
      return quote;
    },
  });

/** Buying an upgrade or crossgrade at the customer's price. */
export const useBuyOfferMutation = () => useQuotedCheckout(requestOfferQuote);

/** Buying the rest of a bundle at the customer's price ("Complete your bundle"). */
export const useBuyBundleMutation = () => useQuotedCheckout(requestBundleQuote);
