import { Link } from 'react-router';
import { AccountNextStep } from '../../../components/account-next-step';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/use-current-user';
import { usePurchaseStatus } from '../api/get-purchase-status';
import { AccountClaimOffer, useKeptAccountClaim } from './account-claim-offer';

/**
 * Below "Thanks for your purchase. " (decision 037): the order reference, where the licence mail went once the
 * provider's webhook has arrived (a licence transfer: what happens to the licence), and the way on: in the tab that
 * paid, without a session, "Sign in to your account" at once (decision 060).
 */
export function PurchaseNextSteps({ orderId, reference }: { orderId: string; reference: string }) {
  const { status, isWaitOver } = usePurchaseStatus(orderId);
  const user = useCurrentUser();
  const claim = useKeptAccountClaim();
  const shownReference = status?.status === 'completed' && status.reference ? status.reference : reference;
  return (
    <div data-testid="next-steps">
      {shownReference && (
        <p>
          Your order reference: <strong data-testid="order-reference">{shownReference}</strong>. Your receipt comes from FastSpring, our
          merchant of record.
        </p>
      )}
      {status?.status === 'completed' ? (
        <>
          <p role="status" data-testid="mailed-to">
            {status.isTransfer ? (
              <>
                Your licence transfer is paid. The new owner receives the licence and its key by mail; we have sent you a confirmation at{' '}
                <strong>{status.mailedTo}</strong>.
              </>
            ) : (
              <>
                We have sent your licence key to <strong>{status.mailedTo}</strong>.
              </>
            )}
          </p>
          {!user && claim && !status.isTransfer && <AccountClaimOffer orderId={orderId} claim={claim} email={status.mailedTo} />}
          <AccountNextStep email={status.isTransfer ? '' : status.mailedTo} />
        </>
      ) : isWaitOver ? (
        <p role="status" data-testid="purchase-late">
          Your payment went through; the licence mail is taking longer than usual. It arrives within the hour. If it does not,{' '}
          <Link to={paths.support}>contact support</Link> with your order reference.
        </p>
      ) : (
        <p role="status" className="d-flex align-items-center gap-2" data-testid="purchase-pending">
          <span className="spinner-border spinner-border-sm text-secondary" aria-hidden="true" />
          Your payment went through. We are issuing your licence and mailing its key…
        </p>
      )}
    </div>
  );
}
