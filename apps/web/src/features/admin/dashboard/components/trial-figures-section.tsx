import type { DashboardPeriod } from '@store/contracts/dashboard';
import { useTrialFigures } from '../api/trial-figures-api';

/** Three cards of at most a sixth of the width each, as the totals above them (a <div> per <dt> and <dd>, as a <dl> allows). */

/** The share of the trials that converted, in whole percent ('–' without trials). */
const shareConverted = (started: number, converted: number) => (started === 0 ? '–' : `${Math.round((converted / started) * 100)} %`);

/**
 * The dashboard's trials over its range (decision 035): the public installers visitors downloaded, the trials
 * started, and those whose computer was then registered on a bought licence of the product, per product.
 */
export function TrialFiguresSection({ period }: { period: DashboardPeriod }) {
  const figures = useTrialFigures(period);
  const data = figures.data;
  return (
    <section className="col-12" aria-labelledby="trials-heading">
      <h2 id="trials-heading" className="h5">
        Trials
      </h2>
      {figures.isError && <p className="text-danger">The trial figures could not be loaded.</p>}
      {data && (
        <>
          <dl className="figure-cards mb-3" aria-label="Trial totals">
            {[
              ['Trial downloads', data.totals.downloads.toLocaleString()],
              ['Trials started', data.totals.started.toLocaleString()],
              [
                'Converted to a purchase',
                `${data.totals.converted.toLocaleString()} (${shareConverted(data.totals.started, data.totals.converted)})`,
              ],
            ].map(([title, value]) => (
              <div key={title} className="border rounded p-3">
                <dt className="small text-body-secondary fw-normal">{title}</dt>
                <dd className="h5 mb-0">{value}</dd>
              </div>
            ))}
          </dl>
          {data.products.length === 0 ? (
            <p className="text-body-secondary">No trial downloads or trials in this period.</p>
          ) : (
            <table className="table table-sm table-striped" aria-labelledby="trials-heading">
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col" className="text-end">
                    Trial downloads
                  </th>
                  <th scope="col" className="text-end">
                    Trials started
                  </th>
                  <th scope="col" className="text-end">
                    Converted
                  </th>
                  <th scope="col" className="text-end">
                    Share converted
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.products.map((row) => (
                  <tr key={row.productId}>
                    <td>{row.productName}</td>
                    <td className="text-end">{row.downloads.toLocaleString()}</td>
                    <td className="text-end">{row.started.toLocaleString()}</td>
                    <td className="text-end">{row.converted.toLocaleString()}</td>
                    <td className="text-end">{shareConverted(row.started, row.converted)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className="small text-body-secondary">
            A trial converted when its computer was later registered on a bought licence of the product (not a licence given by an
            administrator), counted with the period the trial started in.
          </p>
        </>
      )}
    </section>
  );
}
