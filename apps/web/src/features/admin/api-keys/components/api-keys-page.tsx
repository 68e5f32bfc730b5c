import { zodResolver } from '@hookform/resolvers/zod';
import { apiKeyCreateRequest, apiKeyScopeLabels, apiKeyScopes, type ApiKeyCreateRequest } from '@store/contracts/api-key';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorText } from '../../../../lib/api-client';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { formatDateTime } from '../../shared/format-date';
import { useApiKeyMutations, useApiKeys } from '../api/api-keys-api';

/** /admin/api-keys: keys for the vendor's scripts, with their scopes; a new key's token is shown once (decision 052). */
export function ApiKeysPage() {
  useDocumentTitle('API keys');
  const keys = useApiKeys();
  const { create, revoke } = useApiKeyMutations();
  const [token, setToken] = useState('');
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState('');
  const { register, handleSubmit, reset, formState } = useForm<ApiKeyCreateRequest>({
    resolver: zodResolver(apiKeyCreateRequest),
    defaultValues: { name: '', scopes: [] },
  });

  const submit = handleSubmit(async (values) => {
    setFailure('');
    setMessage('');
    try {
      const created = await create.mutateAsync(values);
      setToken(created.token);
      reset();
    } catch (error) {
      setFailure(errorText(error));
    }
  });
  const revokeKey = async (id: number, name: string) => {
    if (!window.confirm(`Revoke the API key "${name}"? Scripts using it are refused from now on.`)) return;
    setFailure('');
    setToken('');
    try {
      await revoke.mutateAsync(id);
      setMessage(`The key "${name}" is revoked.`);
    } catch (error) {
      setFailure(errorText(error));
    }
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
            <label htmlFor="api-key-name" className="form-label">
              Name
            </label>
            <input id="api-key-name" className={formState.errors.name ? 'form-control is-invalid' : 'form-control'} {...register('name')} />
            {formState.errors.name && <div className="invalid-feedback">{formState.errors.name.message}</div>}
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
            <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
              CREATE KEY
            </button>
          </div>
        </div>
      </form>
      {token && (
        <div className="alert alert-warning" role="status">
          <p className="mb-1">Copy the key now: it is not shown again.</p>
          <code className="user-select-all" data-testid="api-key-token">
            {token}
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
      {keys.isPending && <p role="status">Loading…</p>}
      {keys.data && (
        <table className="table table-sm align-middle">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Key</th>
              <th scope="col">Scopes</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
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
