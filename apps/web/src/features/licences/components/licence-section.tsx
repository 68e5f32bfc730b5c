import '../../../styles/modal.scss';
import '../../../styles/tables.scss';
import { MAX_DEVICES_PER_LICENSE } from '@store/contracts/constants';
import { messages } from '@store/contracts/messages';
import { Navigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useUserAtNavigation } from '../../../lib/use-user-at-navigation';
import { useUserProducts } from '../api/get-user-products';
import { LicenceCard } from './licence-card';

/**
 * The customer area's licences (spec §2): one card per licence, "No licences found" when there are none. A
 * failed load goes to /login (spec §8).
 */
export function LicenceSection() {
  const userName = useUserAtNavigation()?.name ?? '';
  const licences = useUserProducts(userName);

  if (licences.isError) return <Navigate to={paths.login} replace />;
  return (
    <section aria-labelledby="licences-heading" className="mb-5">
      <h2 id="licences-heading" className="h4 mb-3">
        Your licences (at most {MAX_DEVICES_PER_LICENSE} computers can be registered per licence)
      </h2>
      {licences.isPending && (
        <div className="spinner-border spinner-border-sm text-secondary" role="status">
          <span className="visually-hidden">Loading licences…</span>
        </div>
      )}
      {licences.data?.length === 0 && <p data-testid="no-licences">{messages.noLicences}</p>}
      {licences.data?.map((licence) => (
        <LicenceCard key={licence.orderId} licence={licence} userName={userName} />
      ))}
    </section>
  );
}
