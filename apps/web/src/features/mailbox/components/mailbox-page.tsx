import '../../../styles/forms.scss';
import type { MailboxEntry } from '@store/contracts/mailbox';
import { useState, type FormEvent } from 'react';
import { errorText } from '../../../lib/api-client';
import { hasDevMailbox } from '../../../lib/dev-mailbox';
import { downloadTextFile } from '../../../lib/download-text-file';
import { isAdminUser, useCurrentUser } from '../../../lib/use-current-user';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMailbox } from '../api/get-mailbox';
import { FailedMailList } from './failed-mail-list';
import { FormSubmit } from '../../../components/form-submit';

const formatDate = (iso: string) => new Date(iso).toLocaleString();

type MailView = 'html' | 'text';

/**
 * One mail as its recipient will see it: the HTML part in a sandboxed frame (no scripts, no same-origin access),
 * or the plain-text part with its line breaks kept; each attachment downloads as the file it is.
 */
function MailCard({ mail }: { mail: MailboxEntry }) {
  const [view, setView] = useState<MailView>(mail.html === null ? 'text' : 'html');
  const subjectId = `mail-${mail.id}-subject`;
  return (
    <article className="card mb-3" data-testid="mail" aria-labelledby={subjectId}>
      <div className="card-header d-flex flex-wrap justify-content-between gap-2">
        <span>
          To <strong data-testid="mail-to">{mail.to}</strong>
          {mail.replyTo && <span className="text-body-secondary"> · Reply to {mail.replyTo}</span>}
        </span>
        <time dateTime={mail.createdAt}>{formatDate(mail.createdAt)}</time>
      </div>
      <div className="card-body">
        <h2 className="h5 card-title" id={subjectId} data-testid="mail-subject">
          {mail.subject}
        </h2>
        {mail.html !== null && (
          <div className="btn-group btn-group-sm mb-2" role="group" aria-label="Show the mail as">
            <button
              type="button"
              className={`btn btn-outline-secondary${view === 'html' ? ' active' : ''}`}
              aria-pressed={view === 'html'}
              onClick={() => setView('html')}
            >
              HTML
            </button>
            <button
              type="button"
              className={`btn btn-outline-secondary${view === 'text' ? ' active' : ''}`}
              aria-pressed={view === 'text'}
              onClick={() => setView('text')}
            >
              Plain text
            </button>
          </div>
        )}
        {view === 'html' && mail.html !== null ? (
          <iframe
            title={`HTML preview: ${mail.subject}`}
            sandbox=""
            srcDoc={mail.html}
            className="w-100 border rounded bg-white"
            style={{ height: '32rem', resize: 'vertical' }}
            data-testid="mail-html"
          />
        ) : (
          <pre className="mb-0" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="mail-text">
            {mail.text}
          </pre>
        )}
        {mail.attachments.length > 0 && (
          <div className="mt-3 d-flex flex-wrap align-items-center gap-2 small">
            <span>Attachments:</span>
            {mail.attachments.map((file, index) => (
              <button
                key={`${file.filename}-${index}`}
                type="button"
                className="btn btn-sm btn-outline-primary"
                onClick={() => downloadTextFile(file.filename, file.content)}
              >
                {file.filename}
              </button>
            ))}
          </div>
        )}
      </div>
    </article>
  );
}

/** The development mailbox's mail, newest first, optionally for one recipient. */
function DevelopmentMailbox() {
  const [recipient, setRecipient] = useState('');
  const [filter, setFilter] = useState('');
  const mailbox = useMailbox(filter);

  const applyFilter = (event: FormEvent) => {
    event.preventDefault();
    setFilter(recipient.trim());
  };

  return (
    <>
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
        <FormSubmit label="SHOW" isPending={false}>
          <button type="button" className="btn btn-outline-secondary" onClick={() => void mailbox.refetch()}>
            REFRESH
          </button>
        </FormSubmit>
      </form>
      {mailbox.isPending && (
        <div className="spinner-border spinner-border-sm text-secondary" role="status">
          <span className="visually-hidden">Loading mail…</span>
        </div>
      )}
      {mailbox.isError && (
        <div className="alert alert-danger" role="alert">
          {errorText(mailbox.error)}
        </div>
      )}
      {mailbox.data?.length === 0 && <p>{filter ? `No mail to ${filter}.` : 'No mail yet.'}</p>}
      {mailbox.data?.map((mail) => (
        <MailCard key={mail.id} mail={mail} />
      ))}
    </>
  );
}

/**
 * /admin/mailbox: for administrators, the mail that failed for good (with RETRY), with or without SMTP; then,
 * while no SMTP is configured, the development mailbox, which holds every mail (decision 011). Support staff,
 * who do not see that list, are told who does.
 */
export function MailboxPage() {
  useDocumentTitle('Mailbox');
  const isAdmin = isAdminUser(useCurrentUser());
  const isDevelopmentMailbox = hasDevMailbox();
  return (
    <main className="admin-screen">
      <h1 className="h3 mb-3">Mailbox</h1>
      {!isDevelopmentMailbox && (
        <p className="text-body-secondary">
          Mail is delivered over SMTP and is not kept here.{' '}
          {isAdmin
            ? 'A mail that fails every attempt is listed here, to be sent again.'
            : 'A mail that fails every attempt is listed here for administrators, who can send it again.'}
        </p>
      )}
      {isAdmin && <FailedMailList emptyText={isDevelopmentMailbox ? undefined : 'No mail has failed.'} />}
      {isDevelopmentMailbox && <DevelopmentMailbox />}
    </main>
  );
}
