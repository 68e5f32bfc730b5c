import {
  channelLabels,
  downloadPlatforms,
  platformLabels,
  releaseChannels,
  saveProductDownloadRequest,
  type AdminProductDownload,
  type SaveProductDownloadRequest,
} from '@store/contracts/download';
import { FormField, TextAreaField } from '../../../../components/form-field';
import { showToast } from '../../../../lib/toast-store';
import { FormSubmit } from '../../../../components/form-submit';
import { useSaveProductDownloadMutation } from '../api/product-downloads-api';
import { useSchemaForm } from '../../../../lib/use-schema-form';

const today = () => new Date().toISOString().slice(0, 10);
/** A new installer: the owners' until the administrator offers it to everyone. */
export const emptyInstaller = (): SaveProductDownloadRequest => ({
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
  isPublic: false,
  channel: 'stable',
});
export const formOf = (download: AdminProductDownload): SaveProductDownloadRequest => ({
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
  isPublic: download.isPublic,
  channel: download.channel,
});

/** Adds or changes one installer of the product. */
export function InstallerForm({
  productId,
  initial,
  onDone,
}: {
  productId: number;
  initial: SaveProductDownloadRequest;
  onDone: () => void;
}) {
  const save = useSaveProductDownloadMutation(productId);
  const { register, handleSubmit, fieldOf } = useSchemaForm(saveProductDownloadRequest, {
    defaultValues: initial,
  });
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
        <div className="col-md-3 mb-3">
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
        <div className="col-md-3 mb-3">
          <label htmlFor={`${prefix}-channel`} className="form-label">
            Channel
          </label>
          <select id={`${prefix}-channel`} className="form-select" {...register('channel')}>
            {releaseChannels.map((channel) => (
              <option key={channel} value={channel}>
                {channelLabels[channel]}
              </option>
            ))}
          </select>
        </div>
        <div className="col-md-3">
          <FormField id={`${prefix}-version`} label="Version" {...fieldOf('version')} />
        </div>
        <div className="col-md-3">
          <FormField id={`${prefix}-release`} label="Release date (YYYY-MM-DD)" {...fieldOf('releaseDate')} />
        </div>
        <div className="col-md-6">
          <FormField id={`${prefix}-file`} label="File name" {...fieldOf('fileName')} />
        </div>
        <div className="col-md-6">
          <FormField id={`${prefix}-size`} label="Size in bytes" {...fieldOf('sizeBytes')} />
        </div>
        <div className="col-12">
          <FormField id={`${prefix}-sha`} label="SHA-256" {...fieldOf('sha256')} />
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
          <FormField id={`${prefix}-location`} label="Object key or URL" {...fieldOf('location')} />
        </div>
        <div className="col-12 mb-3">
          <div className="form-check form-switch">
            <input
              id={`${prefix}-public`}
              type="checkbox"
              role="switch"
              className="form-check-input"
              aria-describedby={`${prefix}-public-help`}
              {...register('isPublic')}
            />
            <label htmlFor={`${prefix}-public`} className="form-check-label">
              Offer to every visitor on the product&apos;s page (trial build)
            </label>
          </div>
          <div id={`${prefix}-public-help`} className="form-text">
            Off: only owners get it, in their account. On: anyone can download it without an account and try the product.
          </div>
        </div>
        <div className="col-12">
          <TextAreaField id={`${prefix}-notes`} label="Release notes" {...fieldOf('notes')} rows={3} />
        </div>
      </div>
      <FormSubmit label="SAVE INSTALLER" isPending={save.isPending} error={save.error}>
        <button type="button" className="btn btn-outline-secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </button>
      </FormSubmit>
    </form>
  );
}
