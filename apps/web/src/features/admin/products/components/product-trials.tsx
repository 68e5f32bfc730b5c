import { useState } from 'react';
import { formatDateTime } from '../../shared/format-date';
import { TRIALS_PAGE_SIZE, useProductTrials } from '../api/products-api';
import { NewerOlderPager } from '../../shared/newer-older-pager';

/** The product's trials (decision 017), newest first, a page at a time. A trial only expires; nothing converts it. */
export function ProductTrials({ productId }: { productId: number }) {
  const [page, setPage] = useState(0);
  const trials = useProductTrials(productId, page);
  const total = trials.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / TRIALS_PAGE_SIZE));

  return (
    <section aria-labelledby="product-trials-heading" className="mt-5">
      <h2 id="product-trials-heading" className="h5">
        Trials{' '}
        {trials.data && (
          <span className="text-body-secondary">
            ({total}, {trials.data.trialDays} days each)
          </span>
        )}
      </h2>
      {trials.isPending && <p aria-busy="true">Loading…</p>}
      {trials.data?.rows.length === 0 && <p>No trials yet.</p>}
      {trials.data && trials.data.rows.length > 0 && (
        <>
          <div className="table-responsive">
            <table className="table table-sm align-middle">
              <thead>
                <tr>
                  <th scope="col">Device ID</th>
                  <th scope="col">Computer</th>
                  <th scope="col">Email</th>
                  <th scope="col">Started from</th>
                  <th scope="col">Started</th>
                  <th scope="col">Ends</th>
                </tr>
              </thead>
              <tbody>
                {trials.data.rows.map((trial) => (
                  <tr key={trial.id}>
                    <td className="font-monospace">{trial.deviceIdHash}</td>
                    <td>{trial.deviceName}</td>
                    <td>{trial.email}</td>
                    <td>{trial.source === 'plugin' ? 'Plug-in' : 'Website'}</td>
                    <td>
                      <time dateTime={trial.startedAt}>{formatDateTime(trial.startedAt)}</time>
                    </td>
                    <td>
                      <time dateTime={trial.expiresAt}>{formatDateTime(trial.expiresAt)}</time>
                      {trial.isExpired && <span className="badge text-bg-secondary ms-2">ended</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <NewerOlderPager label="Trial pages" page={page} pageCount={pageCount} onPage={setPage} />
        </>
      )}
    </section>
  );
}
