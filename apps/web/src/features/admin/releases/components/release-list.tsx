import { channelLabels } from '@store/contracts/download';
import type { AdminRelease } from '@store/contracts/release';
import { ErrorAlert } from '../../../../components/error-alert';
import { formatDateTime } from '../../shared/format-date';
import { useReleases } from '../api/releases-api';

/** How far a release's mail got: not asked for, or its mails queued, sent and failed in the outbox. */
const mailState = (release: AdminRelease): string => {
  if (!release.isMailing) return 'Not mailed';
  const parts = [`${release.mailQueued} queued`, `${release.mailSent} sent`];
  if (release.mailFailed > 0) parts.push(`${release.mailFailed} failed`);
  return parts.join(', ');
};

/** The product's releases, newest first, with the state of their mail to the owners. */
export function ReleaseList({ productId }: { productId: number }) {
  const releases = useReleases(productId);
  return (
    <section aria-labelledby="release-list-heading" className="mt-5">
      <h2 id="release-list-heading" className="h4">
        Published releases
      </h2>
      {releases.isPending && <p aria-busy="true">Loading…</p>}
      <ErrorAlert error={releases.error} />
      {releases.data?.length === 0 && <p>No releases yet.</p>}
      {releases.data && releases.data.length > 0 && (
        <div className="table-responsive">
          <table className="table table-sm align-middle">
            <thead>
              <tr>
                <th scope="col">Version</th>
                <th scope="col">Channel</th>
                <th scope="col">Published</th>
                <th scope="col">Notes</th>
                <th scope="col">Release mail</th>
              </tr>
            </thead>
            <tbody>
              {releases.data.map((release) => (
                <tr key={release.id} data-testid="release">
                  <td>{release.version}</td>
                  <td>{channelLabels[release.channel]}</td>
                  <td>
                    <time dateTime={release.publishedAt}>{formatDateTime(release.publishedAt)}</time>
                    <span className="d-block small text-body-secondary">by {release.publishedBy}</span>
                  </td>
                  <td className="text-break" style={{ whiteSpace: 'pre-line' }}>
                    {release.notes}
                  </td>
                  <td data-testid="release-mail-state">{mailState(release)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
