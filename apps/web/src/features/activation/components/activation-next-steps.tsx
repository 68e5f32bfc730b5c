import { AccountNextStep } from '../../../components/account-next-step';

/** Below the activation thanks (decision 037): whose account holds the licence now, and the way there. */
export function ActivationNextSteps({ email, productName }: { email: string; productName: string }) {
  return (
    <div data-testid="next-steps">
      <p>
        Your {productName} licence belongs to the account of <strong>{email}</strong>. The mail holds its key file and the steps to activate
        the plug-in.
      </p>
      <AccountNextStep email={email} />
    </div>
  );
}
