import { webhookEventLabels, type WebhookEndpoint, type WebhookEndpointRequest } from '@store/contracts/outbound-webhook';
import { useState } from 'react';
import { SecretShownOnce } from '../../../../components/secret-shown-once';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { useActionFeedback } from '../../shared/action-feedback';
import { formatDateTime } from '../../shared/format-date';
import { PlainTableHead } from '../../shared/plain-table-head';
import { useOutboundWebhookMutations, useOutboundWebhooks } from '../api/outbound-webhooks-api';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookEndpointForm } from './webhook-endpoint-form';

/**
 * /admin/outbound-webhooks: the endpoints that receive the store's events (decisions 052, 062), each with its
 * events, its signing secret (shown once, at creation and rotation), editing, its delivery log and replay.
 */
export function OutboundWebhooksPage() {
  useDocumentTitle('Outbound webhooks');
  const endpoints = useOutboundWebhooks();
  const { create, update, remove, rotate, replay } = useOutboundWebhookMutations();
  // With the endpoint's id: deleting another endpoint leaves the secret just shown in place.
  const [secret, setSecret] = useState<{ id: number; url: string; secret: string }>();
  const [shownLog, setShownLog] = useState<number>();
  const [editing, setEditing] = useState<WebhookEndpoint>();
  const { act, feedback } = useActionFeedback();

  const save = async (values: WebhookEndpointRequest) => {
    let isSaved = false;
    if (editing) {
      await act(async () => {
        await update.mutateAsync({ id: editing.id, body: values });
        setEditing(undefined);
        isSaved = true;
      }, `${values.url} is saved.`);
      return isSaved;
    }
    await act(async () => {
      const created = await create.mutateAsync(values);
      setSecret({ id: created.id, url: created.url, secret: created.secret });
      isSaved = true;
    }, `${values.url} receives its events from now on.`);
    return isSaved;
  };
  const rotateSecret = (endpoint: WebhookEndpoint) => {
    if (!window.confirm(`Give ${endpoint.url} a new signing secret? The current one keeps signing beside it for 24 hours.`)) return;
    void act(async () => {
      const rotated = await rotate.mutateAsync(endpoint.id);
      setSecret({ id: rotated.id, url: rotated.url, secret: rotated.secret });
    }, 'The secret is rotated.');
  };
  const setEnabled = (endpoint: WebhookEndpoint, isEnabled: boolean) =>
    void act(
      () =>
        update.mutateAsync({
          id: endpoint.id,
          body: { url: endpoint.url, description: endpoint.description, events: endpoint.events, isEnabled },
        }),
      `${endpoint.url} is ${isEnabled ? 'on' : 'off'}.`,
    );
  const removeEndpoint = (endpoint: WebhookEndpoint) => {
    if (!window.confirm(`Delete the webhook endpoint ${endpoint.url} with its delivery log?`)) return;
    if (secret?.id === endpoint.id) setSecret(undefined);
    if (editing?.id === endpoint.id) setEditing(undefined);
    void act(() => remove.mutateAsync(endpoint.id), `${endpoint.url} is deleted.`);
  };
  const replayDelivery = (deliveryId: number) => {
    if (!window.confirm('Send this event to the endpoint again?')) return;
    void act(() => replay.mutateAsync(deliveryId), 'The event is queued to be sent again.');
  };

  return (
    <main className="admin-screen">
      <h1 className="h3 mb-3">Outbound webhooks</h1>
      <WebhookEndpointForm key={editing?.id ?? 'new'} editing={editing} onSave={save} onCancel={() => setEditing(undefined)} />
      {secret && <SecretShownOnce label={`The signing secret of ${secret.url}`} secret={secret.secret} testId="webhook-secret" />}
      {feedback}
      {endpoints.isPending && <p role="status">Loading…</p>}
      {endpoints.data && (
        <table className="table table-sm align-middle">
          <PlainTableHead columns={['URL', 'Events', 'Since']} />
          <tbody>
            {endpoints.data.map((endpoint) => (
              <tr key={endpoint.id} className={endpoint.isEnabled ? undefined : 'text-body-secondary'}>
                <td>
                  <div>{endpoint.url}</div>
                  <div className="small text-body-secondary">{endpoint.description}</div>
                </td>
                <td className="small">{endpoint.events.map((type) => webhookEventLabels[type]).join(', ')}</td>
                <td>{formatDateTime(endpoint.createdAt)}</td>
                <td className="text-end text-nowrap">
                  <button
                    type="button"
                    className="btn btn-outline-secondary btn-sm me-1"
                    onClick={() => setShownLog(shownLog === endpoint.id ? undefined : endpoint.id)}
                  >
                    {shownLog === endpoint.id ? 'HIDE LOG' : 'LOG'}
                  </button>
                  <button type="button" className="btn btn-outline-secondary btn-sm me-1" onClick={() => setEditing(endpoint)}>
                    EDIT
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline-secondary btn-sm me-1"
                    onClick={() => setEnabled(endpoint, !endpoint.isEnabled)}
                  >
                    {endpoint.isEnabled ? 'TURN OFF' : 'TURN ON'}
                  </button>
                  <button type="button" className="btn btn-outline-secondary btn-sm me-1" onClick={() => rotateSecret(endpoint)}>
                    ROTATE SECRET
                  </button>
                  <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => removeEndpoint(endpoint)}>
                    DELETE
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {shownLog !== undefined && (
        <section aria-label="Deliveries">
          <h2 className="h5">Deliveries to {endpoints.data?.find((endpoint) => endpoint.id === shownLog)?.url}</h2>
          <WebhookDeliveries endpointId={shownLog} onReplay={replayDelivery} />
        </section>
      )}
    </main>
  );
}
