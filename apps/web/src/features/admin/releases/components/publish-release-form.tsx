import { channelLabels, releaseChannels } from '@store/contracts/download';
import { publishReleaseRequest, type PublishReleaseRequest } from '@store/contracts/release';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { CheckboxField, FormField, SelectField, TextAreaField } from '../../../../components/form-field';
import type { ReleaseToPublish } from '../api/releases-api';
import { PublishConfirmation } from './publish-confirmation';
import { ReleaseInstallers } from './release-installers';
import { FormSubmit } from '../../../../components/form-submit';
import { useSchemaForm } from '../../../../lib/use-schema-form';

const blankRelease: PublishReleaseRequest = { version: '', channel: 'stable', notes: '', notifyOwners: true };

/**
 * Publishing a version: its number, channel and notes, its installers (saved with the product editor's installer
 * form), and whether to mail the owners; PUBLISH asks for a confirmation that says how many owners will be mailed.
 */
export function PublishReleaseForm({ productId, productName }: { productId: number; productName: string }) {
  const { handleSubmit, control, reset, fieldOf } = useSchemaForm(publishReleaseRequest, {
    defaultValues: blankRelease,
  });
  const [toConfirm, setToConfirm] = useState<ReleaseToPublish | null>(null);
  const [version = '', channel = 'stable', notes = ''] = useWatch({ control, name: ['version', 'channel', 'notes'] });
  return (
    <section aria-labelledby="publish-release-heading">
      <h2 id="publish-release-heading" className="h4">
        Publish a release
      </h2>
      <form id="publish-release-form" onSubmit={handleSubmit(setToConfirm)} noValidate aria-label="Publish a release">
        <div className="row">
          <div className="col-md-4">
            <FormField id="release-version" label="Version" {...fieldOf('version')} />
          </div>
          <div className="col-md-4">
            <SelectField id="release-channel" label="Channel" {...fieldOf('channel')}>
              {releaseChannels.map((option) => (
                <option key={option} value={option}>
                  {channelLabels[option]}
                </option>
              ))}
            </SelectField>
          </div>
          <div className="col-12">
            <TextAreaField id="release-notes" label="Release notes" {...fieldOf('notes')} rows={4} />
          </div>
          <div className="col-12">
            <CheckboxField id="release-notify" label="Mail the owners who agreed to release mail" {...fieldOf('notifyOwners')} />
          </div>
        </div>
      </form>
      <ReleaseInstallers productId={productId} version={version.trim()} channel={channel} notes={notes} />
      <FormSubmit label="PUBLISH" isPending={false} form="publish-release-form" className="mt-3" />
      <PublishConfirmation
        productId={productId}
        productName={productName}
        release={toConfirm}
        onClose={() => setToConfirm(null)}
        onPublished={() => reset(blankRelease)}
      />
    </section>
  );
}
