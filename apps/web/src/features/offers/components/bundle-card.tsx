import type { CustomerBundle } from '@store/contracts/bundle';
import { useCheckoutState } from '../../../lib/checkout/checkout-store';
import { formatMoney } from '../../../lib/checkout/format-money';
import { useBuyBundleMutation } from '../api/offers-api';
import { listOfNames, offerCurrencyOf } from '../offer-price';
import { PriceOfferCard } from './price-offer-card';

/**
 * "Complete your bundle" (decision 056): a bundle the customer owns some of, at their price for the rest next to the
 * whole price, bought through a quote bound to them like an upgrade; an owner of all of it is told so instead.
 */
export function BundleCard({ bundle }: { bundle: CustomerBundle }) {
  const shopCurrency = useCheckoutState().data?.currency;
  const buyBundle = useBuyBundleMutation();
  const owned = bundle.products.filter((product) => product.isOwned).map((product) => product.name);
  const missing = bundle.products.filter((product) => !product.isOwned).map((product) => product.name);
  if (bundle.isComplete) {
    return (
      <p className="alert alert-success" data-testid="bundle-complete">
        You own everything in the {bundle.bundleName}: {listOfNames(owned)}.
      </p>
    );
  }
  if (Object.keys(bundle.prices).length === 0) return null;
  const currency = offerCurrencyOf(bundle, shopCurrency);
  const price = formatMoney(Number(bundle.prices[currency]), currency);
  return (
    <PriceOfferCard
      testId="bundle-offer"
      title="Complete your bundle"
      price={price}
      normalPrice={formatMoney(Number(bundle.normalPrices[currency]), currency)}
      note={`The ${bundle.bundleName} for the owner of ${listOfNames(owned)}: you get ${listOfNames(missing)}, and no second licence of what you own.`}
      buttonLabel={`Complete your bundle for ${price}`}
      onBuy={() => buyBundle.mutate({ bundleProductId: bundle.bundleProductId, currency })}
      isPending={buyBundle.isPending}
      error={buyBundle.error}
    />
  );
}
