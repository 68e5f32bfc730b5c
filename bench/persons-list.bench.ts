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
const TARGET_P95_MS = 50;
const KEY_SECRET = 'bench-key-encryption-secret';
const ADMIN_PASSWORD = 'bench-admin-password';
/** A production-like buffer cache: the person table and its indexes (about 500 MB at a million rows) fit. */
const TUNED_SHARED_BUFFERS = '1GB';

/**
 * The admin persons list at scale: seeds 1,000,000 persons and 2,000,000 orders (BENCH_SCALE=0.1 for a tenth) in
 * an embedded PostgreSQL, then times GET /api/person/ with varied filters, sorts and pages through the whole app
 * (auth, validation, SQL, serialisation), once with PostgreSQL's default shared_buffers (128 MB, what the
 * embedded default runs with) and once with a buffer cache that holds the table. Target: p95 under 50 ms.
 */
export default async function run(): Promise<BenchResult[]> {
  const scale = Number(process.env.BENCH_SCALE ?? '1');
  if (!(scale > 0)) throw new Error('BENCH_SCALE must be a positive number');
  const persons = Math.round(LARGE_SEED_PERSONS * scale);
  const orders = Math.round(LARGE_SEED_ORDERS * scale);
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'store-bench-persons-'));
  await fs.chmod(directory, 0o755);
  try {
    const seeded = await withDatabase(directory, async (url) => {
      const db = createPool(url, 4);
      try {
        await migrateDatabase(db, async (client) => {
          await seedDatabase(client, { adminPassword: ADMIN_PASSWORD, secretBox: createSecretBox(KEY_SECRET), isDemoData: true });
        });
        const result = await seedLargeData(db, { persons, orders });
        await db.query(`ALTER SYSTEM SET shared_buffers = '${TUNED_SHARED_BUFFERS}'`);
        return { ...result, defaults: await measureList(url, persons) };
      } finally {
        await db.end();
      }
    });
    console.log(`  seeded ${persons} persons and ${orders} orders in ${seeded.seconds.toFixed(1)} s`);
    // Restarted: the ALTER SYSTEM above takes effect.
    const tuned = await withDatabase(directory, (url) => measureList(url, persons));
    const percentiles = (label: string, timings: number[]): BenchResult[] => {
      const p95 = percentile(timings, 95);
      return [
        { name: `persons list p50, ${label}`, value: percentile(timings, 50), unit: 'ms' },
        { name: `persons list p95, ${label}`, value: p95, unit: 'ms', target: `p95 < ${TARGET_P95_MS} ms`, isMet: p95 < TARGET_P95_MS },
      ];
    };
    return [
      { name: `large seed (${persons} persons, ${orders} orders)`, value: seeded.seconds, unit: 's' },
      ...percentiles('shared_buffers 128MB (PostgreSQL default)', seeded.defaults),
      ...percentiles(`shared_buffers ${TUNED_SHARED_BUFFERS}`, tuned),
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

/** Times the list calls one after another (after a warm-up) and answers their durations in ms. */
async function measureList(url: string, totalPersons: number): Promise<number[]> {
  const db = createPool(url, 20);
  const config = loadConfig({ DATABASE_URL: url, KEY_ENCRYPTION_SECRET: KEY_SECRET, LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, db, isServingWebApp: false });
  try {
    const login = await app.inject({ method: 'POST', url: '/api/login/', payload: { username: 'admin', password: ADMIN_PASSWORD } });
    const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
    const timings: { ms: number; query: string }[] = [];
    console.log(
      `  load average before measuring: ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}`,
    );
    for (const [index, query] of listQueries(REQUESTS + WARM_UP_REQUESTS, totalPersons).entries()) {
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url: `/api/person/?${query}`, headers });
      const ms = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`${query}: ${response.statusCode} ${response.body}`);
      if (index >= WARM_UP_REQUESTS) timings.push({ ms, query: decodeURIComponent(query) });
    }
    printByFilter(timings);
    return timings.map((timing) => timing.ms);
  } finally {
    await app.close();
    await db.end();
  }
}

/** Median and maximum per filter, slowest first: which searches cost what. */
function printByFilter(timings: { ms: number; query: string }[]): void {
  const byFilter = new Map<string, number[]>();
  for (const { ms, query } of timings) {
    const filter = new URLSearchParams(query).get('filter') ?? 'none';
    byFilter.set(filter, [...(byFilter.get(filter) ?? []), ms]);
  }
  const lines = [...byFilter]
    .sort((a, b) => percentile(b[1], 100) - percentile(a[1], 100))
    .map(
      ([filter, values]) =>
        `    ${filter.padEnd(34)} n ${String(values.length).padStart(3)}  p50 ${percentile(values, 50).toFixed(1)} ms  max ${percentile(values, 100).toFixed(1)} ms`,
    );
  console.log(lines.join('\n'));
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Reproducible list calls like an administrator's: filters on the table's columns (id, email, name; broad ones
 * such as "gmail" or a common surname and narrow ones such as part of an address), every sort, mostly the first
 * page, some further pages, and the "last page" button of the whole list.
 */
function listQueries(count: number, totalPersons: number): string[] {
  const filters: Record<string, string>[] = [
    {},
    {},
    {},
    { email: 'gmail' },
    { email: 'olsen' },
    { email: '4711' },
    { email: 'felix.weber12' },
    { email: 'anna.meier' },
    { email: '@proton.me' },
    { name: 'meier' },
    { name: 'anna' },
    { name: 'smith' },
    { name: 'emma rossi' },
    { name: 'kenji tan' },
    { name: 'lena', email: 'proton' },
    { id: '424242' },
  ];
  const sorts = ['id', 'email', 'name'];
  const pageSizes = [10, 20, 50];
  const random = mulberry32(42);
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
  return Array.from({ length: count }, () => {
    const filter = pick(filters);
    const pageSize = pick(pageSizes);
    const isUnfiltered = Object.keys(filter).length === 0;
    const kind = random();
    const page = kind < 0.6 ? 0 : kind < 0.9 || !isUnfiltered ? 1 + Math.floor(random() * 9) : Math.ceil(totalPersons / pageSize) - 1;
    const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize), sort: pick(sorts), desc: String(random() < 0.5) });
    if (!isUnfiltered) params.set('filter', JSON.stringify(filter));
    return params.toString();
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
