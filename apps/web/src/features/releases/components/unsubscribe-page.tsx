import { Button } from 'react-bootstrap';
import { useParams } from 'react-router';
import { errorText } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUnsubscribe } from '../api/releases-api';

/**
 * /unsubscribe/{token}, the link in every release mail. Opening it changes nothing (mail scanners open links); the
 * button sends the same one-click POST a mail client sends.
 */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  const unsubscribe = useUnsubscribe();
  useDocumentTitle('Unsubscribe');
  return (
    <main className="container py-4">
      <h1 className="h3 mb-3">Release mail</h1>
      {unsubscribe.isSuccess ? (
        <p role="status">You are unsubscribed: we will not mail you about new versions any more.</p>
      ) : (
        <>
          <p>Stop the mails about new versions of your plug-ins? You can turn them on again in your account.</p>
          <Button onClick={() => unsubscribe.mutate(token)} disabled={unsubscribe.isPending}>
            Unsubscribe
          </Button>
          {unsubscribe.isError && (
            <p className="text-danger mt-2" role="alert">
              {errorText(unsubscribe.error)}
            </p>
          )}
        </>
      )}
    </main>
  );
}
