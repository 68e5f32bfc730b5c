import { useCustomerBundles } from '../api/offers-api';
import { BundleCard } from './bundle-card';

/** The customer area's bundles they own some of, at their price for the rest (decision 056); nothing when none. */
export function BundlesSection({ userName }: { userName: string }) {
  const bundles = useCustomerBundles(userName);
  const open = bundles.data?.filter((bundle) => !bundle.isComplete && Object.keys(bundle.prices).length > 0) ?? [];
  if (open.length === 0) return null;
  return (
    <section aria-labelledby="bundles-heading" className="mb-4">
      <h2 id="bundles-heading" className="h4 mb-3">
        Complete your bundle
      </h2>
      {open.map((bundle) => (
        <BundleCard key={bundle.bundleProductId} bundle={bundle} />
      ))}
    </section>
  );
}
