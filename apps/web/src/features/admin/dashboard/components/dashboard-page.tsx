import { dashboardPeriods, type Dashboard, type DashboardPeriod } from '@store/contracts/dashboard';
import type { ChartConfiguration } from 'chart.js';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { useDashboard } from '../api/dashboard-api';
import { formatMoney } from '../../../../lib/checkout/format-money';
import { ChartCanvas } from './chart-canvas';
import { OfferFiguresSection } from './offer-figures-section';
import { TrialFiguresSection } from './trial-figures-section';

const periodLabels: Record<DashboardPeriod, string> = { day: 'Days', week: 'Weeks', month: 'Months' };
const palette = ['#0d6efd', '#198754', '#fd7e14', '#6f42c1', '#d63384', '#20c997', '#6c757d'];

/** One bar series per currency: money of different currencies is never added up. */
function revenueChart(data: Dashboard): ChartConfiguration<'bar'> {
  const starts = [...new Set(data.activity.map((row) => row.start))];
  const currencies = [...new Set(data.sales.map((row) => row.currency).filter((currency) => currency !== ''))].sort();
  return {
    type: 'bar',
    data: {
      labels: starts,
      datasets: currencies.map((currency, index) => ({
        label: currency,
        backgroundColor: palette[index % palette.length],
        data: starts.map((start) => data.sales.find((row) => row.start === start && row.currency === currency)?.revenue ?? 0),
      })),
    },
    options: { responsive: true, maintainAspectRatio: false, animation: false },
  };
}

function activityChart(data: Dashboard): ChartConfiguration<'line'> {
  const series = [
    ['Licences', (row: Dashboard['activity'][number]) => row.units],
    ['Purchases', (row: Dashboard['activity'][number]) => row.purchases],
    ['Activation codes redeemed', (row: Dashboard['activity'][number]) => row.redemptions],
    ['Activations (computers)', (row: Dashboard['activity'][number]) => row.activations],
    ['Refunds and chargebacks', (row: Dashboard['activity'][number]) => row.refunds],
    ['Transfers', (row: Dashboard['activity'][number]) => row.transfers],
  ] as const;
  return {
    type: 'line',
    data: {
      labels: data.activity.map((row) => row.start),
      datasets: series.map(([label, pick], index) => ({
        label,
        borderColor: palette[index % palette.length],
        backgroundColor: palette[index % palette.length],
        data: data.activity.map(pick),
      })),
    },
    options: { responsive: true, maintainAspectRatio: false, animation: false },
  };
}

const moneyList = (amounts: { currency: string; amount: number }[]) =>
  amounts.length === 0 ? '–' : amounts.map((money) => formatMoney(money.amount, money.currency)).join(' · ');

/** The totals' cards side by side, as many as fit. */

function Totals({ data }: { data: Dashboard }) {
  // Revenue is what licences and transfers were paid (decision 029); net revenue is that less what was refunded.
  const cards = [
    ['Revenue', moneyList(data.totals.revenue)],
    ['Net revenue', moneyList(data.totals.netRevenue)],
    ['Licences', data.totals.units.toLocaleString()],
    ['Activation codes redeemed', data.totals.redemptions.toLocaleString()],
    ['Activations', data.totals.activations.toLocaleString()],
    ['Refunds and chargebacks', `${data.totals.refunds.toLocaleString()} (${moneyList(data.totals.refunded)})`],
    ['Transfers', `${data.totals.transfers.toLocaleString()} (${moneyList(data.totals.transferFees)})`],
    ['Revocations', (data.totals.revocations ?? 0).toLocaleString()],
  ];
  return (
    // One <div> per term and value, as HTML allows inside a <dl> (axe's dlitem rule): the cards are a grid.
    <dl className="figure-cards mb-4" aria-label="Totals">
      {cards.map(([title, value]) => (
        <div key={title} className="border rounded p-3">
          <dt className="small text-body-secondary fw-normal">{title}</dt>
          <dd className="h5 mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /admin/dashboard, the admin's landing page: revenue, licences and activity per day, week or month (decision 024). */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const [period, setPeriod] = useState<DashboardPeriod>('day');
  const dashboard = useDashboard(period, useLocation().key);
  const data = dashboard.data;
  const revenue = useMemo(() => data && revenueChart(data), [data]);
  const activity = useMemo(() => data && activityChart(data), [data]);

  return (
    <main className="admin-screen">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">Dashboard</h1>
        <div className="btn-group" role="group" aria-label="Period">
          {dashboardPeriods.map((value) => (
            <button
              key={value}
              type="button"
              className={`btn btn-sm ${value === period ? 'btn-primary' : 'btn-outline-primary'}`}
              aria-pressed={value === period}
              onClick={() => setPeriod(value)}
            >
              {periodLabels[value]}
            </button>
          ))}
        </div>
      </div>
      {dashboard.isPending && <p aria-busy="true">Loading…</p>}
      {dashboard.isError && <p className="text-danger">The dashboard could not be loaded.</p>}
      {data && revenue && activity && (
        <>
          <p className="text-body-secondary small">
            {data.from} to {data.to} (UTC)
          </p>
          <Totals data={data} />
          <div className="row g-4">
            <section className="col-xl-6" aria-labelledby="revenue-heading">
              <h2 id="revenue-heading" className="h5">
                Revenue per {period}
              </h2>
              <ChartCanvas
                config={revenue}
                label={`Revenue per ${period} and currency`}
                emptyText={`No revenue yet from ${data.from} to ${data.to}: nothing was paid in this time.`}
              />
            </section>
            <section className="col-xl-6" aria-labelledby="activity-heading">
              <h2 id="activity-heading" className="h5">
                Licences and activations per {period}
              </h2>
              <ChartCanvas
                config={activity}
                label={`Licences, activations, refunds and transfers per ${period}`}
                emptyText={`No licences, activations, refunds or transfers yet from ${data.from} to ${data.to}.`}
              />
            </section>
            <section className="col-xl-7" aria-labelledby="products-heading">
              <h2 id="products-heading" className="h5">
                Products
              </h2>
              <table className="table table-sm table-striped" aria-labelledby="products-heading">
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col">Currency</th>
                    <th scope="col" className="text-end">
                      Licences
                    </th>
                    <th scope="col" className="text-end">
                      Revenue
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.products.length === 0 && (
                    <tr>
                      <td colSpan={4}>No licences yet in this time.</td>
                    </tr>
                  )}
                  {data.products.map((row) => (
                    <tr key={`${row.productId}-${row.currency}`}>
                      <td>{row.productName}</td>
                      <td>{row.currency || 'unpaid'}</td>
                      <td className="text-end">{row.units.toLocaleString()}</td>
                      <td className="text-end">{row.currency ? formatMoney(row.revenue, row.currency) : '–'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            <section className="col-xl-5" aria-labelledby="countries-heading">
              <h2 id="countries-heading" className="h5">
                Top countries
              </h2>
              <table className="table table-sm table-striped" aria-labelledby="countries-heading">
                <thead>
                  <tr>
                    <th scope="col">Country</th>
                    <th scope="col" className="text-end">
                      Licences
                    </th>
                    <th scope="col" className="text-end">
                      Revenue
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.countries.length === 0 && (
                    <tr>
                      <td colSpan={3}>No sales yet in this time.</td>
                    </tr>
                  )}
                  {data.countries.map((row) => (
                    <tr key={row.country}>
                      <td>{row.country || 'unknown'}</td>
                      <td className="text-end">{row.units.toLocaleString()}</td>
                      <td className="text-end">{moneyList(row.revenue)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            <TrialFiguresSection period={period} />
            <OfferFiguresSection period={period} />
          </div>
        </>
      )}
    </main>
  );
}
