import { productPageUrl } from '@store/contracts/constants';
import { Link, useLocation } from 'react-router';
import { usePublicProducts } from '../../../lib/checkout/product-paths';
import { normalizeContentPath } from '../../../lib/initial-data';
import { useCurrentUser } from '../../../lib/use-current-user';
import { useCustomerOffers } from '../api/offers-api';
import { OfferCard } from './offer-card';

/**
 * Beside a product's page (`/products/{name}`): "{successor} is out" when the product has a next major version,
 * and the signed-in customer's upgrades and crossgrades to this product with their price (decision 036). Nothing
 * on other pages.
 */
export function ProductOfferPanel() {
  const path = normalizeContentPath(useLocation().pathname);
  const products = usePublicProducts();
  const user = useCurrentUser();
  const product = products.data?.find((candidate) => productPageUrl(candidate.name) === path);
  const successor = product?.successorId ? products.data?.find((candidate) => candidate.id === product.successorId) : undefined;
  const offers = useCustomerOffers(product ? (user?.name ?? null) : null, product?.id);
  const ownOffers = offers.data ?? [];
  if (!product || (!successor && ownOffers.length === 0)) return null;
  return (
    <aside className="container mt-3" aria-label="Upgrades" data-testid="product-offers">
      {successor && (
        <p className="alert alert-info" data-testid="successor-note">
          {successor.name} is out. <Link to={productPageUrl(successor.name)}>See what is new</Link>
        </p>
      )}
      {ownOffers.map((offer) => (
        <OfferCard key={`${offer.offerId}-${offer.sourceOrderId}`} offer={offer} />
      ))}
    </aside>
  );
}
