import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createPool } from '../apps/server/src/db/client.js';
import { startEmbeddedServer } from '../apps/server/src/db/embedded-server.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import { LARGE_SEED_ORDERS, LARGE_SEED_PERSONS, seedLargeData } from '../apps/server/src/db/seed-large.js';
import { seedDatabase } from '../apps/server/src/db/seed.js';
import { createSecretBox } from '../apps/server/src/lib/secret-box.js';
import type { BenchResult } from './bench-result.js';

const REQUESTS = 200;
const WARM_UP_REQUESTS = 30;
const DASHBOARD_TARGET_P95_MS = 100;
const ORDERS_TARGET_P95_MS = 50;
const KEY_SECRET = 'bench-key-encryption-secret';
const ADMIN_PASSWORD = 'bench-admin-password';
/** As the persons-list bench: a buffer cache that holds the tables the lists read. */
const SHARED_BUFFERS = '1GB';

/**
 * The back office at scale (decision 024): seeds 1,000,000 persons and 2,000,000 orders over three years with
 * amounts, currencies and countries (BENCH_SCALE=0.1 for a tenth), then times through the whole app, one call after
 * another: the dashboard (GET /api/admin/dashboard per day, week and month, from the daily rollups; target p95 under
 * 100 ms) and the all-orders list (GET /api/admin/orders with varied filters, sorts and pages; the persons list's
 * target, p95 under 50 ms).
 */
export default async function run(): Promise<BenchResult[]> {
  const scale = Number(process.env.BENCH_SCALE ?? '1');
  if (!(scale > 0)) throw new Error('BENCH_SCALE must be a positive number');
  const persons = Math.round(LARGE_SEED_PERSONS * scale);
  const orders = Math.round(LARGE_SEED_ORDERS * scale);
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'store-bench-back-office-'));
  await fs.chmod(directory, 0o755);
  try {
    const seeded = await withDatabase(directory, async (url) => {
      const db = createPool(url, 4);
      try {
        await migrateDatabase(db, async (client) => {
          await seedDatabase(client, { adminPassword: ADMIN_PASSWORD, secretBox: createSecretBox(KEY_SECRET), isDemoData: true });
        });
        const result = await seedLargeData(db, { persons, orders });
        await db.query(`ALTER SYSTEM SET shared_buffers = '${SHARED_BUFFERS}'`);
        return result;
      } finally {
        await db.end();
      }
    });
    console.log(`  seeded ${persons} persons and ${orders} orders in ${seeded.seconds.toFixed(1)} s`);
    // Restarted: the ALTER SYSTEM above takes effect.
    const timings = await withDatabase(directory, (url) => measure(url, orders));
    const percentiles = (label: string, values: number[], target: number): BenchResult[] => {
      const p95 = percentile(values, 95);
      return [
        { name: `${label} p50`, value: percentile(values, 50), unit: 'ms' },
        { name: `${label} p95`, value: p95, unit: 'ms', target: `p95 < ${target} ms`, isMet: p95 < target },
      ];
    };
    return [
      { name: `large seed (${persons} persons, ${orders} orders, rollups)`, value: seeded.seconds, unit: 's' },
      ...percentiles(`dashboard at ${orders} orders`, timings.dashboard, DASHBOARD_TARGET_P95_MS),
      ...percentiles(`orders list at ${orders} orders`, timings.orders, ORDERS_TARGET_P95_MS),
    ];
  } finally {
    await fs.rm(directory, { recursive: true, force: true });
  }
}

async function withDatabase<T>(directory: string, work: (url: string) => Promise<T>): Promise<T> {
  const embedded = await startEmbeddedServer({ directory, isEphemeral: true });
  try {
    return await work(embedded.url);
  } finally {
    await embedded.stop();
  }
}

/** Times the calls one after another, after a warm-up, and answers their durations in ms. */
async function measure(url: string, totalOrders: number): Promise<{ dashboard: number[]; orders: number[] }> {
  const db = createPool(url, 20);
  const config = loadConfig({ DATABASE_URL: url, KEY_ENCRYPTION_SECRET: KEY_SECRET, LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, db, isServingWebApp: false });
  try {
    const login = await app.inject({ method: 'POST', url: '/api/login/', payload: { username: 'admin', password: ADMIN_PASSWORD } });
    const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
    const time = async (urls: string[]) => {
      const timings: { ms: number; url: string }[] = [];
      for (const [index, target] of urls.entries()) {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url: target, headers });
        const ms = performance.now() - started;
        if (response.statusCode !== 200) throw new Error(`${target}: ${response.statusCode} ${response.body}`);
        if (index >= WARM_UP_REQUESTS) timings.push({ ms, url: decodeURIComponent(target) });
      }
      return timings;
    };
    console.log(
      `  load average before measuring: ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}`,
    );
    const dashboard = await time(dashboardCalls(REQUESTS + WARM_UP_REQUESTS));
    printSlowest('dashboard', dashboard);
    const orders = await time(orderListCalls(REQUESTS + WARM_UP_REQUESTS, totalOrders));
    printSlowest('orders list', orders);
    return { dashboard: dashboard.map((timing) => timing.ms), orders: orders.map((timing) => timing.ms) };
  } finally {
    await app.close();
    await db.end();
  }
}

function printSlowest(label: string, timings: { ms: number; url: string }[]): void {
  const slowest = [...timings].sort((a, b) => b.ms - a.ms).slice(0, 12);
  console.log(`  ${label}, slowest calls:\n${slowest.map(({ ms, url }) => `    ${ms.toFixed(1).padStart(7)} ms  ${url}`).join('\n')}`);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The dashboard as an administrator opens it: mostly the default 30 days, then weeks, months and earlier ranges. */
function dashboardCalls(count: number): string[] {
  const random = mulberry32(7);
  const queries = [
    'period=day',
    'period=day',
    'period=week',
    'period=month',
    'period=month&from=2020-01-01',
    'period=day&from=2025-01-01&to=2025-03-31',
    'period=week&from=2024-01-01&to=2024-12-31',
  ];
  return Array.from({ length: count }, () => `/api/admin/dashboard?${queries[Math.floor(random() * queries.length)]!}`);
}

/**
 * Reproducible list calls like an administrator's: filters on each column (a customer's address or name, a
 * provider reference, a status, a source, a currency, a month, a product, and combinations), every sort both
 * ways, mostly the first page, some further pages, and the last page of the whole list.
 */
function orderListCalls(count: number, totalOrders: number): string[] {
  const filters: Record<string, string>[] = [
    {},
    {},
    {},
    { person: 'anna.meier' },
    { person: 'felix.weber12' },
    { person: 'kenji tanaka' },
    { person: 'gmail' },
    { providerReference: 'FS1900012' },
    { providerReference: 'FS190424242' },
    { state: 'refunded' },
    { source: 'Activation code' },
    { currency: 'EUR' },
    { creationDate: '2025-03' },
    { creationDate: '2025-03-14' },
    { productName: 'spacey' },
    { state: 'refunded', currency: 'GBP' },
    { person: 'olsen', source: 'FastSpring' },
    { id: '424242' },
  ];
  const sorts = ['id', 'creationDate', 'amount', 'productName', 'providerReference'];
  const pageSizes = [10, 20, 50];
  const random = mulberry32(42);
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
  return Array.from({ length: count }, () => {
    const filter = pick(filters);
    const pageSize = pick(pageSizes);
    const isUnfiltered = Object.keys(filter).length === 0;
    const kind = random();
    const page = kind < 0.6 ? 0 : kind < 0.9 || !isUnfiltered ? 1 + Math.floor(random() * 9) : Math.ceil(totalOrders / pageSize) - 1;
    const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize), sort: pick(sorts), desc: String(random() < 0.5) });
    if (!isUnfiltered) params.set('filter', JSON.stringify(filter));
    return `/api/admin/orders?${params.toString()}`;
  });
}

/** A small seeded generator, so every run sends the same calls. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}
