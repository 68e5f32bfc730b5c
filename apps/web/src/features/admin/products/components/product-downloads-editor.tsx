import '../../../../styles/tables.scss';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  downloadPlatforms,
  platformLabels,
  saveProductDownloadRequest,
  type AdminProductDownload,
  type SaveProductDownloadRequest,
  type SavedProductDownload,
} from '@store/contracts/download';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '../../../../components/form-field';
import { showToast } from '../../../../lib/toast-store';
import { TextAreaField } from '../../shared/admin-fields';
import { ErrorAlert } from '../../shared/error-alert';
import { useDeleteProductDownloadMutation, useProductDownloads, useSaveProductDownloadMutation } from '../api/product-downloads-api';

const today = () => new Date().toISOString().slice(0, 10);
const emptyInstaller = (): SaveProductDownloadRequest => ({
  id: 0,
  platform: 'macos',
  version: '',
  fileName: '',
  sizeBytes: 0,
  sha256: '',
  releaseDate: today(),
  notes: '',
  storage: 's3',
  location: '',
});
const formOf = (download: AdminProductDownload): SaveProductDownloadRequest => ({
  id: download.id,
  platform: download.platform,
  version: download.version,
  fileName: download.fileName,
  sizeBytes: download.sizeBytes,
  sha256: download.sha256,
  releaseDate: download.releaseDate,
  notes: download.notes,
  storage: download.storage,
  location: download.location,
});

function InstallerForm({ productId, initial, onDone }: { productId: number; initial: SaveProductDownloadRequest; onDone: () => void }) {
  const save = useSaveProductDownloadMutation(productId);
  const { register, handleSubmit, formState } = useForm<SaveProductDownloadRequest, unknown, SavedProductDownload>({
    resolver: zodResolver(saveProductDownloadRequest),
    defaultValues: initial,
  });
  const { errors } = formState;
  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      showToast(initial.id === 0 ? `Installer ${values.version} added.` : `Installer ${values.version} saved.`);
      onDone();
    } catch {
      // The error is shown below the form.
    }
  });
  const prefix = `installer-${initial.id}`;
  return (
    <form
      onSubmit={submit}
      noValidate
      className="border rounded p-3 mb-3"
      aria-label={initial.id === 0 ? 'New installer' : `Edit installer ${initial.version}`}
    >
      <div className="row">
        <div className="col-md-4 mb-3">
          <label htmlFor={`${prefix}-platform`} className="form-label">
            Platform
          </label>
          <select id={`${prefix}-platform`} className="form-select" {...register('platform')}>
            {downloadPlatforms.map((platform) => (
              <option key={platform} value={platform}>
                {platformLabels[platform]}
              </option>
            ))}
          </select>
        </div>
        <div className="col-md-4">
          <FormField id={`${prefix}-version`} label="Version" registration={register('version')} error={errors.version?.message} />
        </div>
        <div className="col-md-4">
          <FormField
            id={`${prefix}-release`}
            label="Release date (YYYY-MM-DD)"
            registration={register('releaseDate')}
            error={errors.releaseDate?.message}
          />
        </div>
        <div className="col-md-6">
          <FormField id={`${prefix}-file`} label="File name" registration={register('fileName')} error={errors.fileName?.message} />
        </div>
        <div className="col-md-6">
          <FormField id={`${prefix}-size`} label="Size in bytes" registration={register('sizeBytes')} error={errors.sizeBytes?.message} />
        </div>
        <div className="col-12">
          <FormField id={`${prefix}-sha`} label="SHA-256" registration={register('sha256')} error={errors.sha256?.message} />
        </div>
        <div className="col-md-4 mb-3">
          <label htmlFor={`${prefix}-storage`} className="form-label">
            Stored
          </label>
          <select id={`${prefix}-storage`} className="form-select" {...register('storage')}>
            <option value="s3">In the bucket (object key)</option>
            <option value="url">At a URL</option>
          </select>
        </div>
        <div className="col-md-8">
          <FormField
            id={`${prefix}-location`}
            label="Object key or URL"
            registration={register('location')}
            error={errors.location?.message}
          />
        </div>
        <div className="col-12">
          <TextAreaField
            id={`${prefix}-notes`}
            label="Release notes"
            registration={register('notes')}
            error={errors.notes?.message}
            rows={3}
          />
        </div>
      </div>
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          SAVE INSTALLER
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </button>
      </div>
      <ErrorAlert error={save.error} />
    </form>
  );
}

/** The product editor's installers: list, add, edit and remove (the file stays where the vendor keeps it). */
export function ProductDownloadsEditor({ productId }: { productId: number }) {
  const downloads = useProductDownloads(productId);
  const remove = useDeleteProductDownloadMutation(productId);
  const [editing, setEditing] = useState<SaveProductDownloadRequest | null>(null);
  return (
    <section aria-labelledby="product-downloads-heading" className="mt-5">
      <h2 id="product-downloads-heading" className="h4">
        Downloads
      </h2>
      <p className="text-body-secondary small">
        Installers owners see in their account. Bucket files are handed out as links that expire; a URL is handed out as it is.
      </p>
      {downloads.isPending && <p aria-busy="true">Loading…</p>}
      <ErrorAlert error={downloads.error} />
      {downloads.data?.length === 0 && <p>No installers yet.</p>}
      {downloads.data && downloads.data.length > 0 && (
        <div className="table-responsive">
          <table className="table table-sm align-middle">
            <thead>
              <tr>
                <th scope="col">Platform</th>
                <th scope="col">Version</th>
                <th scope="col">File</th>
                <th scope="col">Released</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {downloads.data.map((download) => (
                <tr key={download.id} data-testid="admin-download">
                  <td>{platformLabels[download.platform]}</td>
                  <td>{download.version}</td>
                  <td className="text-break">
                    {download.fileName}
                    <div className="small text-body-secondary">
                      {download.storage === 's3' ? 'bucket: ' : ''}
                      {download.location}
                    </div>
                  </td>
                  <td>{download.releaseDate}</td>
                  <td className="text-end text-nowrap">
                    <button type="button" className="btn btn-sm btn-outline-primary me-2" onClick={() => setEditing(formOf(download))}>
                      EDIT
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-danger"
                      aria-label={`Delete ${platformLabels[download.platform]} ${download.version}`}
                      disabled={remove.isPending}
                      onClick={() => {
                        if (window.confirm(`Remove installer ${download.version} for ${platformLabels[download.platform]}?`)) {
                          remove.mutate(download.id, { onSuccess: () => showToast(`Installer ${download.version} removed.`) });
                        }
                      }}
                    >
                      X
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ErrorAlert error={remove.error} />
      {editing ? (
        <InstallerForm key={editing.id} productId={productId} initial={editing} onDone={() => setEditing(null)} />
      ) : (
        <button type="button" className="btn btn-outline-primary" onClick={() => setEditing(emptyInstaller())}>
          NEW INSTALLER
        </button>
      )}
    </section>
  );
}
