import fs from 'node:fs/promises';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEBIAN_POSTGRES_BIN, hasDebianPostgres, startDebianPostgres, type DebianPostgres } from '../../test/debian-postgres.js';
import { TEST_ADMIN_PASSWORD, TEST_KEY_SECRET } from '../../test/constants.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createSecretBox } from '../lib/secret-box.js';
import { createPool, type Db } from './client.js';
import { migrateDatabase } from './migrate.js';
import { seedDatabase } from './seed.js';

/**
 * Issue 24: several processes on one external PostgreSQL (DATABASE_URL), the server restarted under load, then
 * stopped. Cached public pages must answer in every outage, however many restarts and reconnections came before.
 * The test runs its own PostgreSQL 15 server from Debian's packages, which it can stop and start like an operator.
 */
const isAvailable = hasDebianPostgres();
const title = isAvailable
  ? 'two processes on an external PostgreSQL that restarts'
  : `two processes on an external PostgreSQL that restarts (skipped: Debian's PostgreSQL 15 is not installed in ${DEBIAN_POSTGRES_BIN})`;

type Process = { app: FastifyInstance; db: Db; port: number };
type Answer = { status: number; text: string };

describe.skipIf(!isAvailable)(title, () => {
  let server: DebianPostgres;
  let distDir: string;
  const processes: Process[] = [];

  beforeAll(async () => {
    server = await startDebianPostgres();
    const migrating = createPool(server.url, 2);
    await migrateDatabase(migrating, async (client) => {
      await seedDatabase(client, { adminPassword: TEST_ADMIN_PASSWORD, secretBox: createSecretBox(TEST_KEY_SECRET), isDemoData: true });
    });
    await migrating.end();
    distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'store-restart-'));
    await fs.writeFile(
      path.join(distDir, 'index.html'),
      '<!doctype html><html><head><title>App</title><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-data--></body></html>',
    );
    const config = loadConfig({
      DATABASE_URL: server.url,
      KEY_ENCRYPTION_SECRET: TEST_KEY_SECRET,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      PUBLIC_URL: 'http://localhost:3000',
    });
    for (let index = 0; index < 2; index++) {
      // Each with its own pool and its own listener, as two processes behind a load balancer have.
      const db = createPool(server.url, 5);
      const app = await buildApp({ config: { ...config, webDistDir: distDir }, db, isServingWebApp: true });
      await app.listen({ port: 0, host: '127.0.0.1' });
      processes.push({ app, db, port: (app.server.address() as net.AddressInfo).port });
    }
  });

  afterAll(async () => {
    for (const { app, db } of processes) {
      await app.close();
      await db.end();
    }
    await server?.remove();
    if (distDir) await fs.rm(distDir, { recursive: true, force: true });
  });

  const get = (port: number, pathname: string): Promise<Answer> =>
    new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: pathname, agent: false }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        })
        .on('error', reject);
    });

  /** Visitors asking both processes for pages and the API, four at a time, until `stop` is called. */
  const startLoad = () => {
    let isRunning = true;
    const statuses = new Map<number, number>();
    const paths = ['/', '/about', '/api/page/byUrl/about', '/api/page/menuitems'];
    const visitor = async (index: number) => {
      for (let round = 0; isRunning; round++) {
        const { port } = processes[(index + round) % processes.length]!;
        const { status } = await get(port, paths[(index + round) % paths.length]!);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    const visitors = [0, 1, 2, 3].map(visitor);
    return {
      requests: () => [...statuses.values()].reduce((sum, count) => sum + count, 0),
      stop: async () => {
        isRunning = false;
        await Promise.all(visitors);
        return statuses;
      },
    };
  };

  const healthOf = async (port: number) => (await get(port, '/api/health')).status;

  it('serves the cached home page in every outage after restarts under load, in both processes', { timeout: 180_000 }, async () => {
    const first = await Promise.all(processes.map(({ port }) => get(port, '/')));
    for (const answer of first) expect(answer.status).toBe(200);
    const homePage = first[0]!.text;
    expect(homePage).toContain('<main class="container content-page">');
    expect(first[1]!.text).toBe(homePage);

    for (let restart = 1; restart <= 3; restart++) {
      // Restarted while visitors keep asking.
      const load = startLoad();
      await expect.poll(load.requests, { timeout: 30_000 }).toBeGreaterThan(20);
      await server.stopFast();
      await server.start();
      for (const { port } of processes) await expect.poll(() => healthOf(port), { timeout: 30_000 }).toBe(200);
      const requestsAfterRecovery = load.requests();
      await expect.poll(load.requests, { timeout: 30_000 }).toBeGreaterThan(requestsAfterRecovery + 20);
      const statuses = await load.stop();
      expect(statuses.get(500) ?? 0).toBe(0);

      for (const { port } of processes) {
        const answer = await get(port, '/');
        expect(answer.status).toBe(200);
        expect(answer.text).toBe(homePage);
      }

      // The outage after it: every process still serves the page it served.
      await server.stopFast();
      for (const { port } of processes) await expect.poll(() => healthOf(port), { timeout: 30_000 }).toBe(503);
      for (const { port } of processes) {
        for (let round = 0; round < 3; round++) {
          const answer = await get(port, '/');
          expect({ restart, status: answer.status }).toEqual({ restart, status: 200 });
          expect(answer.text).toBe(homePage);
        }
        expect((await get(port, '/api/page/byUrl/help')).status).toBe(503);
      }
      await server.start();
      for (const { port } of processes) await expect.poll(() => healthOf(port), { timeout: 30_000 }).toBe(200);
    }
  });
});
