import { errorText } from '../../../lib/api-client';
import { useAccountStatus, useResendConfirmationMutation } from '../api/account-api';
import { SendButton } from '../../../components/send-button';

/**
 * In the customer area of a login that has not proven its address: says that a link was mailed and why the
 * licences are not shown yet, and offers to send the link again (docs/SECURITY.md).
 */
export function AddressNotice({ userName }: { userName: string }) {
  const status = useAccountStatus(userName);
  const resend = useResendConfirmationMutation();
  if (!status.data || status.data.isEmailVerified) return null;
  return (
    <div className="alert alert-warning" role="status" data-testid="address-notice">
      <h2 className="h5">Please confirm your email address</h2>
      <p className="mb-2">
        We have sent a link to <strong>{status.data.name}</strong>. Open it to confirm that the address is yours: your licences appear here
        once it is confirmed.
      </p>
      {resend.isSuccess ? (
        <p className="mb-0">A new link is on its way.</p>
      ) : (
        <SendButton type="button" className="btn btn-outline-dark btn-sm" isPending={resend.isPending} onClick={() => resend.mutate()}>
          Send the link again
        </SendButton>
      )}
      {resend.isError && <p className="text-danger mb-0 mt-2">{errorText(resend.error)}</p>}
    </div>
  );
}
