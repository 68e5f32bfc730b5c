import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { signWebhookBody } from '../apps/server/src/modules/checkout/webhook-signature.js';
import type { BenchResult } from './bench-result.js';
import { startServerProcess } from './bench-server.js';
import { cpuSecondsBetween, cpuSecondsOfProcessTree } from './process-cpu.js';
import { startSmtpSink } from './smtp-sink.js';

const ORDERS = 3000;
/** The shop's orders before the measurements: its tables are not the empty demo's (see `analyze`). */
const WARM_UP_ORDERS = 1500;
const CONCURRENCY = 32;
const TIME_LIMIT_MS = 40_000;
/** Issue 25: with bundles in the mix. */
const TARGET = 200;
/** Issue 28 point 4: orders of one licence each, as the benchmark was when it was set. */
const SINGLE_TARGET = 300;
const SECRET = 'bench-webhook-secret';
const products = ['spacey', 'punch', 'tapewarm'];
/** Every fourth order is a bundle of the three (decision 054), as FastSpring sends it: its products, each with `driver`. */
const BUNDLE_EVERY = 4;
const bundleItems = products.map((product) => ({ product, quantity: 1, subtotal: 33, driver: { type: 'bundle', path: 'studio-bundle' } }));

/**
 * Orders per second end to end: signed `order.completed` webhooks (one order each, the demo products in turn, so
 * a third sign a 2048-bit key file too) posted over HTTP to the product as shipped (the built server, as `npm start`
 * runs it), in its own process on a fresh embedded PostgreSQL; each makes a person, its licences with their key
 * files and a licence mail, and is answered 200 only after its transaction committed. Two measurements, one after
 * the other on the same server: every fourth order a bundle of the three products (three licences; issue 25's
 * target, at least 200 orders/s), then orders of one licence each (issue 28's, at least 300 orders/s). Each starts
 * on a database that holds the orders before it, its statistics brought up to date as autovacuum does for a table
 * that grew (decision 076): a plan cached while a table was empty reads the whole table for a key lookup until then.
 * The product runs as shipped, with SMTP: its mail goes to an SMTP server in a process of its own (smtp-sink.ts)
 * while the orders come in. A third line tells how many of the mails it had received when the last measurement
 * ended, and how long it then took until it had them all; a fourth the rate of the whole run, from the first order
 * posted to the last mail received.
 */
export default async function run(): Promise<BenchResult[]> {
  const previousSecret = process.env.FASTSPRING_WEBHOOK_SECRET;
  process.env.FASTSPRING_WEBHOOK_SECRET = SECRET; // the server process inherits the environment
  const smtp = await startSmtpSink();
  const server = await startServerProcess({ isBuilt: true, env: { SMTP_URL: smtp.url } }).finally(() => {
    if (previousSecret === undefined) delete process.env.FASTSPRING_WEBHOOK_SECRET;
    else process.env.FASTSPRING_WEBHOOK_SECRET = previousSecret;
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  try {
    let sequence = 0;
    let isMixingBundles = true;
    const postOrder = () => post(server.url, agent, orderBody(sequence++, isMixingBundles));
    const postMany = async (count: number, deadline: number) => {
      let sent = 0;
      const worker = async () => {
        while (sent < count && performance.now() < deadline) {
          sent++;
          await postOrder();
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      return sent;
    };
    const measure = async () => {
      const start = performance.now();
      const made = await postMany(ORDERS, start + TIME_LIMIT_MS);
      const rate = made / ((performance.now() - start) / 1000);
      // Other work on the machine moves the figure: the load average (1 minute) is reported beside it.
      return { made, rate, load: os.loadavg()[0]!.toFixed(1) };
    };
    // What autovacuum does for a table that grew, which it looks at once a minute (a measurement is shorter): the
    // statistics brought up to date, so the plans that the connections cached while the tables were empty are made
    // again.
    const onDatabase = async <T>(work: (client: pg.Client) => Promise<T>) => {
      const client = new pg.Client({ connectionString: await server.databaseUrl() });
      await client.connect();
      return work(client).finally(() => client.end());
    };
    const analyze = () => onDatabase((client) => client.query('ANALYZE'));
    const mailsWritten = () =>
      onDatabase(async (client) => (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox')).rows[0]!.n);
    const runStart = performance.now();
    const cpuAtStart = cpuSecondsOfProcessTree(server.pid);
    await postMany(WARM_UP_ORDERS, Number.POSITIVE_INFINITY);
    await analyze();
    const mixed = await measure();
    isMixingBundles = false; // one licence per order
    await analyze();
    const single = await measure();
    const [written, receivedAtEnd] = await Promise.all([mailsWritten(), smtp.received()]);
    const drainStart = performance.now();
    while ((await smtp.received()) < written && performance.now() - drainStart < 120_000)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const drainSeconds = (performance.now() - drainStart) / 1000;
    const receivedInAll = await smtp.received();
    const orders = WARM_UP_ORDERS + mixed.made + single.made;
    const endToEndRate = orders / ((performance.now() - runStart) / 1000);
    const cpuPerOrder = (cpuSecondsBetween(cpuAtStart, cpuSecondsOfProcessTree(server.pid)) * 1e6) / orders;
    return [
      {
        name: `webhook intake, every ${BUNDLE_EVERY}th order a bundle of 3 (${mixed.made} orders after ${WARM_UP_ORDERS}, ${CONCURRENCY} concurrent posts, load ${mixed.load})`,
        value: mixed.rate,
        unit: 'orders/s',
        target: `>= ${TARGET} orders/s`,
        isMet: mixed.rate >= TARGET,
      },
      {
        name: `webhook intake, one licence per order (${single.made} orders after ${WARM_UP_ORDERS + mixed.made}, ${CONCURRENCY} concurrent posts, load ${single.load})`,
        value: single.rate,
        unit: 'orders/s',
        target: `>= ${SINGLE_TARGET} orders/s`,
        isMet: single.rate >= SINGLE_TARGET,
      },
      {
        name: `webhook intake, mails received by the SMTP server when the orders ended (of ${written} written; all ${receivedInAll} ${drainSeconds.toFixed(1)} s later)`,
        value: receivedAtEnd,
        unit: 'mails',
      },
      {
        name: `webhook intake and its mail, all ${orders} orders from the first post to the last mail received (ANALYZE included)`,
        value: endToEndRate,
        unit: 'orders/s',
      },
      {
        // What a shop spends on an order, whichever of its mails the relay sent during the measurements (decision 120):
        // the product's process and its PostgreSQL, not the load generator or the SMTP server.
        name: `webhook intake and its mail, CPU time of the product and its PostgreSQL per order over the same ${orders} orders`,
        value: cpuPerOrder,
        unit: 'µs/order',
      },
    ];
  } finally {
    agent.destroy();
    await server.close();
    await smtp.close();
  }
}

/** Order `index`: every fourth a bundle of the three products while mixing them in, else one product, the next in turn. */
function orderBody(index: number, isMixingBundles: boolean): { eventId: string; body: string } {
  const eventId = randomBytes(16).toString('base64url');
  const orderId = randomBytes(16).toString('base64url');
  const body = JSON.stringify({
    events: [
      {
        id: eventId,
        type: 'order.completed',
        live: false,
        processed: false,
        created: Date.now(),
        data: {
          id: orderId,
          reference: `BENCH-${index}`,
          customer: { first: 'Jane', last: `Doe ${index}`, email: `jane.doe.${index}@example.com` },
          address: { country: 'CH' },
          currency: 'USD',
          items:
            isMixingBundles && index % BUNDLE_EVERY === 0 ? bundleItems : [{ product: products[index % products.length], quantity: 1 }],
          tags: {},
        },
      },
    ],
  });
  return { eventId, body };
}

/** One signed post; 200 with the event id as its body means the order's transaction committed. */
function post(baseUrl: string, agent: http.Agent, order: { eventId: string; body: string }): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}/api/fastspring/webhook`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(order.body),
          'x-fs-signature': signWebhookBody(SECRET, order.body),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          response.statusCode === 200 && text === order.eventId
            ? resolve()
            : reject(new Error(`webhook answered ${response.statusCode}: ${text}`)),
        );
      },
    );
    request.on('error', reject);
    request.end(order.body);
  });
}
