import type { CustomerOffer } from '@store/contracts/offer';
import { useCheckoutState } from '../../../lib/checkout/checkout-store';
import { formatMoney } from '../../../lib/checkout/format-money';
import { useBuyOfferMutation } from '../api/offers-api';
import { offerCurrencyOf, offerTitleOf } from '../offer-price';
import { PriceOfferCard } from './price-offer-card';

/**
 * One upgrade or crossgrade the customer can buy: its title, the licence it is based on, the customer's price next
 * to the normal one, and the button that asks the server for the quote and opens the checkout with it (decision 036).
 */
export function OfferCard({ offer }: { offer: CustomerOffer }) {
  const shopCurrency = useCheckoutState().data?.currency;
  const buyOffer = useBuyOfferMutation();
  const currency = offerCurrencyOf(offer, shopCurrency);
  const title = offerTitleOf(offer);
  const price = formatMoney(Number(offer.prices[currency]), currency);
  return (
    <PriceOfferCard
      testId="offer"
      title={title}
      price={price}
      normalPrice={formatMoney(Number(offer.normalPrice), shopCurrency ?? currency)}
      note={
        offer.kind === 'upgrade'
          ? `For your ${offer.sourceProductName} licence #${offer.sourceOrderId}, which keeps working for ${offer.sourceProductName}.`
          : `Because you own ${offer.sourceProductName} (licence #${offer.sourceOrderId}).`
      }
      buttonLabel={offer.kind === 'upgrade' ? title : `Buy ${offer.targetProductName} for ${price}`}
      onBuy={() => buyOffer.mutate({ offerId: offer.offerId, sourceOrderId: offer.sourceOrderId, currency })}
      isPending={buyOffer.isPending}
      error={buyOffer.error}
    />
  );
}
