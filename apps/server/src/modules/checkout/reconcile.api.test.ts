import { parseCrontab, runOnce, type JobHelpers } from 'graphile-worker';
import { describe, expect, it, vi } from 'vitest';
import { databaseStatusOf } from '../../db/database-status.js';
import { quietJobLogger } from '../../jobs/job-logger.js';
import { createTaskList } from '../../jobs/job-runner.js';
import { recordSandboxSale } from '../../sandbox/sandbox.repository.js';
import { selfBaseUrl } from '../../sandbox/self-webhook.js';
import { createTestApp, licenceMailsTo, uniqueEmail, type TestApp } from '../../../test/test-app.js';
import { orderCompleted, providerId, returnCreated } from '../../../test/webhook-fixtures.js';
import { createFastSpringApi, sandboxApiUserOf, type FastSpringApi } from './fastspring-api.js';
import { createReconcileTask, reconcileCrontabLine } from './reconcile-job.js';
import { reconcileOrders } from './reconcile.service.js';
import { receiveWebhookEvents } from './webhook.service.js';

// The job asks the sandbox's copy of FastSpring's API on this server's own address, so the app listens.
const t = await createTestApp();
await t.app.listen({ port: 0, host: '127.0.0.1' });
/** An installation with FastSpring's real API configured (no sandbox), whose server does not listen. */
const REAL_API_URL = 'https://api.fastspring.test';
const real = await createTestApp({
  SANDBOX_CHECKOUT: 'off',
  FASTSPRING_API_USER: 'api-user',
  FASTSPRING_API_PASSWORD: 'api-password',
  FASTSPRING_API_URL: REAL_API_URL,
});

const today = new Date().toISOString().slice(0, 10);
const api = () => createFastSpringApi({ baseUrl: `${selfBaseUrl(t.app.server)}/sandbox/fastspring-api`, ...sandboxApiUserOf(t.config) });
/** Today's reconciliation against `fastSpring` (the sandbox's copy unless given). */
const run = (fastSpring: FastSpringApi = api()) =>
  reconcileOrders({
    db: t.db,
    api: fastSpring,
    from: new Date(),
    to: new Date(),
    secretBox: t.app.secretBox,
    config: t.config,
    log: t.app.log,
  });
/** FastSpring's API as a stub answering `answer(url)` as JSON (404 when undefined); `asked` lists the requests. */
const stubApi = (answer: (url: URL) => unknown) => {
  const asked: string[] = [];
  const stub = async (input: string | URL | Request) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    asked.push(`${url.pathname}${url.search}`);
    const body = answer(url);
    return body === undefined ? new Response('Not found', { status: 404 }) : Response.json(body);
  };
  return {
    api: createFastSpringApi({ baseUrl: 'https://api.fastspring.test', user: 'u', password: 'p', fetch: stub as typeof fetch }),
    asked,
  };
};
const isReturnsLookup = (url: URL) => url.pathname.startsWith('/returns') || url.searchParams.get('returns') === 'true';
const statesOf = async (providerOrderId: string, app: TestApp = t) =>
  (await app.db.query('SELECT state FROM orders WHERE provider_order_id = $1 ORDER BY provider_item', [providerOrderId])).rows.map(
    (row) => row.state,
  );
/** The queries that ask which of a page's orders, or returns, the server knows already. */
const isKnownLookup = (text: unknown) =>
  typeof text === 'string' &&
  /^SELECT (DISTINCT payload->'data'->>'id' AS id FROM webhook_event\s+WHERE type = 'order.completed'|return_id AS id FROM provider_refund)/.test(
    text,
  );
/** A failure to reach PostgreSQL, as the driver reports a refused connection. */
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const OUTAGE_LINE = 'database unreachable: API calls answer 503, cached pages are still served';
/** The messages of the calls of a spied log method. */
const messagesOf = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map((call) => call[1]);
/** A sale FastSpring made whose webhook never arrived. */
const missedOrder = async (email: string, product = 'punch') => {
  const event = orderCompleted({ email, items: [{ product }] });
  await recordSandboxSale(t.db, { id: event.data.id as string, kind: 'order', providerOrderId: event.data.id as string, data: event.data });
  return event.data.id as string;
};

describe("the sandbox's FastSpring API", () => {
  it("serves the orders the sandbox made, paged, only to this installation's own API user", async () => {
    const orderId = await missedOrder(uniqueEmail());
    const base = `${selfBaseUrl(t.app.server)}/sandbox/fastspring-api/orders?begin=${today}&end=${today}`;
    expect((await fetch(base)).status).toBe(401);
    const stranger = createFastSpringApi({ baseUrl: `${selfBaseUrl(t.app.server)}/sandbox/fastspring-api`, user: 'u', password: 'p' });
    await expect(stranger.listOrders({ begin: today, end: today, page: 1 })).rejects.toThrow();
    const page = await api().listOrders({ begin: today, end: today, page: 1 });
    expect(page.records.map((record) => record.id)).toContain(orderId);
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await api().listOrders({ begin: yesterday, end: yesterday, page: 1 })).records).toEqual([]);
  });
});

describe('reconcileOrders', () => {
  it('processes the orders and returns whose webhooks never came, once', async () => {
    const email = uniqueEmail('missed');
    const orderId = await missedOrder(email);
    const refunded = await missedOrder(uniqueEmail());
    const refund = returnCreated(refunded);
    await recordSandboxSale(t.db, { id: refund.data.return as string, kind: 'return', providerOrderId: refunded, data: refund.data });

    const first = await run();
    expect(first.isSkipped).toBe(false);
    expect(first.processedEventIds).toEqual(
      expect.arrayContaining([
        `reconcile:order:${orderId}`,
        `reconcile:order:${refunded}`,
        `reconcile:return:${refund.data.return as string}`,
      ]),
    );
    expect(await statesOf(orderId)).toEqual(['active']);
    expect(await statesOf(refunded)).toEqual(['refunded']);
    expect(await licenceMailsTo(t.db, email)).toHaveLength(1);

    const second = await run();
    expect(second.processedEventIds).toEqual([]);
    expect(second.ordersSeen).toBeGreaterThanOrEqual(2);
    expect(await licenceMailsTo(t.db, email)).toHaveLength(1);
  });

  it('processes the missing orders when the returns lookup fails, and logs that failure once', async () => {
    const order = orderCompleted({ email: uniqueEmail(), items: [{ product: 'tapewarm' }] }).data;
    const stub = stubApi((url) => (url.pathname === '/orders' && !isReturnsLookup(url) ? { orders: [order], nextPage: null } : undefined));
    const logged = vi.spyOn(t.app.log, 'error');
    try {
      const result = await run(stub.api);
      expect(result.processedEventIds).toEqual([`reconcile:order:${order.id as string}`]);
      expect(result.lookupErrors).toEqual([expect.stringMatching(/^returns: .*404/)]);
      expect(await statesOf(order.id as string)).toEqual(['active']);
      expect(logged).toHaveBeenCalledTimes(1);
    } finally {
      logged.mockRestore();
    }
  });

  it("finds returns through FastSpring's documented lookups (orders with returns, then each return by id), even when the orders lookup fails", async () => {
    const order = orderCompleted({ email: uniqueEmail(), items: [{ product: 'punch', quantity: 2 }] });
    await receiveWebhookEvents({ db: t.db, secretBox: t.app.secretBox, config: t.config, log: t.app.log }, [order]);
    const refund = returnCreated(order.data.id as string, { items: [{ product: 'punch', quantity: 1 }], returnId: providerId() });
    const returnId = refund.data.return as string;
    const stub = stubApi((url) => {
      if (url.pathname === '/orders' && url.searchParams.get('returns') === 'true')
        return { orders: [{ ...order.data, returns: [returnId] }], nextPage: null };
      if (url.pathname === `/returns/${returnId}`) return { returns: [refund.data] };
      return undefined; // the orders lookup fails
    });
    const result = await run(stub.api);
    expect(result.processedEventIds).toEqual([`reconcile:return:${returnId}`]);
    expect(result.returnsSeen).toBe(1);
    expect(result.lookupErrors).toEqual([expect.stringMatching(/^orders: .*404/)]);
    expect(await statesOf(order.data.id as string)).toEqual(['active', 'refunded']);

    // A return carried out is not asked for again.
    stub.asked.length = 0;
    expect((await run(stub.api)).processedEventIds).toEqual([]);
    expect(stub.asked.filter((path) => path.startsWith('/returns/'))).toEqual([]);
  });

  it('leaves a database lost during the lookups to the database status: one line per outage, not one per lookup', async () => {
    const order = orderCompleted({ email: uniqueEmail(), items: [{ product: 'punch' }] }).data;
    const stub = stubApi((url) =>
      url.pathname === '/orders' ? { orders: [{ ...order, returns: [providerId()] }], nextPage: null } : undefined,
    );
    const query = t.db.query.bind(t.db) as (...args: unknown[]) => Promise<unknown>;
    const lookups = vi
      .spyOn(t.db, 'query')
      .mockImplementation(((text: unknown, ...rest: unknown[]) =>
        isKnownLookup(text) ? Promise.reject(refused()) : query(text, ...rest)) as never);
    const logged = vi.spyOn(t.app.log, 'error');
    try {
      for (let round = 0; round < 3; round++) {
        const result = await run(stub.api);
        expect(result.lookupErrors).toEqual([
          expect.stringMatching(/^orders: .*ECONNREFUSED/),
          expect.stringMatching(/^returns: .*ECONNREFUSED/),
        ]);
      }
      expect(messagesOf(logged)).toEqual([OUTAGE_LINE]);
    } finally {
      lookups.mockRestore();
      logged.mockRestore();
      databaseStatusOf(t.db)?.noteReachable();
    }
  });

  it('asks the database once per page of orders and once per page of returns, not once per order or return', async () => {
    const orders = Array.from({ length: 4 }, () => orderCompleted({ email: uniqueEmail(), items: [{ product: 'punch' }] }));
    await receiveWebhookEvents({ db: t.db, secretBox: t.app.secretBox, config: t.config, log: t.app.log }, [orders[0]!]);
    const refund = returnCreated(orders[0]!.data.id as string, { returnId: providerId() });
    const returnIds = [refund.data.return as string, providerId(), providerId()];
    const stub = stubApi((url) => {
      if (url.pathname === '/orders' && url.searchParams.get('returns') === 'true')
        return { orders: [{ ...orders[0]!.data, returns: returnIds }], nextPage: null };
      if (url.pathname === '/orders') {
        const page = Number(url.searchParams.get('page'));
        return { orders: orders.slice((page - 1) * 2, page * 2).map((order) => order.data), nextPage: page < 2 ? page + 1 : null };
      }
      if (url.pathname.startsWith('/returns/')) return { returns: [] };
      return undefined;
    });
    const query = t.db.query.bind(t.db) as (...args: unknown[]) => Promise<unknown>;
    const lookups: unknown[][] = [];
    const spy = vi.spyOn(t.db, 'query').mockImplementation(((text: unknown, ...rest: unknown[]) => {
      if (isKnownLookup(text)) lookups.push(rest[0] as unknown[]);
      return query(text, ...rest);
    }) as never);
    try {
      const result = await run(stub.api);
      expect(result.lookupErrors).toEqual([]);
      expect(result.ordersSeen).toBe(4);
      expect(result.returnsSeen).toBe(3);
      expect(result.processedEventIds).toEqual(orders.slice(1).map((order) => `reconcile:order:${order.data.id as string}`));
    } finally {
      spy.mockRestore();
    }
    expect(lookups).toEqual([
      [orders.slice(0, 2).map((order) => order.data.id)],
      [orders.slice(2, 4).map((order) => order.data.id)],
      [returnIds],
    ]);
    // The returns the server does not know are asked for, all of them in one request.
    expect(stub.asked.filter((path) => path.startsWith('/returns/'))).toEqual([`/returns/${returnIds.join(',')}`]);
  });

  it('runs in one process at a time', async () => {
    const holder = await t.db.connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [0x0f5_2ec0]);
      expect((await run()).isSkipped).toBe(true);
    } finally {
      await holder.query('SELECT pg_advisory_unlock($1)', [0x0f5_2ec0]);
      holder.release();
    }
  });

  it('is run by an administrator for a chosen range of days, and refuses a bad range', async () => {
    const orderId = await missedOrder(uniqueEmail());
    const token = await t.adminToken();
    const response = await t.request({ method: 'POST', url: '/api/webhookEvent/reconcile', token, body: { from: today, to: today } });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { processedEventIds: string[] }).processedEventIds).toContain(`reconcile:order:${orderId}`);
    expect(await statesOf(orderId)).toEqual(['active']);
    const backwards = await t.request({
      method: 'POST',
      url: '/api/webhookEvent/reconcile',
      token,
      body: { from: today, to: '2020-01-01' },
    });
    expect(backwards.statusCode).toBe(400);
    const customer = await t.registerCustomer();
    const refused = await t.request({
      method: 'POST',
      url: '/api/webhookEvent/reconcile',
      token: customer.token,
      body: { from: today, to: today },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('the periodic reconciliation, a job of the queue', () => {
  /**
   * One pass of the job queue (of the app `on`, the listening sandbox one unless given) with a `reconcile_orders`
   * job of the crontab's tick `ts`, as the running product makes it.
   */
  const runReconcileJob = async (ts: string, on: TestApp = t) => {
    await on.db.query(`SELECT graphile_worker.add_job('reconcile_orders', json_build_object('_cron', json_build_object('ts', $1::text)))`, [
      ts,
    ]);
    const taskList = createTaskList({ db: on.db, config: on.config, log: on.app.log, app: on.app });
    await runOnce({ pgPool: on.db, taskList, logger: quietJobLogger });
  };
  const reconcileJobs = async (on: TestApp = t) =>
    (
      await on.db.query<{ key: string | null; payload: unknown; runsIn: number; attempts: number }>(
        `SELECT key, (SELECT payload FROM graphile_worker._private_jobs WHERE id = jobs.id), max_attempts AS attempts,
                extract(epoch FROM run_at - now())::float AS "runsIn"
           FROM graphile_worker.jobs WHERE task_identifier = 'reconcile_orders'`,
      )
    ).rows;

  it('ticks on the minutes every interval needs (one crontab line), and reconciles at the due ones only', async () => {
    const lineOf = (minutes: number) => reconcileCrontabLine({ ...t.config, RECONCILE_INTERVAL_MINUTES: minutes });
    expect(lineOf(60)).toBe('0 * * * * reconcile_orders ?max=1');
    expect(lineOf(90)).toBe('*/30 * * * * reconcile_orders ?max=1');
    expect(lineOf(45)).toBe('*/15 * * * * reconcile_orders ?max=1');
    expect(lineOf(7)).toBe('* * * * * reconcile_orders ?max=1');
    expect(lineOf(10_080)).toBe('0 * * * * reconcile_orders ?max=1');
    for (const minutes of [60, 90, 45, 7, 10_080]) expect(parseCrontab(lineOf(minutes))).toHaveLength(1);

    // Every 60 minutes (the default): a tick at half past is not due, one on the hour is.
    expect(t.config.RECONCILE_INTERVAL_MINUTES).toBe(60);
    const orderId = await missedOrder(uniqueEmail());
    await runReconcileJob(`${today}T00:30:00.000Z`);
    expect(await statesOf(orderId)).toEqual([]);
    await runReconcileJob(`${today}T01:00:00.000Z`);
    expect(await statesOf(orderId)).toEqual(['active']);
  });

  it("runs with FastSpring's API configured even while the server does not listen (before app.listen, after app.close())", async () => {
    expect(real.app.server.listening).toBe(false);
    const order = orderCompleted({ email: uniqueEmail(), items: [{ product: 'punch' }] }).data;
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      asked.push(`${url.origin}${url.pathname} ${new Headers(init?.headers).get('authorization') ?? ''}`);
      if (url.pathname === '/orders')
        return Response.json({ orders: url.searchParams.get('returns') === 'true' ? [] : [order], nextPage: null });
      return new Response('Not found', { status: 404 });
    });
    try {
      await runReconcileJob(`${today}T01:00:00.000Z`, real);
    } finally {
      vi.unstubAllGlobals();
    }
    const authorization = `Basic ${Buffer.from('api-user:api-password').toString('base64')}`;
    expect(asked).toEqual([`${REAL_API_URL}/orders ${authorization}`, `${REAL_API_URL}/orders ${authorization}`]);
    expect(await statesOf(order.id as string, real)).toEqual(['active']);
    expect(await reconcileJobs(real)).toEqual([]);
  });

  it('skips a sandbox tick taken while the server does not listen (the sandbox is asked at its address), leaving no job', async () => {
    const orderId = await missedOrder(uniqueEmail());
    const listening = vi.spyOn(t.app.server, 'listening', 'get').mockReturnValue(false);
    try {
      await runReconcileJob(`${today}T01:00:00.000Z`);
    } finally {
      listening.mockRestore();
    }
    expect(await statesOf(orderId)).toEqual([]);
    expect(await reconcileJobs()).toEqual([]);
    // The next tick, with the server listening, reconciles.
    await runReconcileJob(`${today}T02:00:00.000Z`);
    expect(await statesOf(orderId)).toEqual(['active']);
  });

  it('logs a database outage once, however many runs fail during it', async () => {
    const connect = vi.spyOn(t.db, 'connect').mockImplementation((() => Promise.reject(refused())) as never);
    const logged = vi.spyOn(t.app.log, 'error');
    const task = createReconcileTask(t.app);
    try {
      for (let round = 0; round < 3; round++) await task({}, {} as JobHelpers);
      expect(messagesOf(logged)).toEqual([OUTAGE_LINE]);
    } finally {
      connect.mockRestore();
      logged.mockRestore();
      databaseStatusOf(t.db)?.noteReachable();
    }
  });
});
