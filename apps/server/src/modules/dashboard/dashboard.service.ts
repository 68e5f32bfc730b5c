import type { Dashboard, DashboardQuery } from '@store/contracts/dashboard';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../lib/app-error.js';
import { countRevocations, readDashboard, readMoneyTotals, type DashboardRange } from './dashboard.repository.js';
import { bindDependencies } from '../../lib/service-object.js';
import { getOfferFigures } from './offer-figures.service.js';
import { getTrialFigures } from './trial-figures.service.js';

/** How far back a range reaches without `from`: 30 days, 26 weeks, 36 months (through `to`). */
const DEFAULT_SPAN = { day: 30, week: 26, month: 36 } as const;
/** A range holds at most this many days (ten years of months). */
const MAX_DAYS = 3_660;

/** The range of a dashboard request, whole buckets in UTC: from the first day of `from`'s bucket through `to`. */
export function dashboardRange(query: DashboardQuery, today = new Date()): DashboardRange {
  const to = query.to ? parseDay(query.to, 'to') : startOfUtcDay(today);
  let from: Date;
  if (query.from) from = parseDay(query.from, 'from');
  else {
    from = new Date(to);
    if (query.period === 'day') from.setUTCDate(from.getUTCDate() - (DEFAULT_SPAN.day - 1));
    if (query.period === 'week') from.setUTCDate(from.getUTCDate() - 7 * (DEFAULT_SPAN.week - 1));
    if (query.period === 'month') from.setUTCMonth(from.getUTCMonth() - (DEFAULT_SPAN.month - 1), 1);
  }
  if (query.period === 'week') from.setUTCDate(from.getUTCDate() - ((from.getUTCDay() + 6) % 7));
  if (query.period === 'month') from.setUTCDate(1);
  if (from > to) throw badRequest('from: The start lies after the end.');
  if ((to.getTime() - from.getTime()) / 86_400_000 > MAX_DAYS) throw badRequest('from: A range spans at most ten years.');
  return { period: query.period, from: isoDay(from), to: isoDay(to) };
}

type Money = { currency: string; amount: number };
const toCents = (amount: number) => Math.round(amount * 100) / 100;
const byCurrency = (amounts: Map<string, number>): Money[] =>
  [...amounts].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, amount: toCents(amount) }));

/** Revenue less refunds, per currency: each currency with revenue or refunds in the range. */
function netRevenueOf(revenue: Map<string, number>, refunded: readonly Money[]): Money[] {
  const net = new Map(revenue);
  for (const money of refunded) net.set(money.currency, (net.get(money.currency) ?? 0) - money.amount);
  return byCurrency(net);
}

/** The admin's landing page: revenue, licences and activity per bucket, products, top countries and totals. */
async function getDashboard(options: { db: Db; query: DashboardQuery; today?: Date }): Promise<Dashboard> {
  const range = dashboardRange(options.query, options.today);
  const [data, money, revocations] = await Promise.all([
    readDashboard(options.db, range),
    readMoneyTotals(options.db, range),
    countRevocations(options.db, range),
  ]);
  const revenue = new Map<string, number>();
  for (const row of data.sales) if (row.currency !== '') revenue.set(row.currency, (revenue.get(row.currency) ?? 0) + row.revenue);
  const sum = (pick: (row: Dashboard['activity'][number]) => number) => data.activity.reduce((total, row) => total + pick(row), 0);
  return {
    ...range,
    ...data,
    totals: {
      units: sum((row) => row.units),
      redemptions: sum((row) => row.redemptions),
      refunds: sum((row) => row.refunds),
      transfers: sum((row) => row.transfers),
      activations: sum((row) => row.activations),
      revocations,
      revenue: byCurrency(revenue),
      transferFees: money.transferFees,
      refunded: money.refunded,
      netRevenue: netRevenueOf(revenue, money.refunded),
    },
  };
}

function parseDay(text: string, field: string): Date {
  const day = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || isoDay(day) !== text) throw badRequest(`${field}: ${text} is not a date.`);
  return day;
}

const startOfUtcDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
const isoDay = (day: Date) => day.toISOString().slice(0, 10);

/**
 * The dashboard module's service, built once by `buildApp` with its database (decision 067): the administrator's
 * dashboard, its trial figures (decision 035) and its offer figures (decision 057), over one range.
 */
export const createDashboardService = (deps: { db: Db }) => bindDependencies(deps, { getDashboard, getTrialFigures, getOfferFigures });
export type DashboardService = ReturnType<typeof createDashboardService>;
