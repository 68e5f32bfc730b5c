import type { CustomerOffer } from '@store/contracts/offer';
import { useCheckoutState } from '../../../lib/checkout/checkout-store';
import { formatMoney } from '../../../lib/checkout/format-money';
import { useBuyOfferMutation } from '../api/offers-api';
import { offerCurrencyOf, offerTitleOf } from '../offer-price';

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
  const buy = () => buyOffer.mutate({ offerId: offer.offerId, sourceOrderId: offer.sourceOrderId, currency });
  return (
    <div className="card border-success mb-3" data-testid="offer">
      <div className="card-body">
        <p className="h5 card-title" data-testid="offer-title">
          {title}
        </p>
        <p className="mb-2">
          <span className="fs-5 fw-semibold" data-testid="offer-price">
            {price}
          </span>{' '}
          <span className="text-body-secondary">
            instead of <s data-testid="normal-price">{formatMoney(Number(offer.normalPrice), shopCurrency ?? currency)}</s>
          </span>
        </p>
        <p className="small text-body-secondary mb-3">
          {offer.kind === 'upgrade'
            ? `For your ${offer.sourceProductName} licence #${offer.sourceOrderId}, which keeps working for ${offer.sourceProductName}.`
            : `Because you own ${offer.sourceProductName} (licence #${offer.sourceOrderId}).`}
        </p>
        <button type="button" className="btn btn-success" disabled={buyOffer.isPending} onClick={buy}>
          {offer.kind === 'upgrade' ? title : `Buy ${offer.targetProductName} for ${price}`}
        </button>
        {buyOffer.error && (
          <p className="text-danger mt-2 mb-0" role="alert">
            {buyOffer.error.message}
          </p>
        )}
      </div>
    </div>
  );
}
