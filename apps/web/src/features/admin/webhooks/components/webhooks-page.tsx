import type { WebhookEventRow } from '@store/contracts/webhook';
import { useState } from 'react';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { useActionFeedback } from '../../shared/action-feedback';
import { PlainTableHead } from '../../shared/plain-table-head';
import { useWebhookEvents, useWebhookMutations, type WebhookStatus } from '../api/webhooks-api';
import { FormSubmit } from '../../../../components/form-submit';

const statusLabels: Record<WebhookStatus, string> = { attention: 'Needs attention', failed: 'Failed (retried)', all: 'All events' };
const UNKNOWN_PATH = 'unknown product path: ';
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** The unknown product paths an event's reason names (the admin maps each to a product by name). */
const unknownPathsOf = (row: WebhookEventRow) =>
  row.attention?.startsWith(UNKNOWN_PATH) ? row.attention.slice(UNKNOWN_PATH.length).split(', ').filter(Boolean) : [];

/**
 * /admin/webhooks: FastSpring's webhook log and the "needs attention" list (decision 014): each event's id, type,
 * order, result and payload; replay a failed one, map unknown product paths to products, settle one by hand, and
 * run the reconciliation with FastSpring's API for a range of days.
 */
export function WebhooksPage() {
  useDocumentTitle('Webhooks');
  const [status, setStatus] = useState<WebhookStatus>('attention');
  const events = useWebhookEvents(status);
  const { replay, resolve, reconcile } = useWebhookMutations();
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [range, setRange] = useState({ from: daysAgo(3), to: today() });
  const { act, feedback } = useActionFeedback();
  const replayRow = (row: WebhookEventRow) =>
    act(async () => {
      const paths = unknownPathsOf(row);
      const productOfPath = Object.fromEntries(
        paths.filter((path) => mapping[`${row.id}:${path}`]).map((path) => [path, mapping[`${row.id}:${path}`]!]),
      );
      const after = await replay.mutateAsync({ id: row.id, body: paths.length > 0 ? { productOfPath } : {} });
      return after.result === 'attention'
        ? `Event ${row.id} still needs attention: ${after.attention ?? ''}`
        : `Event ${row.id} was processed.`;
    });
  const resolveRow = (row: WebhookEventRow) => {
    const note = window.prompt(`Why is event ${row.id} settled? (e.g. "refunded by hand")`);
    if (note?.trim()) void act(async () => (await resolve.mutateAsync({ id: row.id, note: note.trim() }), `Event ${row.id} is settled.`));
  };
  const runReconcile = () =>
    act(async () => {
      const result = await reconcile.mutateAsync(range);
      if (result.isSkipped) return 'The reconciliation is running elsewhere; try again in a minute.';
      const summary = `FastSpring named ${result.ordersSeen} orders and ${result.returnsSeen} returns; ${result.processedEventIds.length} missing events were processed, ${result.failedEventIds.length} failed.`;
      return result.lookupErrors.length > 0 ? `${summary} A lookup failed: ${result.lookupErrors.join('; ')}.` : summary;
    });

  return (
    <main className="admin-screen">
      <h1 className="h3 mb-3">Webhooks</h1>
      <form
        className="row g-2 align-items-end mb-3"
        aria-label="Reconcile with FastSpring"
        onSubmit={(event) => {
          event.preventDefault();
          void runReconcile();
        }}
      >
        <div className="col-auto">
          <label htmlFor="reconcile-from" className="form-label">
            From
          </label>
          <input
            id="reconcile-from"
            type="date"
            className="form-control"
            value={range.from}
            onChange={(event) => setRange({ ...range, from: event.target.value })}
          />
        </div>
        <div className="col-auto">
          <label htmlFor="reconcile-to" className="form-label">
            To
          </label>
          <input
            id="reconcile-to"
            type="date"
            className="form-control"
            value={range.to}
            onChange={(event) => setRange({ ...range, to: event.target.value })}
          />
        </div>
        <div className="col-auto">
          <FormSubmit label="RECONCILE WITH FASTSPRING" isPending={reconcile.isPending} />
        </div>
        <div className="col-auto ms-auto">
          <label htmlFor="webhook-status" className="form-label">
            Show
          </label>
          <select
            id="webhook-status"
            className="form-select"
            value={status}
            onChange={(event) => setStatus(event.target.value as WebhookStatus)}
          >
            {(Object.keys(statusLabels) as WebhookStatus[]).map((key) => (
              <option key={key} value={key}>
                {statusLabels[key]}
              </option>
            ))}
          </select>
        </div>
      </form>
      {feedback}
      {events.isPending && <p role="status">Loading…</p>}
      {events.data?.length === 0 && <p>{status === 'attention' ? 'Nothing needs attention.' : 'No events.'}</p>}
      {events.data && events.data.length > 0 && (
        <table className="table table-sm align-middle" aria-label={statusLabels[status]}>
          <PlainTableHead columns={['Event', 'Type', 'Order', 'Received', 'Result', 'Payload']} />
          <tbody>
            {events.data.map((row) => (
              <tr key={row.id}>
                <td className="text-break">{row.id}</td>
                <td>{row.type}</td>
                <td className="text-break">{row.providerOrderId ?? ''}</td>
                <td>{new Date(row.receivedAt).toLocaleString()}</td>
                <td>
                  <strong>{row.result}</strong>
                  {(row.attention ?? row.error) && <div className="small text-body-secondary">{row.attention ?? row.error}</div>}
                  {row.resolvedBy && <div className="small text-body-secondary">settled: {row.resolvedBy}</div>}
                  {row.result === 'attention' &&
                    unknownPathsOf(row).map((path) => (
                      <input
                        key={path}
                        className="form-control form-control-sm mt-1"
                        aria-label={`Product for ${path}`}
                        placeholder={`Product for ${path}`}
                        value={mapping[`${row.id}:${path}`] ?? ''}
                        onChange={(event) => setMapping({ ...mapping, [`${row.id}:${path}`]: event.target.value })}
                      />
                    ))}
                </td>
                <td>
                  <details>
                    <summary>JSON</summary>
                    <pre className="small mb-0" style={{ maxWidth: '40rem', whiteSpace: 'pre-wrap' }}>
                      {JSON.stringify(row.payload, null, 2)}
                    </pre>
                  </details>
                </td>
                <td className="text-end text-nowrap">
                  {row.result !== 'processed' && row.result !== 'resolved' && (
                    <>
                      <button type="button" className="btn btn-outline-primary btn-sm me-1" onClick={() => void replayRow(row)}>
                        REPLAY
                      </button>
                      <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => resolveRow(row)}>
                        SETTLE
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
