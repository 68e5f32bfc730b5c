import {
  webhookEndpointRequest,
  webhookEventLabels,
  webhookEventTypes,
  type WebhookEndpoint,
  type WebhookEndpointRequest,
} from '@store/contracts/outbound-webhook';
import { FormField } from '../../../../components/form-field';
import { FormSubmit } from '../../../../components/form-submit';
import { useSchemaForm } from '../../../../lib/use-schema-form';

type WebhookEndpointFormProps = {
  /** The endpoint being edited; none: a new one is added. */
  editing?: WebhookEndpoint;
  /** Saves the values; the form empties itself after an endpoint was added. */
  onSave: (values: WebhookEndpointRequest) => Promise<boolean>;
  onCancel: () => void;
};

/**
 * An endpoint's address, description, events and switch (decision 062): adds one, or edits one (its secret is
 * neither shown nor changed here; rotation is its own button). Give it a `key` per endpoint edited.
 */
export function WebhookEndpointForm({ editing, onSave, onCancel }: WebhookEndpointFormProps) {
  const { register, handleSubmit, reset, formState, fieldOf } = useSchemaForm(webhookEndpointRequest, {
    defaultValues: editing
      ? { url: editing.url, description: editing.description, events: editing.events, isEnabled: editing.isEnabled }
      : { url: '', description: '', events: [], isEnabled: true },
  });
  const submit = handleSubmit(async (values) => {
    if ((await onSave(values)) && !editing) reset();
  });
  const title = editing ? `Edit the webhook endpoint ${editing.url}` : 'Add a webhook endpoint';

  return (
    <form onSubmit={submit} noValidate className="mb-4" aria-label={title}>
      {editing && <h2 className="h5">{title}</h2>}
      <div className="row g-2 align-items-start">
        <div className="col-md-6 col-lg-4">
          <FormField id="webhook-url" label="URL" {...fieldOf('url')} />
          <FormField id="webhook-description" label="Description" {...fieldOf('description')} />
          <div className="form-check">
            <input id="webhook-enabled" type="checkbox" className="form-check-input" {...register('isEnabled')} />
            <label htmlFor="webhook-enabled" className="form-check-label">
              On: events are sent to this address
            </label>
          </div>
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
          <FormSubmit label={editing ? 'SAVE ENDPOINT' : 'ADD ENDPOINT'} isPending={formState.isSubmitting}>
            {editing && (
              <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
                CANCEL
              </button>
            )}
          </FormSubmit>
        </div>
      </div>
    </form>
  );
}
