import { useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { useDownloadPersonalDataMutation } from '../api/data-rights-api';
import { EraseAccountDialog } from './erase-account-dialog';
import { SendButton } from '../../../components/send-button';

/**
 * The customer's data rights in the account screen (docs/PRIVACY.md): download everything the shop holds about them
 * as a JSON file, or erase the account (a confirmation says what happens and what is kept, then asks for the password).
 */
export function DataRightsSection({ userName }: { userName: string }) {
  const download = useDownloadPersonalDataMutation();
  const [isErasing, setIsErasing] = useState(false);
  return (
    <section aria-labelledby="data-rights-heading" className="mt-5">
      <h2 id="data-rights-heading" className="h4 mb-3">
        Your data
      </h2>
      <p>
        Download everything we hold about you as one JSON file: your account, licences and computers, orders and amounts, the mails we sent
        you, your support requests and trials.
      </p>
      <SendButton type="button" className="btn btn-outline-primary" isPending={download.isPending} onClick={() => download.mutate()}>
        DOWNLOAD MY DATA
      </SendButton>
      {download.error && (
        <p className="text-danger mt-2" role="alert">
          {errorText(download.error)}
        </p>
      )}
      <p className="mt-4">You can also erase your account and the personal data we hold about you. This cannot be undone.</p>
      <button type="button" className="btn btn-outline-danger" onClick={() => setIsErasing(true)}>
        ERASE MY ACCOUNT…
      </button>
      <EraseAccountDialog userName={userName} show={isErasing} onClose={() => setIsErasing(false)} />
    </section>
  );
}
