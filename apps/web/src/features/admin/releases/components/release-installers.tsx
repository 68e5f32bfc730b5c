import { platformLabels, type ReleaseChannel } from '@store/contracts/download';
import { useState } from 'react';
import { emptyInstaller, InstallerForm } from '../../products/components/installer-form';
import { useProductDownloads } from '../../products/api/product-downloads-api';
import { ErrorAlert } from '../../../../components/error-alert';

type ReleaseInstallersProps = { productId: number; version: string; channel: ReleaseChannel; notes: string };

/**
 * The installers of the version being published, one per platform: the product's installers of that version and
 * channel, and the product editor's installer form to add one (version, channel and notes filled in).
 */
export function ReleaseInstallers({ productId, version, channel, notes }: ReleaseInstallersProps) {
  const downloads = useProductDownloads(productId);
  const [isAdding, setIsAdding] = useState(false);
  const installers = downloads.data?.filter((download) => download.version === version && download.channel === channel) ?? [];
  return (
    <section aria-labelledby="release-installers-heading" className="mb-2">
      <h3 id="release-installers-heading" className="h6">
        Installers of this version
      </h3>
      <ErrorAlert error={downloads.error} />
      {version === '' ? (
        <p className="text-body-secondary small">Enter the version to see its installers.</p>
      ) : installers.length === 0 ? (
        <p className="text-body-secondary small">
          No {channel} installers of version {version} yet: add one for each platform.
        </p>
      ) : (
        <ul data-testid="release-installers">
          {installers.map((installer) => (
            <li key={installer.id}>
              {platformLabels[installer.platform]}: {installer.fileName} ({installer.releaseDate})
            </li>
          ))}
        </ul>
      )}
      {isAdding ? (
        <InstallerForm productId={productId} initial={{ ...emptyInstaller(), version, channel, notes }} onDone={() => setIsAdding(false)} />
      ) : (
        <button type="button" className="btn btn-outline-primary btn-sm" disabled={version === ''} onClick={() => setIsAdding(true)}>
          ADD INSTALLER
        </button>
      )}
    </section>
  );
}
