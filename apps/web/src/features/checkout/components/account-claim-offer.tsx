import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { forgetAccountClaim, readAccountClaim } from '../../../lib/checkout/account-claim';
import { useClaimPurchaseAccount } from '../api/claim-purchase-account';
import { SendButton } from '../../../components/send-button';

/** The claim this tab kept for its latest checkout, read once when the thank-you screen opens. */
export const useKeptAccountClaim = () => useState(readAccountClaim)[0];

/**
 * For a buyer without a session in the tab that paid (decision 060): "Sign in to your account" at once, the words and
 * the step of the licence mail. The tab's claim buys the single-use link that sets the password (or the login page
 * for an address that already has an account); it works once, so it is forgotten whatever the answer.
 */
export function AccountClaimOffer({ orderId, claim, email }: { orderId: string; claim: string; email: string }) {
  const navigate = useNavigate();
  const claimAccount = useClaimPurchaseAccount();
  const signIn = () =>
    claimAccount.mutate(
      { orderId, claim },
      {
        onSuccess: (answer) => {
          forgetAccountClaim();
          void navigate(answer.kind === 'signIn' ? paths.login : answer.path);
        },
        onError: forgetAccountClaim,
      },
    );
  return (
    <div data-testid="account-claim" className="mb-3">
      <p className="mb-2">
        <strong>New here?</strong> Set your password now, in this browser: your account opens with the licence and its installers. The mail
        to {email} holds the same step, "Sign in to your account", for later.
      </p>
      {claimAccount.isError ? (
        <p className="text-danger" role="alert">
          {errorText(claimAccount.error)}
        </p>
      ) : (
        <SendButton type="button" className="btn btn-primary" isPending={claimAccount.isPending} onClick={signIn}>
          Sign in to your account
        </SendButton>
      )}
    </div>
  );
}
