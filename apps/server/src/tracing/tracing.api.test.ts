import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEMPLATE_DATABASE, TEST_ADMIN_PASSWORD, TEST_KEY_SECRET } from '../../test/constants.js';
import { databaseUrl } from '../../test/global-setup.js';
import { freePort } from '../../test/processes.js';
import { uniqueEmail } from '../../test/test-app.js';
import { createPool, type Db } from '../db/client.js';

/**
 * Tracing (decision 038) in the product as production starts it: the built bundle (`node apps/server/dist/main.js`)
 * in a process of its own, on a database cloned from the tests' template, exporting to a small OTLP/HTTP collector
 * that this file runs on loopback.
 */

const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');
const SPAN_KIND = { server: 2, consumer: 5 } as const;

type CollectedSpan = {
  service: unknown;
  scope: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
};
type OtlpAttribute = { key: string; value: Record<string, unknown> };
type OtlpBody = {
  resourceSpans: {
    resource: { attributes: OtlpAttribute[] };
    scopeSpans: {
      scope: { name: string };
      spans: { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes?: OtlpAttribute[] }[];
    }[];
  }[];
};

const valuesOf = (attributes: OtlpAttribute[] = []) =>
  Object.fromEntries(attributes.map(({ key, value }) => [key, Object.values(value)[0]]));

/** An OTLP/HTTP collector (JSON bodies, as the product's exporter sends them) that keeps every span it receives. */
async function startCollector(): Promise<{ url: string; spans: CollectedSpan[]; close: () => Promise<void> }> {
  const spans: CollectedSpan[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') return void response.writeHead(404).end();
      const body = JSON.parse(Buffer.concat(chunks).toString()) as OtlpBody;
      for (const { resource, scopeSpans } of body.resourceSpans) {
        const service = valuesOf(resource.attributes)['service.name'];
        for (const { scope, spans: received } of scopeSpans) {
          for (const span of received) {
            const { traceId, spanId, parentSpanId, name, kind } = span;
            spans.push({ service, scope: scope.name, traceId, spanId, parentSpanId, name, kind, attributes: valuesOf(span.attributes) });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, spans, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

type Product = { child: ChildProcess; exited: Promise<number | null>; output: () => string; logLines: () => Record<string, unknown>[] };

type ProductOptions = { port: number; dataDir: string; databaseUrl: string; env?: Record<string, string>; nodeArgs?: string[] };

/** The built server's command line and environment: its own port, data directory and database, logging at info. */
function productCommand(options: ProductOptions): { args: string[]; env: NodeJS.ProcessEnv } {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OTEL_') && name !== 'NODE_ENV'));
  return {
    args: [...(options.nodeArgs ?? []), '--enable-source-maps', 'apps/server/dist/main.js'],
    env: {
      ...inherited,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl,
      KEY_ENCRYPTION_SECRET: TEST_KEY_SECRET,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      LOG_LEVEL: 'info',
      ...options.env,
    },
  };
}

/** The built server as production starts it. */
function startBuiltProduct(options: ProductOptions): Product {
  const { args, env } = productCommand(options);
  const child = spawn(process.execPath, args, { cwd: repositoryRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const logLines = () =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { child, exited, output: () => output, logLines };
}

async function waitUntilHealthy(port: number, product: Product): Promise<void> {
  for (let waited = 0; waited < 60_000; waited += 100) {
    if (product.child.exitCode !== null) throw new Error(`the product exited: ${product.output()}`);
    const isHealthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (isHealthy) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the product did not become healthy: ${product.output()}`);
}

/**
 * The health check, a page (not traced), and a registration (queries, and a mail job queued) that the product logs
 * with this request id, sent as part of a caller's trace when `traceparent` (W3C Trace Context) is given.
 */
async function requestHealthPageAndRegister(port: number, requestId: string, traceparent?: string): Promise<void> {
  const health = await fetch(`http://127.0.0.1:${port}/api/health`);
  expect(health.status).toBe(200);
  await fetch(`http://127.0.0.1:${port}/about`);
  const registered = await fetch(`http://127.0.0.1:${port}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-id': requestId, ...(traceparent ? { traceparent } : {}) },
    body: JSON.stringify({ email: uniqueEmail('tracing'), password: 'secret-password' }),
  });
  expect(registered.status).toBe(200);
}

const requestLineOf = (product: Product, requestId: string) =>
  product.logLines().find((line) => line.msg === 'request completed' && line.reqId === requestId);

/**
 * A process-wide guard: importing or requiring anything of OpenTelemetry throws, naming it, except its API package
 * (`@opentelemetry/api`, a facade that does nothing until an SDK registers): prom-client requires it for its
 * exemplars whether or not anything traces.
 */
async function writeOpenTelemetryGuard(directory: string): Promise<string> {
  const pattern = String.raw`/^(@opentelemetry\/(?!api$)|@fastify\/otel)/`;
  const hooks = path.join(directory, 'guard-hooks.mjs');
  await fs.writeFile(
    hooks,
    `export async function resolve(specifier, context, next) {
  if (${pattern}.test(specifier)) throw new Error('OpenTelemetry loaded: ' + specifier);
  return next(specifier, context);
}\n`,
  );
  const guard = path.join(directory, 'guard.mjs');
  await fs.writeFile(
    guard,
    `import module, { createRequire } from 'node:module';
module.register(${JSON.stringify(pathToFileURL(hooks).href)});
const Module = createRequire(import.meta.url)('node:module');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (${pattern}.test(request)) throw new Error('OpenTelemetry loaded: ' + request);
  return resolveFilename.call(this, request, ...rest);
};\n`,
  );
  return pathToFileURL(guard).href;
}

describe('tracing with OpenTelemetry', () => {
  const serverUrl = inject('databaseServerUrl');
  const database = `store_test_${randomBytes(6).toString('hex')}`;
  let db: Db;
  let dataDir: string;
  const started: Product[] = [];

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-needed'], { cwd: repositoryRoot, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`the server did not build: ${build.stdout}${build.stderr}`);
    const admin = createPool(serverUrl, 1);
    await admin.query(`CREATE DATABASE ${database} TEMPLATE ${TEMPLATE_DATABASE}`);
    await admin.end();
    db = createPool(databaseUrl(serverUrl, database), 2);
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'store-tracing-test-'));
  });

  afterAll(async () => {
    for (const product of started) {
      if (product.child.exitCode === null) product.child.kill('SIGKILL');
      await product.exited;
    }
    await db?.end();
    const cleanup = createPool(serverUrl, 1);
    await cleanup.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await cleanup.end();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it(
    'traces HTTP, the Fastify route and its queries in one trace, and each job; exports them all when stopped',
    { timeout: 120_000 },
    async () => {
      const collector = await startCollector();
      // An SMTP server that takes every mail, so that the mail relay runs (it does only with SMTP).
      const smtp = new SMTPServer({
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData: (stream, _session, callback) => {
          stream.resume();
          stream.on('end', () => callback());
        },
      });
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
      try {
        const port = await freePort();
        const product = startBuiltProduct({
          port,
          dataDir,
          databaseUrl: databaseUrl(serverUrl, database),
          env: {
            SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
            OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
            OTEL_SERVICE_NAME: 'store-tracing-test',
            // Nothing is exported on a schedule during the test: what arrives was flushed when the product stopped.
            OTEL_BSP_SCHEDULE_DELAY: '600000',
          },
        });
        started.push(product);
        await waitUntilHealthy(port, product);
        // A caller's trace (its trace id, and its span's id as the parent): the registration joins it.
        const callerTraceId = randomBytes(16).toString('hex');
        const callerSpanId = randomBytes(8).toString('hex');
        await requestHealthPageAndRegister(port, 'tracing-test-register', `00-${callerTraceId}-${callerSpanId}-01`);
        // A release mail's one-click unsubscribe: its token is in the query (a forged one here: answered 404).
        const unsubscribeToken = `u1.1.${randomBytes(32).toString('base64url')}`;
        const unsubscribed = await fetch(`http://127.0.0.1:${port}/api/release-mail/unsubscribe?token=${unsubscribeToken}`, {
          method: 'POST',
          headers: { 'x-request-id': 'tracing-test-unsubscribe' },
        });
        expect(unsubscribed.status).toBe(404);
        // The relay has sent the registration's mail once the outbox holds no unsent mail (its batch's span has ended then).
        await expect
          .poll(async () => (await db.query(`SELECT count(*)::int AS n FROM mail_outbox WHERE sent_at IS NULL`)).rows[0], {
            timeout: 30_000,
            interval: 100,
          })
          .toEqual({ n: 0 });
        expect(collector.spans).toEqual([]);

        product.child.kill('SIGTERM');
        expect(await product.exited).toBe(0);

        const { spans } = collector;
        expect(new Set(spans.map((span) => span.service))).toEqual(new Set(['store-tracing-test']));
        expect(spans.find((span) => span.kind === SPAN_KIND.server && span.name === 'GET /api/health')).toBeDefined();
        // The pages, answered from memory, are not traced (decision 038).
        expect(spans.filter((span) => span.attributes['url.path'] === '/about')).toEqual([]);
        // The server span (Fastify's, named by the route) in the caller's trace, the route handler's span under it,
        // and the handler's queries under that: one trace.
        const server = spans.find((span) => span.kind === SPAN_KIND.server && span.name === 'POST /api/register');
        expect(server).toMatchObject({
          scope: '@fastify/otel',
          traceId: callerTraceId,
          parentSpanId: callerSpanId,
          attributes: { 'http.request.method': 'POST', 'http.route': '/api/register', 'http.response.status_code': 200 },
        });
        const trace = spans.filter((span) => span.traceId === server!.traceId);
        const handler = trace.find((span) => span.parentSpanId === server!.spanId);
        expect(handler).toMatchObject({
          scope: '@fastify/otel',
          name: 'handler - authRoutes',
          attributes: { 'http.route': '/api/register' },
        });
        const queries = trace.filter((span) => span.scope === '@opentelemetry/instrumentation-pg' && span.name.startsWith('pg.query'));
        expect(queries.length).toBeGreaterThan(0);
        for (const query of queries) expect(query.parentSpanId).toBe(handler!.spanId);
        // The relay's batch that sent the registration's mail, with its recording query as its child.
        const batch = spans.find((span) => span.name === 'process mail_outbox');
        expect(batch).toMatchObject({
          kind: SPAN_KIND.consumer,
          attributes: { 'messaging.destination.name': 'mail_outbox', 'mail.sent': expect.any(Number) },
        });
        expect(
          spans.filter((span) => span.parentSpanId === batch!.spanId && span.scope === '@opentelemetry/instrumentation-pg'),
        ).not.toEqual([]);
        // The queue's own polling and the listening connection's queries run outside any request or job: no spans.
        expect(spans.filter((span) => span.parentSpanId === undefined || span.parentSpanId === '').map((span) => span.scope)).not.toContain(
          '@opentelemetry/instrumentation-pg',
        );

        // A token in the path or query is in neither the span nor the log line (redactUrl).
        expect(
          spans.find((span) => span.kind === SPAN_KIND.server && span.attributes['http.route'] === '/api/release-mail/unsubscribe'),
        ).toMatchObject({
          attributes: { 'url.path': '/api/release-mail/unsubscribe?token=:token' },
        });
        expect(JSON.stringify(spans)).not.toContain(unsubscribeToken);
        expect(requestLineOf(product, 'tracing-test-unsubscribe')).toMatchObject({
          req: { url: '/api/release-mail/unsubscribe?token=:token' },
        });
        expect(product.output()).not.toContain(unsubscribeToken);

        // The request's log line names the request (Fastify's reqId, from X-Request-Id) and its trace.
        expect(requestLineOf(product, 'tracing-test-register')).toMatchObject({
          req: { method: 'POST', url: '/api/register' },
          res: { statusCode: 200 },
          trace_id: server!.traceId,
        });
      } finally {
        await new Promise<void>((resolve) => smtp.close(resolve));
        await collector.close();
      }
    },
  );

  it(
    'loads nothing of OpenTelemetry (beyond the API facade prom-client requires) when no endpoint is set',
    { timeout: 120_000 },
    async () => {
      const guard = await writeOpenTelemetryGuard(dataDir);
      const options = { dataDir, databaseUrl: databaseUrl(serverUrl, database), nodeArgs: ['--import', guard] };
      // The guard works: with an endpoint set, the product stops at once, naming what it tried to load.
      const control = productCommand({ ...options, port: await freePort(), env: { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' } });
      const guarded = spawnSync(process.execPath, control.args, {
        cwd: repositoryRoot,
        env: control.env,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(guarded.stderr).toMatch(/OpenTelemetry loaded: @(opentelemetry|fastify)\//);
      expect(guarded.status).not.toBe(0);

      const port = await freePort();
      const product = startBuiltProduct({ ...options, port });
      started.push(product);
      await waitUntilHealthy(port, product);
      await requestHealthPageAndRegister(port, 'untraced-register');
      product.child.kill('SIGTERM');
      expect(await product.exited).toBe(0);
      expect(product.output()).not.toContain('OpenTelemetry loaded');
      const line = requestLineOf(product, 'untraced-register');
      expect(line).toMatchObject({ req: { url: '/api/register' }, res: { statusCode: 200 } });
      expect(line).not.toHaveProperty('trace_id');
    },
  );
});
