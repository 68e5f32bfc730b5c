import '../../../styles/forms.scss';
import type { MailboxEntry } from '@store/contracts/mailbox';
import { useState, type FormEvent } from 'react';
import { errorText } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMailbox } from '../api/get-mailbox';
import { FailedMailList } from './failed-mail-list';

const formatDate = (iso: string) => new Date(iso).toLocaleString();

function MailCard({ mail }: { mail: MailboxEntry }) {
  return (
    <article className="card mb-3" data-testid="mail">
      <div className="card-header d-flex flex-wrap justify-content-between gap-2">
        <span>
          To <strong data-testid="mail-to">{mail.to}</strong>
        </span>
        <time dateTime={mail.createdAt}>{formatDate(mail.createdAt)}</time>
      </div>
      <div className="card-body">
        <h2 className="h5 card-title" data-testid="mail-subject">
          {mail.subject}
        </h2>
        <pre className="mb-0 text-wrap" data-testid="mail-text">
          {mail.text}
        </pre>
        {mail.attachments.length > 0 && (
          <p className="mt-2 mb-0 small">Attachments: {mail.attachments.map((file) => file.filename).join(', ')}</p>
        )}
      </div>
    </article>
  );
}

/** /admin/mailbox: the development mailbox, newest mail first, optionally for one recipient. */
export function MailboxPage() {
  useDocumentTitle('Mailbox');
  const [recipient, setRecipient] = useState('');
  const [filter, setFilter] = useState('');
  const mailbox = useMailbox(filter);

  const applyFilter = (event: FormEvent) => {
    event.preventDefault();
    setFilter(recipient.trim());
  };

  return (
    <main className="container py-4">
      <h1 className="h3 mb-3">Mailbox</h1>
      <FailedMailList />
      <form className="d-flex flex-wrap align-items-end gap-2 mb-4" onSubmit={applyFilter}>
        <div>
          <label htmlFor="mailbox-recipient" className="form-label">
            Recipient
          </label>
          <input
            id="mailbox-recipient"
            type="search"
            className="form-control"
            value={recipient}
            onChange={(event) => setRecipient(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary">
          SHOW
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={() => void mailbox.refetch()}>
          REFRESH
        </button>
      </form>
      {mailbox.isPending && <p>Loading…</p>}
      {mailbox.isError && <div className="alert alert-danger">{errorText(mailbox.error)}</div>}
      {mailbox.data?.length === 0 && <p>No mail.</p>}
      {mailbox.data?.map((mail) => <MailCard key={mail.id} mail={mail} />)}
    </main>
  );
}
