import { timingSafeEqual, createHash } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { databaseStatusOf } from '../db/database-status.js';
import { collectNodeMetrics, Counter, Gauge, Histogram, metricsRegistry, Registry } from '../lib/metrics.js';
import { RequestDurationHistogram } from '../lib/request-durations.js';

/**
 * GET /metrics in Prometheus' text format (issue 27), off unless configured: on the app's port behind
 * `METRICS_TOKEN` (a bearer token), and/or on `METRICS_PORT` of its own (for a network only the scraper reaches).
 * Off, nothing here runs: no hook, no wrapper, no route.
 */
export async function registerMetrics(app: FastifyInstance): Promise<void> {
  const { METRICS_TOKEN: token, METRICS_PORT: port } = app.config;
  if (token === undefined && port === undefined) return;
  // This app's own metrics (a test process builds several apps), served with the process's counters.
  const registry = new Registry();
  const scrape = () => Registry.merge([metricsRegistry, registry]).metrics();
  collectNodeMetrics();

  const requests = new RequestDurationHistogram({
    name: 'store_http_request_duration_seconds',
    help: 'HTTP requests by method, route (its pattern) and status, and how long they took.',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    requests.record(request.method, routeOf(request), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  measureSigning(app, registry);
  measurePageCache(app, registry);
  measureDatabase(app, registry);

  if (token !== undefined) {
    const expected = createHash('sha256').update(`Bearer ${token}`).digest();
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const given = createHash('sha256')
        .update(request.headers.authorization ?? '')
        .digest();
      if (!timingSafeEqual(given, expected)) return reply.code(401).type('text/plain').send('Please log in.');
      return reply.type(metricsRegistry.contentType).send(await scrape());
    });
  }
  if (port !== undefined) {
    const server = http.createServer((request, response) => {
      if (request.method !== 'GET' || request.url !== '/metrics') return void response.writeHead(404).end();
      scrape().then(
        (text) => response.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
        () => response.writeHead(500).end(),
      );
    });
    app.addHook('onListen', async () => {
      await new Promise<void>((resolve) => server.listen(port, app.config.HOST, resolve));
      app.log.info(`metrics on port ${port}`);
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
  }
}

/** The route's pattern (never the raw URL, whose paths visitors choose); unrouted requests share one label. */
const routeOf = (request: FastifyRequest): string => request.routeOptions.url ?? 'unmatched';

function measureSigning(app: FastifyInstance, registry: Registry): void {
  const inFlight = new Gauge({
    name: 'store_signing_in_flight',
    help: 'Key files waiting for or being signed on the signing pool.',
    registers: [registry],
  });
  const seconds = new Histogram({
    name: 'store_signing_duration_seconds',
    help: 'Time to sign one key file, queue included.',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5],
    registers: [registry],
  });
  const signer = app.keyFileSigner;
  const sign = signer.sign.bind(signer);
  signer.sign = async (file) => {
    inFlight.inc();
    const stop = seconds.startTimer();
    try {
      return await sign(file);
    } finally {
      stop();
      inFlight.dec();
    }
  };
}

/**
 * A hit is an answer found ready in memory (`peek`), a miss one that has to be made (`derive`, which the page
 * answers call only when `peek` found nothing).
 */
function measurePageCache(app: FastifyInstance, registry: Registry): void {
  const lookups = new Counter({
    name: 'store_page_cache_lookups_total',
    help: 'Answers the page cache was asked for, by result: hit (kept in memory) or miss (rendered).',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const hits = lookups.labels({ result: 'hit' });
  const misses = lookups.labels({ result: 'miss' });
  const cache = app.pageCache;
  const peek = cache.peek.bind(cache);
  cache.peek = <T>(key: string): T | undefined => {
    const value = peek<T>(key);
    if (value !== undefined) hits.inc();
    return value;
  };
  const derive = cache.derive.bind(cache);
  cache.derive = (key, compute) => {
    misses.inc();
    return derive(key, compute);
  };
}

function measureDatabase(app: FastifyInstance, registry: Registry): void {
  new Gauge({
    name: 'store_database_reachable',
    help: '1 while PostgreSQL can be reached, 0 during an outage (cached pages served, API calls 503).',
    registers: [registry],
    collect() {
      this.set(databaseStatusOf(app.db)?.isReachable() === false ? 0 : 1);
    },
  });
  new Gauge({
    name: 'store_database_pool_connections',
    help: "The process's PostgreSQL pool: connections open, idle, and requests waiting for one.",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, app.db.totalCount);
      this.set({ state: 'idle' }, app.db.idleCount);
      this.set({ state: 'waiting' }, app.db.waitingCount);
    },
  });
  new Gauge({
    name: 'store_job_queue_jobs',
    help: 'Jobs in the queue (all processes): due and waiting, running, and waiting for a retry after a failure.',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const { rows } = await app.db
        .query<{ due: number; running: number; retrying: number }>(
          `SELECT count(*) FILTER (WHERE locked_at IS NULL AND run_at <= now() AND attempts = 0)::int AS due,
                  count(*) FILTER (WHERE locked_at IS NOT NULL)::int AS running,
                  count(*) FILTER (WHERE locked_at IS NULL AND attempts > 0 AND attempts < max_attempts)::int AS retrying
             FROM graphile_worker.jobs`,
        )
        .catch(() => ({ rows: [] as { due: number; running: number; retrying: number }[] }));
      const [counts] = rows;
      if (!counts) return;
      this.set({ state: 'due' }, counts.due);
      this.set({ state: 'running' }, counts.running);
      this.set({ state: 'retrying' }, counts.retrying);
    },
  });
}
