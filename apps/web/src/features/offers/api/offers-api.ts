import { customerOfferList, offerQuote, type CustomerOffer, type OfferQuote, type OfferQuoteRequest } from '@store/contracts/offer';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { checkoutOfferQuote } from '../../../lib/checkout/checkout-actions';
import { queryKeys } from '../../../lib/query-keys';

/** GET /userinfo/offers: the upgrades and crossgrades the caller can buy now (decision 036). */
export const getCustomerOffers = (productId?: number, signal?: AbortSignal): Promise<CustomerOffer[]> =>
  apiRequest('GET', productId === undefined ? '/userinfo/offers' : `/userinfo/offers?productId=${productId}`, {
    schema: customerOfferList,
    auth: true,
    signal,
  });

/** The signed-in customer's offers (of one target product when given); nothing is asked without a user. */
export const useCustomerOffers = (userName: string | null, productId?: number) =>
  useQuery({
    queryKey: queryKeys.offers.customer(userName ?? '', productId),
    queryFn: ({ signal }) => getCustomerOffers(productId, signal),
    enabled: userName !== null,
  });

/** POST /userinfo/offers/quote: the caller's price for one offer on one of their licences, bound to both. */
export const requestOfferQuote = (body: OfferQuoteRequest): Promise<OfferQuote> =>
  apiRequest('POST', '/userinfo/offers/quote', { body, schema: offerQuote, auth: true });

/** Buying an offer: the quote, then the checkout opened with its session. */
export const useBuyOfferMutation = () =>
  useMutation({
    mutationFn: async (request: OfferQuoteRequest) => {
      const quote = await requestOfferQuote(request);
      await checkoutOfferQuote(quote);
      return quote;
    },
  });
