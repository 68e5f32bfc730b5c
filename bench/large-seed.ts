import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createPool } from '../apps/server/src/db/client.js';
import { startEmbeddedServer } from '../apps/server/src/db/embedded-server.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import { LARGE_SEED_ORDERS, LARGE_SEED_PERSONS, seedLargeData } from '../apps/server/src/db/seed-large.js';
import { seedDatabase } from '../apps/server/src/db/seed.js';
import { createSecretBox } from '../apps/server/src/lib/secret-box.js';
import type { BenchResult } from './bench-result.js';

const KEY_SECRET = 'bench-key-encryption-secret';
const ADMIN_PASSWORD = 'bench-admin-password';
/** PostgreSQL's own default buffer cache: what an external server that nobody tuned runs with. */
export const POSTGRES_DEFAULT_SHARED_BUFFERS_MB = 128;

export type LargeSeed = { directory: string; persons: number; orders: number; seconds: number; close: () => Promise<void> };

/**
 * An embedded cluster seeded with the large data set (1,000,000 persons, 2,000,000 orders; BENCH_SCALE=0.1 for a
 * tenth). BENCH_LARGE_DIR names a directory to keep the seeded cluster in between runs (seeding twice does nothing,
 * see seed-large.ts); without it the cluster lives in a temporary directory removed by `close`.
 */
export async function prepareLargeSeed(): Promise<LargeSeed> {
  const scale = Number(process.env.BENCH_SCALE ?? '1');
  if (!(scale > 0)) throw new Error('BENCH_SCALE must be a positive number');
  const persons = Math.round(LARGE_SEED_PERSONS * scale);
  const orders = Math.round(LARGE_SEED_ORDERS * scale);
  const kept = process.env.BENCH_LARGE_DIR;
  const directory = kept ? path.resolve(kept) : await fs.mkdtemp(path.join(os.tmpdir(), 'store-bench-large-'));
  await fs.mkdir(directory, { recursive: true });
  await fs.chmod(directory, 0o755);
  const embedded = await startEmbeddedServer({ directory, isEphemeral: true });
  const db = createPool(embedded.url, 4);
  try {
    await migrateDatabase(db, async (client) => {
      await seedDatabase(client, { adminPassword: ADMIN_PASSWORD, secretBox: createSecretBox(KEY_SECRET), isDemoData: true });
    });
    const seeded = await seedLargeData(db, { persons, orders });
    console.log(`  large seed: ${seeded.persons} persons and ${seeded.orders} orders (${seeded.seconds.toFixed(1)} s)`);
    return {
      directory,
      persons: seeded.persons,
      orders: seeded.orders,
      seconds: seeded.seconds,
      close: async () => {
        if (!kept) await fs.rm(directory, { recursive: true, force: true });
      },
    };
  } finally {
    await db.end();
    await embedded.stop();
    // The seed's gigabyte is written back to disk by the kernel for a while after: not during the measurements.
    spawnSync('sync');
  }
}

export type AdminApp = { app: FastifyInstance; headers: Record<string, string>; sharedBuffersMb: number };

/**
 * Starts the seeded cluster as the product starts its embedded server (with the buffer cache `sharedBuffersMb`,
 * by default the shipped one: `loadConfig`'s), builds the app on it and logs in as the administrator.
 */
export async function withAdminApp<T>(
  seed: LargeSeed,
  sharedBuffersMb: number | 'shipped',
  work: (admin: AdminApp) => Promise<T>,
): Promise<T> {
  const config = loadConfig({ DATABASE_URL: 'postgres://unused', KEY_ENCRYPTION_SECRET: KEY_SECRET, LOG_LEVEL: 'silent' });
  const buffers = sharedBuffersMb === 'shipped' ? config.embeddedSharedBuffersMb : sharedBuffersMb;
  const embedded = await startEmbeddedServer({ directory: seed.directory, isEphemeral: true, sharedBuffersMb: buffers });
  const db = createPool(embedded.url, 20);
  try {
    const app = await buildApp({ config: { ...config, DATABASE_URL: embedded.url }, db, isServingWebApp: false });
    try {
      const login = await app.inject({ method: 'POST', url: '/api/login/', payload: { username: 'admin', password: ADMIN_PASSWORD } });
      const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
      console.log(
        `  shared_buffers ${buffers} MB; load average before measuring: ${os
          .loadavg()
          .map((value) => value.toFixed(1))
          .join(' ')}`,
      );
      return await work({ app, headers, sharedBuffersMb: buffers });
    } finally {
      await app.close();
    }
  } finally {
    await db.end();
    await embedded.stop();
  }
}

export type Timing = { ms: number; url: string };

/** GETs the URLs one after another through the whole app and answers their durations, the warm-up left out. */
export async function timeCalls(admin: AdminApp, urls: string[], warmUp: number): Promise<Timing[]> {
  const timings: Timing[] = [];
  for (const [index, url] of urls.entries()) {
    const started = performance.now();
    const response = await admin.app.inject({ method: 'GET', url, headers: admin.headers });
    const ms = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    if (index >= warmUp) timings.push({ ms, url });
  }
  return timings;
}

/**
 * p50, p95 and p99 of a mix, and its worst query: the mix grouped by query (the filter, the sort column and its
 * direction; the page and page size aside), each group's p99 (its slowest call when it has fewer than a hundred),
 * the highest named. With `targetMs`, p95 and every query's p99 must stay under it.
 */
export function summarizeMix(label: string, timings: Timing[], targetMs?: number): BenchResult[] {
  const values = timings.map((timing) => timing.ms);
  const groups = new Map<string, number[]>();
  for (const timing of timings) groups.set(queryOf(timing.url), [...(groups.get(queryOf(timing.url)) ?? []), timing.ms]);
  const ranked = [...groups].map(([query, ms]) => ({ query, p99: percentile(ms, 99), count: ms.length })).sort((a, b) => b.p99 - a.p99);
  console.log(
    `  ${label}: the slowest queries (p99 of each)\n${ranked
      .slice(0, 8)
      .map(({ query, p99, count }) => `    ${p99.toFixed(1).padStart(7)} ms  n ${String(count).padStart(3)}  ${query}`)
      .join('\n')}`,
  );
  const worst = ranked[0]!;
  const p95 = percentile(values, 95);
  const met = (value: number) => (targetMs === undefined ? {} : { target: `< ${targetMs} ms`, isMet: value < targetMs });
  return [
    { name: `${label} p50`, value: percentile(values, 50), unit: 'ms' },
    { name: `${label} p95`, value: p95, unit: 'ms', ...met(p95) },
    { name: `${label} p99`, value: percentile(values, 99), unit: 'ms' },
    { name: `${label} worst query's p99 (${worst.query})`, value: worst.p99, unit: 'ms', ...met(worst.p99) },
  ];
}

/** A list call without its page and page size: which query it is, readably (`filter={"name":"anna"} sort=name desc`). */
function queryOf(url: string): string {
  const params = new URLSearchParams(url.slice(url.indexOf('?') + 1));
  const filter = params.get('filter');
  const sort = `sort=${params.get('sort') ?? ''}${params.get('desc') === 'true' ? ' desc' : ''}`;
  return `${url.slice(0, url.indexOf('?'))} ${filter ? `filter=${filter} ` : ''}${sort}`;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A small seeded generator, so every run sends the same calls. */
export function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}
