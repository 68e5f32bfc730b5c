import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { startDatabaseProxy } from '../../test/database-proxy.js';
import { createTestApp } from '../../test/test-app.js';
import { buildApp } from '../app.js';
import { createPool } from './client.js';
import { isDatabaseUnreachable } from './database-status.js';

const t = await createTestApp();

// An outage: the proxy resets every connection and refuses new ones (counted) until it is restored.
const proxy = await startDatabaseProxy(t.config.DATABASE_URL!);
const cut = proxy.cut;

/** Every line the app logs, parsed. */
const logLines: { level: number; msg: string }[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as { level: number; msg: string });
    done();
  },
});
/** Warnings and errors logged since the test started (the app's start-up notes aside). */
let firstLine = 0;
const warningsAndErrors = () =>
  logLines
    .slice(firstLine)
    .filter((line) => line.level >= 40)
    .map((line) => line.msg);

const distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'store-outage-'));
await fs.writeFile(
  path.join(distDir, 'index.html'),
  '<!doctype html><html><head><title>App</title><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-data--></body></html>',
);
const db = createPool(proxy.url, 5);
const app = await buildApp({
  config: { ...t.config, webDistDir: distDir },
  db,
  isServingWebApp: true,
  logger: { level: 'info', stream: logStream },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as net.AddressInfo;

afterAll(async () => {
  await app.close();
  await db.end();
  await proxy.close();
  await fs.rm(distDir, { recursive: true, force: true });
});

function get(pathname: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathname }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString() }),
        );
      })
      .on('error', reject);
  });
}
const login = () => app.inject({ method: 'POST', url: '/api/login/', payload: { username: 'admin', password: 'wrong-password' } });

describe('while PostgreSQL cannot be reached', () => {
  it('serves cached pages, answers API calls 503 with Retry-After, and logs the outage once and its end once', async () => {
    firstLine = logLines.length;
    expect((await get('/about')).status).toBe(200);
    expect((await get('/about')).text).toContain('We are a small company of audio engineers');
    expect((await get('/api/page/byUrl/about')).status).toBe(200);
    expect((await get('/api/page/menuitems')).status).toBe(200);
    expect(warningsAndErrors()).toEqual([]);

    cut();
    await expect.poll(() => app.tableChanges.isListening(), { timeout: 5_000 }).toBe(false);
    for (let round = 0; round < 10; round++) {
      const page = await get('/about');
      expect(page.status).toBe(200);
      expect(page.text).toContain('We are a small company of audio engineers');
      const api = await get('/api/page/byUrl/help');
      expect(api.status).toBe(503);
      expect(api.headers['retry-after']).toBe('5');
      expect(api.text).toBe('The service is briefly unavailable. Please try again in a moment.');
      // The pages and the menu the API answered before are answered as they were; the app's screens render.
      const aboutApi = await get('/api/page/byUrl/about');
      expect(aboutApi.status).toBe(200);
      expect(JSON.parse(aboutApi.text)).toMatchObject({ url: '/about' });
      expect((await get('/api/page/menuitems')).status).toBe(200);
      const loginScreen = await get('/login');
      expect(loginScreen.status).toBe(200);
      expect(loginScreen.text).toContain('initial-data');
      const refused = await login();
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
    }
    expect((await get('/api/health')).status).toBe(503);
    // The caches' listening connection retries every second: let it fail a few times more.
    const refusedBefore = proxy.refused;
    await expect.poll(() => proxy.refused, { timeout: 10_000 }).toBeGreaterThanOrEqual(refusedBefore + 3);
    expect(warningsAndErrors()).toEqual(['database unreachable: API calls answer 503, cached pages are still served']);

    proxy.restore();
    await expect.poll(async () => (await get('/api/health')).status, { timeout: 10_000 }).toBe(200);
    await expect.poll(() => app.tableChanges.isListening(), { timeout: 10_000 }).toBe(true);
    expect((await get('/api/page/byUrl/help')).status).toBe(200);
    expect((await login()).statusCode).toBe(401);
    expect(warningsAndErrors()).toEqual([
      'database unreachable: API calls answer 503, cached pages are still served',
      'database reachable again',
    ]);
  });
});

describe('outages after the listening connection came back', () => {
  const restore = async () => {
    proxy.restore();
    await expect.poll(async () => (await get('/api/health')).status, { timeout: 10_000 }).toBe(200);
    await expect.poll(() => app.tableChanges.isListening(), { timeout: 10_000 }).toBe(true);
  };
  const cutAndWait = async () => {
    cut();
    await expect.poll(() => app.tableChanges.isListening(), { timeout: 10_000 }).toBe(false);
  };
  type KeptAnswer = { bodies: { identity: Buffer } };
  const keptBody = (pathname: string) => app.pageCache.peek<KeptAnswer>(`answer:${pathname}`)?.bodies.identity.toString();

  it('serves the cached page in every outage, however often listening resumed with no visitor in between', async () => {
    const before = await get('/about');
    expect(before.status).toBe(200);
    for (let outage = 1; outage <= 3; outage++) {
      await cutAndWait();
      const during = await get('/about');
      expect({ outage, status: during.status }).toEqual({ outage, status: 200 });
      expect(during.text).toBe(before.text);
      await restore();
    }
  });

  it('serves in the next outage a page as it was changed while changes were not heard, and not a withdrawn one', async () => {
    expect((await get('/about')).status).toBe(200);
    expect((await get('/privacy')).status).toBe(200);
    await cutAndWait();
    const marker = `Changed while nobody listened ${Date.now()}`;
    // Straight into the database (not through the proxy): the app cannot hear these notifications.
    await t.db.query(`UPDATE page SET html_text = html_text || $1 WHERE url = '/about'`, [`<p>${marker}</p>`]);
    await t.db.query(`UPDATE page SET is_published = false WHERE url = '/privacy'`);
    await restore();
    // Listening resumed: what was kept is read again in the background, so the next outage finds it current.
    await expect.poll(() => keptBody('/about') ?? '', { timeout: 10_000 }).toContain(marker);
    await expect.poll(() => app.pageCache.peekStale('answer:/privacy'), { timeout: 10_000 }).toBeUndefined();

    await cutAndWait();
    const about = await get('/about');
    expect(about.status).toBe(200);
    expect(about.text).toContain(marker);
    expect((await get('/privacy')).status).toBe(503);
    await restore();
  });
});

describe('a database server that accepts connections but does not answer (paused)', () => {
  it('fails the call after the connection timeout with an error that counts as unreachable', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const pool = createPool(`postgres://postgres@127.0.0.1:${(silent.address() as net.AddressInfo).port}/store`, 1, {
      connectionTimeoutMillis: 300,
    });
    try {
      const failure = await pool.query('SELECT 1').then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(Error);
      expect(isDatabaseUnreachable(failure)).toBe(true);
    } finally {
      await pool.end();
      silent.close();
    }
  });
});
