import '../../../../styles/tables.scss';
import { platformLabels, type SaveProductDownloadRequest } from '@store/contracts/download';
import { useState } from 'react';
import { Link } from 'react-router';
import { showToast } from '../../../../lib/toast-store';
import { adminPaths } from '../../shared/admin-paths';
import { ErrorAlert } from '../../../../components/error-alert';
import { useDeleteProductDownloadMutation, useProductDownloads } from '../api/product-downloads-api';
import { emptyInstaller, formOf, InstallerForm } from './installer-form';
import { SendButton } from '../../../../components/send-button';

/** The Downloads of NEW PRODUCT: installers belong to a saved product (the server keeps none for product 0). */
export function NewProductDownloads() {
  return (
    <section aria-labelledby="product-downloads-heading" className="mt-5">
      <h2 id="product-downloads-heading" className="h4">
        Downloads
      </h2>
      <p>Save the product to add installers.</p>
    </section>
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
        Installers owners see in their account; those offered to everyone are also on the product&apos;s page for visitors to try, and
        counted each time a visitor gets one. Bucket files are handed out as links that expire; a URL is handed out as it is. To tell the
        plug-ins and the owners about a version, publish it under <Link to={adminPaths.releases(productId)}>Releases</Link>.
      </p>
      {downloads.isPending && <p aria-busy="true">Loading…</p>}
      <ErrorAlert error={downloads.error} />
      {downloads.data?.length === 0 && <p>No installers yet.</p>}
      {downloads.data && downloads.data.length > 0 && (
        // Positioned, so the visually hidden "Actions" header scrolls with the table instead of widening the page.
        <div className="table-responsive position-relative">
          <table className="table table-sm align-middle">
            <thead>
              <tr>
                <th scope="col">Platform</th>
                <th scope="col">Version</th>
                <th scope="col">File</th>
                <th scope="col">Released</th>
                <th scope="col">For</th>
                <th scope="col" className="text-end">
                  Visitor downloads
                </th>
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
                  <td>{download.isPublic ? 'Everyone (trial)' : download.channel === 'beta' ? 'Beta owners' : 'Owners only'}</td>
                  <td className="text-end" data-testid="download-count">
                    {download.downloadCount.toLocaleString()}
                  </td>
                  <td className="text-end text-nowrap">
                    <button type="button" className="btn btn-sm btn-outline-primary me-2" onClick={() => setEditing(formOf(download))}>
                      EDIT
                    </button>
                    <SendButton
                      type="button"
                      className="btn btn-sm btn-outline-danger"
                      aria-label={`Delete ${platformLabels[download.platform]} ${download.version}`}
                      isPending={remove.isPending}
                      onClick={() => {
                        if (window.confirm(`Remove installer ${download.version} for ${platformLabels[download.platform]}?`)) {
                          remove.mutate(download.id, { onSuccess: () => showToast(`Installer ${download.version} removed.`) });
                        }
                      }}
                    >
                      X
                    </SendButton>
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
