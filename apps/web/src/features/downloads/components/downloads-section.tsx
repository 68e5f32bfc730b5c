import { platformLabels, type OwnedProductDownloads, type ProductDownload } from '@store/contracts/download';
import { useId } from 'react';
import { errorText } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast-store';
import { getDownloadLink, useOwnedDownloads, useStartDownloadMutation } from '../api/downloads-api';
import { FileFacts } from './file-facts';
import { SendButton } from '../../../components/send-button';

function Notes({ text }: { text: string }) {
  if (!text) return null;
  return (
    <p className="small mb-0" style={{ whiteSpace: 'pre-line' }}>
      {text}
    </p>
  );
}

function DownloadButton({ download, productName, isCurrent }: { download: ProductDownload; productName: string; isCurrent: boolean }) {
  const start = useStartDownloadMutation(getDownloadLink);
  const label = `Download ${productName} ${download.version} for ${platformLabels[download.platform]}`;
  return (
    <>
      <SendButton
        type="button"
        className={`btn btn-sm ${isCurrent ? 'btn-primary' : 'btn-outline-primary'}`}
        aria-label={label}
        isPending={start.isPending}
        onClick={() =>
          start.mutate(download.id, {
            onSuccess: () => showToast(`Downloading ${download.fileName}.`),
          })
        }
      >
        {start.isPending ? 'Preparing…' : 'Download'}
      </SendButton>
      {start.isError && (
        <div className="text-danger small mt-1" role="alert">
          {errorText(start.error) || 'The download could not start. Please try again.'}
        </div>
      )}
    </>
  );
}

function ProductDownloads({ product }: { product: OwnedProductDownloads[number] }) {
  const current = product.downloads.filter((download) => download.isCurrent);
  const older = product.downloads.filter((download) => !download.isCurrent);
  // Not built from the name: a name with a space would make aria-labelledby two references to nothing.
  const headingId = useId();
  return (
    // An article, not a region: the licence of the same product is the region named after it.
    <article aria-labelledby={headingId} className="card mb-3" data-testid="product-downloads">
      <div className="card-body">
        <h3 id={headingId} className="h5 card-title">
          {product.productName}
        </h3>
        <ul className="list-unstyled mb-0">
          {current.map((download) => (
            <li key={download.id} className="border-top py-2" data-testid="current-download">
              <div className="d-flex flex-wrap align-items-start justify-content-between gap-2">
                <div style={{ flex: '1 1 16rem', minWidth: 0 }}>
                  <strong>{platformLabels[download.platform]}</strong> · version {download.version}
                  <FileFacts download={download} />
                </div>
                <div>
                  <DownloadButton download={download} productName={product.productName} isCurrent />
                </div>
              </div>
              <Notes text={download.notes} />
            </li>
          ))}
        </ul>
        {older.length > 0 && (
          <details className="mt-2">
            <summary>Older versions and release notes ({older.length})</summary>
            <ul className="list-unstyled mb-0 mt-2">
              {older.map((download) => (
                <li key={download.id} className="border-top py-2" data-testid="older-download">
                  <div className="d-flex flex-wrap align-items-start justify-content-between gap-2">
                    <div style={{ flex: '1 1 16rem', minWidth: 0 }}>
                      {platformLabels[download.platform]} · version {download.version}
                      <FileFacts download={download} />
                    </div>
                    <DownloadButton download={download} productName={product.productName} isCurrent={false} />
                  </div>
                  <Notes text={download.notes} />
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
    </article>
  );
}

/**
 * The customer area's Downloads: for each product the customer owns, the current installer per platform with its
 * size, SHA-256 and release notes, and the older versions folded away. Nothing for products they do not own.
 */
export function DownloadsSection({ userName }: { userName: string }) {
  const downloads = useOwnedDownloads(userName);
  return (
    <section aria-labelledby="downloads-heading" className="mb-5">
      <h2 id="downloads-heading" className="h4 mb-3">
        Downloads
      </h2>
      {downloads.isPending && (
        <div className="spinner-border spinner-border-sm text-secondary" role="status">
          <span className="visually-hidden">Loading downloads…</span>
        </div>
      )}
      {downloads.isError && (
        <div className="alert alert-danger" role="alert">
          {errorText(downloads.error) || 'The downloads could not be loaded. Please try again later.'}
        </div>
      )}
      {downloads.data?.length === 0 && (
        <p className="text-body-secondary" data-testid="no-downloads">
          No installers yet: they appear here for the products you own.
        </p>
      )}
      {downloads.data?.map((product) => (
        <ProductDownloads key={product.productName} product={product} />
      ))}
    </section>
  );
}
