import type { TwoFactorSetup as Setup } from '@store/contracts/account';
import { useState, type FormEvent } from 'react';
import { errorText } from '../../../lib/api-client';
import { useAccountStatus, useTwoFactorMutations } from '../api/account-api';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorField } from './two-factor-field';
import { TwoFactorSetup } from './two-factor-setup';
import { FormSubmit } from '../../../components/form-submit';
import { SendButton } from '../../../components/send-button';

/**
 * Two-factor login (TOTP) in the account: turn on with an authenticator app (a QR code to scan or the secret to
 * type, then its first code; the recovery codes are shown once, to copy, download or print), or off with the
 * password and a current code.
 */
export function TwoFactorSection({ userName }: { userName: string }) {
  const status = useAccountStatus(userName);
  const { setUp, enable, disable } = useTwoFactorMutations(userName);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [offCode, setOffCode] = useState('');
  const [error, setError] = useState('');
  if (!status.data) return null;

  const run = async (action: () => Promise<void>) => {
    setError('');
    try {
      await action();
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  const start = () => run(async () => setSetup(await setUp.mutateAsync()));
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      setRecoveryCodes((await enable.mutateAsync(code)).recoveryCodes);
      setSetup(null);
      setCode('');
    });
  };
  const turnOff = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await disable.mutateAsync({ password, code: offCode });
      setPassword('');
      setOffCode('');
      setRecoveryCodes(null);
    });
  };

  return (
    <section aria-labelledby="two-factor-heading" className="mt-5">
      <h2 id="two-factor-heading" className="h4 mb-3">
        Two-factor login
      </h2>
      {recoveryCodes && <RecoveryCodes codes={recoveryCodes} account={userName} />}
      {status.data.hasTwoFactor ? (
        <form onSubmit={turnOff} className="row g-2 align-items-end">
          <p>
            Two-factor login is on: logging in asks for the code of your authenticator app. To turn it off, enter your password and a
            current code (or a recovery code).
          </p>
          <TwoFactorField id="two-factor-password" label="Password" type="password" value={password} onChange={setPassword} />
          <TwoFactorField id="two-factor-off-code" label="Authentication code" value={offCode} onChange={setOffCode} />
          <div className="col-auto">
            <SendButton
              className="btn btn-outline-danger"
              isPending={disable.isPending}
              isDisabled={password === '' || offCode.trim().length < 6}
            >
              TURN OFF
            </SendButton>
          </div>
        </form>
      ) : setup ? (
        <form onSubmit={confirm} className="row g-2 align-items-end">
          <TwoFactorSetup setup={setup} />
          <TwoFactorField id="two-factor-code" label="Code" value={code} onChange={setCode} />
          <div className="col-auto">
            <FormSubmit label="TURN ON" isPending={enable.isPending} isDisabled={code.trim().length < 6} />
          </div>
        </form>
      ) : (
        <>
          <p>Protect your account with a code from an authenticator app on your phone, asked for at every login.</p>
          <SendButton type="button" className="btn btn-outline-primary" isPending={setUp.isPending} onClick={() => void start()}>
            SET UP TWO-FACTOR LOGIN
          </SendButton>
        </>
      )}
      {error && (
        <p className="text-danger mt-2" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
