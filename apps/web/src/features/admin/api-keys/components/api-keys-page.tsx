import { apiKeyCreateRequest, apiKeyScopeLabels, apiKeyScopes } from '@store/contracts/api-key';
import { useState } from 'react';
import { FormField } from '../../../../components/form-field';
import { SecretShownOnce } from '../../../../components/secret-shown-once';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { useActionFeedback } from '../../shared/action-feedback';
import { formatDateTime } from '../../shared/format-date';
import { PlainTableHead } from '../../shared/plain-table-head';
import { useApiKeyMutations, useApiKeys } from '../api/api-keys-api';
import { FormSubmit } from '../../../../components/form-submit';
import { useSchemaForm } from '../../../../lib/use-schema-form';

/** /admin/api-keys: keys for the vendor's scripts, with their scopes; a new key's token is shown once (decision 052). */
export function ApiKeysPage() {
  useDocumentTitle('API keys');
  const keys = useApiKeys();
  const { create, revoke } = useApiKeyMutations();
  // The new key's token with the key's id: revoking another key (the old one, in a rotation) leaves it shown.
  const [created, setCreated] = useState<{ id: number; token: string }>();
  const { act, feedback } = useActionFeedback();
  const { register, handleSubmit, reset, formState, fieldOf } = useSchemaForm(apiKeyCreateRequest, {
    defaultValues: { name: '', scopes: [] },
  });

  const submit = handleSubmit((values) =>
    act(async () => {
      const key = await create.mutateAsync(values);
      setCreated({ id: key.id, token: key.token });
      reset();
    }),
  );
  const revokeKey = async (id: number, name: string) => {
    if (!window.confirm(`Revoke the API key "${name}"? Scripts using it are refused from now on.`)) return;
    if (created?.id === id) setCreated(undefined);
    await act(() => revoke.mutateAsync(id), `The key "${name}" is revoked.`);
  };

  return (
    <main className="admin-screen">
      <h1 className="h3 mb-3">API keys</h1>
      <p className="text-body-secondary">
        Scripts send a key as <code>Authorization: Bearer psk_…</code> to the calls under <code>/api/v1</code> (listed at{' '}
        <a href="/api/docs">/api/docs</a>).
      </p>
      <form onSubmit={submit} noValidate className="mb-4" aria-label="Create an API key">
        <div className="row g-2 align-items-start">
          <div className="col-sm-6 col-lg-4">
            <FormField id="api-key-name" label="Name" {...fieldOf('name')} />
          </div>
          <fieldset className="col-sm-6 col-lg-5">
            <legend className="form-label fs-6">Scopes</legend>
            {apiKeyScopes.map((scope) => (
              <div className="form-check" key={scope}>
                <input id={`api-key-scope-${scope}`} type="checkbox" className="form-check-input" value={scope} {...register('scopes')} />
                <label htmlFor={`api-key-scope-${scope}`} className="form-check-label">
                  {apiKeyScopeLabels[scope]} <code>{scope}</code>
                </label>
              </div>
            ))}
            {formState.errors.scopes && <div className="text-danger small">{formState.errors.scopes.message}</div>}
          </fieldset>
          <div className="col-auto align-self-end">
            <FormSubmit label="CREATE KEY" isPending={formState.isSubmitting} />
          </div>
        </div>
      </form>
      {created && <SecretShownOnce label="The new API key" secret={created.token} testId="api-key-token" />}
      {feedback}
      {keys.isPending && <p role="status">Loading…</p>}
      {keys.data && (
        <table className="table table-sm align-middle">
          <PlainTableHead columns={['Name', 'Key', 'Scopes', 'Created', 'Last used']} />
          <tbody>
            {keys.data.map((key) => (
              <tr key={key.id} className={key.revokedAt ? 'text-body-secondary' : undefined}>
                <td>{key.name}</td>
                <td>
                  <code>{key.prefix}…</code>
                </td>
                <td>{key.scopes.join(', ')}</td>
                <td>
                  {formatDateTime(key.createdAt)} by {key.createdBy}
                </td>
                <td>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'never'}</td>
                <td className="text-end">
                  {key.revokedAt ? (
                    `revoked ${formatDateTime(key.revokedAt)}`
                  ) : (
                    <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => void revokeKey(key.id, key.name)}>
                      REVOKE
                    </button>
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
