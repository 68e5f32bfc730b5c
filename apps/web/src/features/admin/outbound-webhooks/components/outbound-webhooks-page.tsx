import { zodResolver } from '@hookform/resolvers/zod';
import {
  webhookEndpointRequest,
  webhookEventLabels,
  webhookEventTypes,
  type WebhookEndpoint,
  type WebhookEndpointRequest,
  type WebhookEndpointRequestInput,
} from '@store/contracts/outbound-webhook';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorText } from '../../../../lib/api-client';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { formatDateTime } from '../../shared/format-date';
import { useOutboundWebhookMutations, useOutboundWebhooks } from '../api/outbound-webhooks-api';
import { WebhookDeliveries } from './webhook-deliveries';

/**
 * /admin/outbound-webhooks: the endpoints that receive the store's events (decision 052), each with its events,
 * its signing secret (shown once, at creation and rotation), its delivery log and replay.
 */
export function OutboundWebhooksPage() {
  useDocumentTitle('Outbound webhooks');
  const endpoints = useOutboundWebhooks();
  const { create, update, remove, rotate, replay } = useOutboundWebhookMutations();
  const [secret, setSecret] = useState<{ url: string; secret: string }>();
  const [shownLog, setShownLog] = useState<number>();
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState('');
  const { register, handleSubmit, reset, formState } = useForm<WebhookEndpointRequestInput, unknown, WebhookEndpointRequest>({
    resolver: zodResolver(webhookEndpointRequest),
    defaultValues: { url: '', description: '', events: [], isEnabled: true },
  });

  const act = async (action: () => Promise<unknown>, done: string) => {
    setFailure('');
    setMessage('');
    try {
      await action();
      setMessage(done);
    } catch (error) {
      setFailure(errorText(error));
    }
  };
  const submit = handleSubmit((values) =>
    act(async () => {
      const created = await create.mutateAsync(values);
      setSecret({ url: created.url, secret: created.secret });
      reset();
    }, `${values.url} receives its events from now on.`),
  );
  const rotateSecret = (endpoint: WebhookEndpoint) => {
    if (!window.confirm(`Give ${endpoint.url} a new signing secret? The current one keeps signing beside it for 24 hours.`)) return;
    void act(async () => {
      const rotated = await rotate.mutateAsync(endpoint.id);
      setSecret({ url: rotated.url, secret: rotated.secret });
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
    setSecret(undefined);
    void act(() => remove.mutateAsync(endpoint.id), `${endpoint.url} is deleted.`);
  };
  const replayDelivery = (deliveryId: number) => {
    if (!window.confirm('Send this event to the endpoint again?')) return;
    void act(() => replay.mutateAsync(deliveryId), 'The event is queued to be sent again.');
  };

  return (
    <main className="admin-screen">
      <h1 className="h3 mb-3">Outbound webhooks</h1>
      <form onSubmit={submit} noValidate className="mb-4" aria-label="Add a webhook endpoint">
        <div className="row g-2 align-items-start">
          <div className="col-md-6 col-lg-4">
            <label htmlFor="webhook-url" className="form-label">
              URL
            </label>
            <input id="webhook-url" className={formState.errors.url ? 'form-control is-invalid' : 'form-control'} {...register('url')} />
            {formState.errors.url && <div className="invalid-feedback">{formState.errors.url.message}</div>}
            <label htmlFor="webhook-description" className="form-label mt-2">
              Description
            </label>
            <input id="webhook-description" className="form-control" {...register('description')} />
          </div>
          <fieldset className="col-md-6 col-lg-5">
            <legend className="form-label fs-6">Events</legend>
            <div className="row row-cols-2">
              {webhookEventTypes.map((type) => (
                <div className="form-check col" key={type}>
                  <input id={`webhook-event-${type}`} type="checkbox" className="form-check-input" value={type} {...register('events')} />
                  <label htmlFor={`webhook-event-${type}`} className="form-check-label">
                    {webhookEventLabels[type]}
                  </label>
                </div>
              ))}
            </div>
            {formState.errors.events && <div className="text-danger small">{formState.errors.events.message}</div>}
          </fieldset>
          <div className="col-auto align-self-end">
            <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
              ADD ENDPOINT
            </button>
          </div>
        </div>
      </form>
      {secret && (
        <div className="alert alert-warning" role="status">
          <p className="mb-1">The signing secret of {secret.url}. Copy it now: it is not shown again.</p>
          <code className="user-select-all" data-testid="webhook-secret">
            {secret.secret}
          </code>
        </div>
      )}
      {message && (
        <p className="alert alert-success" role="status">
          {message}
        </p>
      )}
      {failure && (
        <p className="alert alert-danger" role="alert">
          {failure}
        </p>
      )}
      {endpoints.isPending && <p role="status">Loading…</p>}
      {endpoints.data && (
        <table className="table table-sm align-middle">
          <thead>
            <tr>
              <th scope="col">URL</th>
              <th scope="col">Events</th>
              <th scope="col">Since</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
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
