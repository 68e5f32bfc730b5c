import { AddressNotice } from '../../features/account/components/address-notice';
import { DataRightsSection } from '../../features/account/components/data-rights-section';
import { TwoFactorSection } from '../../features/account/components/two-factor-section';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form';
import { LoyaltyBanner } from '../../features/checkout/components/loyalty-banner';
import { DownloadsSection } from '../../features/downloads/components/downloads-section';
import { LicenceSection } from '../../features/licences/components/licence-section';
import { BundlesSection } from '../../features/offers/components/bundles-section';
import { OffersSection } from '../../features/offers/components/offers-section';
import { OrdersSection } from '../../features/orders/components/orders-section';
import { ReleasePreferencesSection } from '../../features/releases/components/release-preferences-section';
import { useCurrentUser } from '../../lib/use-current-user';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useUserAtNavigation } from '../../lib/use-user-at-navigation';

/**
 * /userarea, the customer area (spec §2): the user name, the loyalty banner, the licences (features/licences)
 * and the Change Password form; beyond the spec, the orders, two-factor login and the customer's data rights.
 * The router wraps it in RequireUser, which sends visitors without a user to /login.
 */
export function UserAreaRoute() {
  const userAtEntry = useUserAtNavigation();
  const user = useCurrentUser() ?? userAtEntry;
  useDocumentTitle('My Account');
  return (
    <main className="container py-4">
      <h1 className="h3 mb-4" data-testid="user-name">
        {user?.name}
      </h1>
      {user && <AddressNotice userName={user.name} />}
      {/* Licences slot (issue 3): the loyalty banner goes above the licence list. */}
      <LoyaltyBanner />
      <LicenceSection />
      {user && <OffersSection userName={user.name} />}
      {user && <BundlesSection userName={user.name} />}
      <DownloadsSection userName={userAtEntry?.name ?? user?.name ?? ''} />
      {user && <ReleasePreferencesSection userName={user.name} />}
      {user && <OrdersSection userName={user.name} />}
      <ChangePasswordForm />
      {user && <TwoFactorSection userName={user.name} />}
      {user && <DataRightsSection userName={user.name} />}
    </main>
  );
}
