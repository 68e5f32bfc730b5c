import { errorText } from '../../../lib/api-client';
import { useFailedMail, useRetryMailMutation } from '../api/failed-mail';
import { SendButton } from '../../../components/send-button';

const formatDate = (iso: string) => new Date(iso).toLocaleString();

/**
 * Mail that could not be delivered after every attempt, each with a RETRY button. When there is none, `emptyText`
 * shows, or nothing.
 */
export function FailedMailList({ emptyText }: { emptyText?: string }) {
  const failed = useFailedMail();
  const retry = useRetryMailMutation();
  if (failed.isError) return <div className="alert alert-danger">{errorText(failed.error)}</div>;
  if (!failed.data) return null;
  if (failed.data.length === 0) return emptyText ? <p>{emptyText}</p> : null;
  return (
    <section className="mb-4" aria-labelledby="failed-mail-heading">
      <h2 id="failed-mail-heading" className="h5">
        Failed mail
      </h2>
      <p className="small">These mails could not be delivered after every attempt. Check the error, then send them again.</p>
      {retry.isError && <div className="alert alert-danger">{errorText(retry.error)}</div>}
      <ul className="list-group">
        {failed.data.map((mail) => (
          <li key={mail.id} className="list-group-item d-flex flex-wrap justify-content-between gap-2" data-testid="failed-mail">
            <div>
              <strong>{mail.subject}</strong> to {mail.to}
              <div className="small">
                {mail.attempts} attempts, failed {formatDate(mail.failedAt)}
                {mail.lastError ? `: ${mail.lastError}` : ''}
              </div>
            </div>
            <SendButton
              type="button"
              className="btn btn-outline-primary btn-sm align-self-center"
              isPending={retry.isPending}
              onClick={() => retry.mutate(mail.id)}
            >
              RETRY
            </SendButton>
          </li>
        ))}
      </ul>
    </section>
  );
}
