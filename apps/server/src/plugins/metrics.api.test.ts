import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueIp } from '../../test/test-app.js';
import { buildApp } from '../app.js';
import { orderCompleted, postWebhook } from '../../test/webhook-fixtures.js';
import { customerWithLicence, randomDeviceId, registerDevice } from '../modules/licence/licence.test-factory.js';

const secret = 'test-webhook-secret';
const token = 'metrics-token-0123456789';
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address() as net.AddressInfo;
      probe.close(() => resolve(address.port));
    });
  });
const metricsPort = await freePort();
const t = await createTestApp({
  FASTSPRING_WEBHOOK_SECRET: secret,
  METRICS_TOKEN: token,
  METRICS_PORT: String(metricsPort),
  HOST: '127.0.0.1',
});
const plain = await createTestApp();

const scrape = () => t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
/** The value of one sample line (`name{labels} value`), or undefined. */
const sample = (text: string, pattern: RegExp) => {
  const line = text.split('\n').find((candidate) => pattern.test(candidate));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
};

describe('GET /metrics', () => {
  it('is not there unless configured', async () => {
    expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('asks for the token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    const answer = await scrape();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0.0.4/);
  });

  it('counts requests by route and status, webhook events, the time to a licence, signing and the database', async () => {
    await t.request({ method: 'GET', url: '/api/health' });
    await t.request({ method: 'GET', url: '/api/page/byUrl/*nowhere-at-all' });
    const event = orderCompleted({ email: `metrics-${Date.now()}@example.com`, items: [{ product: 'punch' }] });
    expect((await postWebhook(t.app, [event], { secret })).statusCode).toBe(200);
    const owner = await customerWithLicence(t);
    const registered = await registerDevice(
      t,
      { ProductName: 'Spacey', Key: owner.order.serial_2048, DeviceIdHash: randomDeviceId() },
      uniqueIp(),
    );
    expect(registered.statusCode).toBe(200);

    const text = (await scrape()).body;
    expect(
      sample(text, /^store_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\}/),
    ).toBeGreaterThanOrEqual(1);
    // The route's pattern, never the visitor's path.
    expect(text).toMatch(/route="\/api\/page\/byUrl\/:url",status="404"/);
    expect(text).not.toMatch(/nowhere-at-all/);
    expect(sample(text, /^store_webhook_events_total\{outcome="received"\}/)).toBeGreaterThanOrEqual(1);
    expect(sample(text, /^store_webhook_events_total\{outcome="processed"\}/)).toBeGreaterThanOrEqual(1);
    expect(sample(text, /^store_licence_issue_delay_seconds_count /)).toBeGreaterThanOrEqual(1);
    expect(sample(text, /^store_signing_duration_seconds_count /)).toBeGreaterThanOrEqual(1);
    expect(sample(text, /^store_signing_in_flight /)).toBe(0);
    expect(sample(text, /^store_database_reachable /)).toBe(1);
    expect(sample(text, /^store_database_pool_connections\{state="total"\}/)).toBeGreaterThanOrEqual(1);
    expect(sample(text, /^store_job_queue_jobs\{state="due"\}/)).toBeGreaterThanOrEqual(0);
  });

  it("counts the page cache's hits and misses: a page rendered once, then answered from memory", async () => {
    const distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'store-metrics-web-'));
    await fs.writeFile(
      path.join(distDir, 'index.html'),
      '<!doctype html><html><head><title>App</title></head><body><!--app-html--><!--app-data--></body></html>',
    );
    const web = await buildApp({ config: { ...t.config, webDistDir: distDir }, db: t.db, isServingWebApp: true });
    try {
      const page = (url: string) => web.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      const first = await page('/about');
      expect(first.statusCode).toBe(200);
      const second = await page('/about');
      expect(second.statusCode).toBe(200);
      expect(second.headers.etag).toBe(first.headers.etag);
      const text = (await web.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } })).body;
      expect(sample(text, /^store_page_cache_lookups_total\{result="miss"\}/)).toBe(1);
      expect(sample(text, /^store_page_cache_lookups_total\{result="hit"\}/)).toBe(1);
      expect(sample(text, /^store_http_request_duration_seconds_count\{method="GET",route="\/\*",status="200"\}/)).toBe(2);
    } finally {
      await web.close();
      await fs.rm(distDir, { recursive: true, force: true });
    }
  });

  it('answers on its own port without a token once the app listens', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const answer = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toMatch(/^store_database_reachable 1$/m);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
  });
});
