import { productPageUrl } from '@store/contracts/constants';
import { Link, useLocation } from 'react-router';
import { usePublicProducts } from '../../../lib/checkout/product-paths';
import { normalizeContentPath } from '../../../lib/initial-data';
import { useCurrentUser } from '../../../lib/use-current-user';
import { useCustomerBundles, useCustomerOffers } from '../api/offers-api';
import { BundleCard } from './bundle-card';
import { OfferCard } from './offer-card';

/**
 * Beside a product's page (`/products/{name}`): "{successor} is out" when the product has a next major version,
 * the signed-in customer's upgrades and crossgrades to this product with their price (decision 036), and on a
 * bundle's page their "Complete your bundle" price, or that they own all of it (decision 056). Nothing on other pages.
 */
export function ProductOfferPanel() {
  const path = normalizeContentPath(useLocation().pathname);
  const products = usePublicProducts();
  const user = useCurrentUser();
  const product = products.data?.find((candidate) => productPageUrl(candidate.name) === path);
  const successor = product?.successorId ? products.data?.find((candidate) => candidate.id === product.successorId) : undefined;
  const userName = product ? (user?.name ?? null) : null;
  const offers = useCustomerOffers(userName, product?.id);
  const bundles = useCustomerBundles(userName, product?.id);
  const ownOffers = offers.data ?? [];
  const ownBundles = bundles.data ?? [];
  if (!product) return null;
  return (
    <>
      {(successor || ownOffers.length > 0) && (
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
      )}
      {ownBundles.length > 0 && (
        <aside className="container mt-3" aria-label="Your bundle" data-testid="product-bundle">
          {ownBundles.map((bundle) => (
            <BundleCard key={bundle.bundleProductId} bundle={bundle} />
          ))}
        </aside>
      )}
    </>
  );
}
