import { platformLabels, type PublicDownload } from '@store/contracts/download';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast-store';
import { getPublicDownloadLink, usePublicDownloads, useStartDownloadMutation } from '../api/downloads-api';
import { FileFacts } from './file-facts';
import { SendButton } from '../../../components/send-button';

function TrialDownloadButton({ download, productName }: { download: PublicDownload; productName: string }) {
  const start = useStartDownloadMutation(getPublicDownloadLink);
  const platform = platformLabels[download.platform];
  return (
    <>
      <SendButton
        type="button"
        className="btn btn-primary"
        aria-label={`Download ${productName} ${download.version} for ${platform}`}
        isPending={start.isPending}
        onClick={() => start.mutate(download.id, { onSuccess: () => showToast(`Downloading ${download.fileName}.`) })}
      >
        {start.isPending ? 'Preparing…' : `Download for ${platform}`}
      </SendButton>
      {start.isError && (
        <div className="text-danger small mt-1" role="alert">
          {errorText(start.error) || 'The download could not start. Please try again.'}
        </div>
      )}
    </>
  );
}

/**
 * A product page's trial downloads (decision 035): the current public installer of each platform for any visitor,
 * no account needed, and how the trial starts: by itself in the plug-in, or by Device ID on the trial page for a
 * computer without internet (decision 017). Nothing for a page that is no product, or a product with no public
 * installer.
 */
export function TrialDownloadsSection({ productName }: { productName: string }) {
  const installers = usePublicDownloads(productName);
  if (installers.isPending) {
    return (
      <div className="visually-hidden" role="status">
        Loading installers…
      </div>
    );
  }
  const product = installers.data;
  if (!product || product.downloads.length === 0) return null;
  const { trialDays } = product;
  const name = product.productName;
  return (
    <section aria-labelledby="trial-downloads-heading" className="border-top mt-5 pt-4" data-testid="trial-downloads">
      <h2 id="trial-downloads-heading">
        Try {name} free for {trialDays} days
      </h2>
      <p>
        Download the installer for your computer, no account needed: the full plug-in runs as a {trialDays}-day trial until you activate it.
        Each computer gets one trial; it ends by itself, nothing is charged.
      </p>
      <ul className="list-unstyled row g-3">
        {product.downloads.map((download) => (
          <li key={download.id} className="col-md-6 col-lg-4" data-testid="trial-download">
            <div className="border rounded p-3 h-100">
              <h3 className="h6">
                {platformLabels[download.platform]} · version {download.version}
              </h3>
              <FileFacts download={download} />
              <div className="mt-2">
                <TrialDownloadButton download={download} productName={name} />
              </div>
            </div>
          </li>
        ))}
      </ul>
      <h3 className="h5 mt-4">How the trial starts</h3>
      <ol>
        <li>Install it, restart your host and open {name}.</li>
        <li>With internet, the plug-in starts its {trialDays}-day trial by itself: nothing to type.</li>
        <li>
          On a computer without internet, the plug-in shows its Device ID:{' '}
          <Link to={paths.trial(name)}>start the trial on this website</Link> with it, then load the key file you get into the plug-in.
        </li>
        <li>
          Bought it? Log in in the plug-in with your account&apos;s email address and password, or load your key: the same installation is
          unlocked.
        </li>
      </ol>
    </section>
  );
}
