import type { DashboardPeriod } from '@store/contracts/dashboard';
import type { OfferFigures } from '@store/contracts/offer-figures';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../../lib/checkout/format-money';
import { useOfferFigures } from '../api/offer-figures-api';

const kindLabels: Record<OfferFigures['kinds'][number]['kind'], string> = {
  upgrade: 'Upgrades',
  crossgrade: 'Crossgrades',
  bundle: 'Bundles',
};
const money = (amount: number, currency: string) => (currency ? formatMoney(amount, currency) : '–');

/** A small table of the section: its heading, its column titles (the last `numbers` right-aligned) and its rows. */
function FiguresTable({
  id,
  title,
  columns,
  numbers,
  rows,
}: {
  id: string;
  title: string;
  columns: string[];
  numbers: number;
  rows: ReactNode[][];
}) {
  return (
    <div className="col-xl-6">
      <h3 id={id} className="h6">
        {title}
      </h3>
      {rows.length === 0 ? (
        <p className="text-body-secondary">None in this period.</p>
      ) : (
        <table className="table table-sm table-striped" aria-labelledby={id}>
          <thead>
            <tr>
              {columns.map((column, index) => (
                <th key={column} scope="col" className={index >= columns.length - numbers ? 'text-end' : undefined}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((cells, row) => (
              <tr key={row}>
                {cells.map((cell, index) => (
                  <td key={index} className={index >= cells.length - numbers ? 'text-end' : undefined}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/**
 * The dashboard's upgrades, crossgrades and bundles over its range (decision 057): the licences sold as each with
 * their revenue, the upgrades sold per path, the bundles sold, and each kind per bucket of the period.
 */
export function OfferFiguresSection({ period }: { period: DashboardPeriod }) {
  const figures = useOfferFigures(period);
  const data = figures.data;
  return (
    <section className="col-12" aria-labelledby="offers-heading">
      <h2 id="offers-heading" className="h5">
        Upgrades, crossgrades and bundles
      </h2>
      {figures.isError && <p className="text-danger">The upgrade and bundle figures could not be loaded.</p>}
      {data && (
        <div className="row g-4">
          <FiguresTable
            id="offer-kinds-heading"
            title="Sold by kind"
            columns={['Kind', 'Currency', 'Licences', 'Revenue', 'Refunded']}
            numbers={3}
            rows={data.kinds.map((row) => [
              kindLabels[row.kind],
              row.currency || 'unpaid',
              row.units.toLocaleString(),
              money(row.revenue, row.currency),
              money(row.refunded, row.currency),
            ])}
          />
          <FiguresTable
            id="upgrade-paths-heading"
            title="Upgrades sold per path"
            columns={['Path', 'From → to', 'Currency', 'Sold', 'Revenue', 'Refunded']}
            numbers={3}
            rows={data.paths.map((row) => [
              `${row.name}${row.kind === 'crossgrade' ? ' (crossgrade)' : ''}`,
              `${row.fromProducts} → ${row.toProduct}`,
              row.currency || 'unpaid',
              row.units.toLocaleString(),
              money(row.revenue, row.currency),
              money(row.refunded, row.currency),
            ])}
          />
          <FiguresTable
            id="bundles-sold-heading"
            title="Bundles sold"
            columns={['Bundle', 'Currency', 'Sold', 'Licences', 'Revenue', 'Refunded']}
            numbers={4}
            rows={data.bundles.map((row) => [
              `Bundle: ${row.name}`,
              row.currency || 'unpaid',
              row.sold.toLocaleString(),
              row.units.toLocaleString(),
              money(row.revenue, row.currency),
              money(row.refunded, row.currency),
            ])}
          />
          <FiguresTable
            id="offer-buckets-heading"
            title={`Per ${period}`}
            columns={[period === 'day' ? 'Day' : `${period === 'week' ? 'Week' : 'Month'} from`, 'Kind', 'Currency', 'Licences', 'Revenue']}
            numbers={2}
            rows={data.sales.map((row) => [
              row.start,
              kindLabels[row.kind],
              row.currency || 'unpaid',
              row.units.toLocaleString(),
              money(row.revenue, row.currency),
            ])}
          />
        </div>
      )}
    </section>
  );
}
