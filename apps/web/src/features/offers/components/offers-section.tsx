import { useCustomerOffers } from '../api/offers-api';
import { OfferCard } from './offer-card';

/** The customer area's upgrades and crossgrades: what the customer can buy at their own price (decision 036). */
export function OffersSection({ userName }: { userName: string }) {
  const offers = useCustomerOffers(userName);
  if (!offers.data || offers.data.length === 0) return null;
  return (
    <section aria-labelledby="offers-heading" className="mb-4">
      <h2 id="offers-heading" className="h4 mb-3">
        Upgrades for you
      </h2>
      {offers.data.map((offer) => (
        <OfferCard key={`${offer.offerId}-${offer.sourceOrderId}`} offer={offer} />
      ))}
    </section>
  );
}
