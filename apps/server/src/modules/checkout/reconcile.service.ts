import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { databaseStatusOf } from '../../db/database-status.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { FastSpringApi, LookupPage } from './fastspring-api.js';
import { knownReturnIds, processedOrderCompletedIds } from './webhook.repository.js';
import { receiveWebhookEvents } from './webhook.service.js';
import type { WebhookEvent } from './webhook-payload.js';

/** The advisory lock that keeps the job to one process at a time (any number: unique to this job). */
const RECONCILE_LOCK = 0x0f5_2ec0;
const MAX_PAGES = 200;
/** Returns asked for at once (`GET /returns/{id1},{id2},…`). */
const RETURNS_PER_REQUEST = 20;

export type ReconcileResult = {
  isSkipped: boolean;
  ordersSeen: number;
  returnsSeen: number;
  processedEventIds: string[];
  failedEventIds: string[];
  /** The lookups that failed (`orders: …`, `returns: …`); the other one's events were processed all the same. */
  lookupErrors: string[];
};

type Options = {
  db: Db;
  api: FastSpringApi;
  from: Date;
  to: Date;
  secretBox: SecretBox;
  config: Config;
  log: FastifyBaseLogger;
  /** The administrator who asked for this run: each event it processes is audited. The job runs without one. */
  actor?: string;
};
type DayRange = { begin: string; end: string };

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const textOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * Asks FastSpring for the orders and returns of [from, to] (whole days) and processes those whose webhook never
 * came, as if it had: the same intake, under a stable event id (`reconcile:order:{id}`, `reconcile:return:{id}`),
 * so running it again, or a late webhook, creates nothing twice. Orders first, so a return finds its purchase;
 * each lookup on its own, so one that fails (logged once, named in `lookupErrors`) loses nothing of the other. One
 * process at a time (a PostgreSQL advisory lock); a second caller is answered `isSkipped`. A plain function: the
 * job queue runs it (reconcile-job.ts), and so does the administrator.
 */
export async function reconcileOrders(options: Options): Promise<ReconcileResult> {
  const result: ReconcileResult = {
    isSkipped: false,
    ordersSeen: 0,
    returnsSeen: 0,
    processedEventIds: [],
    failedEventIds: [],
    lookupErrors: [],
  };
  const lockClient = await options.db.connect();
  try {
    const { rows } = await lockClient.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [RECONCILE_LOCK]);
    if (!rows[0]?.locked) return { ...result, isSkipped: true };
    try {
      const range = { begin: dayOf(options.from), end: dayOf(options.to) };
      for (const part of ['orders', 'returns'] as const) {
        const missing: WebhookEvent[] = [];
        try {
          await (part === 'orders' ? findMissingOrders : findMissingReturns)(options, range, result, missing);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          result.lookupErrors.push(`${part}: ${message}`);
          // A lost database is logged once per outage by the database status (decision 021), not once per lookup.
          if (!databaseStatusOf(options.db)?.noteFailure(error))
            options.log.error({ ...range, err: error }, `reconciliation: the ${part} lookup failed; what it found before is processed`);
        }
        const intake = await receiveWebhookEvents(options, missing, options.actor === undefined ? {} : { auditAs: options.actor });
        result.processedEventIds.push(...intake.processedIds);
        result.failedEventIds.push(...intake.failedIds);
        if (missing.length > 0) options.log.info({ ...range, events: missing.length }, `reconciliation processed missing ${part}`);
      }
    } finally {
      await lockClient.query('SELECT pg_advisory_unlock($1)', [RECONCILE_LOCK]);
    }
  } finally {
    lockClient.release();
  }
  return result;
}

/** The completed orders of the range whose `order.completed` was never processed (one query per page). */
async function findMissingOrders(options: Options, range: DayRange, result: ReconcileResult, missing: WebhookEvent[]) {
  for await (const orders of pages(options.api.listOrders, range)) {
    result.ordersSeen += orders.length;
    const completed = orders.flatMap((order) => {
      const id = textOf(order.id) ?? textOf(order.order);
      return id && order.completed !== false ? [{ id, order }] : [];
    });
    const processed = await processedOrderCompletedIds(
      options.db,
      completed.map(({ id }) => id),
    );
    for (const { id, order } of completed) {
      if (!processed.has(id)) missing.push(eventOf('order.completed', `reconcile:order:${id}`, order));
    }
  }
}

/**
 * The returns the server does not know, found as FastSpring documents them: the range's orders with returns
 * (`GET /orders?…&returns=true`, each naming its returns' ids), then the unknown ones by id (`GET /returns/{ids}`),
 * page by page.
 */
async function findMissingReturns(options: Options, range: DayRange, result: ReconcileResult, missing: WebhookEvent[]) {
  const seen = new Set<string>();
  for await (const orders of pages(options.api.listOrdersWithReturns, range)) {
    const named: string[] = [];
    for (const entry of orders.flatMap((order) => (Array.isArray(order.returns) ? (order.returns as unknown[]) : []))) {
      // An id, or (not confirmed which, docs/fastspring.md) an object naming one.
      const record = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : undefined;
      const id = textOf(entry) ?? textOf(record?.return) ?? textOf(record?.id);
      if (!id || seen.has(id)) continue;
      seen.add(id);
      named.push(id);
    }
    result.returnsSeen += named.length;
    // The page's returns checked in one query.
    const known = await knownReturnIds(options.db, named);
    const toFetch = named.filter((id) => !known.has(id));
    for (let start = 0; start < toFetch.length; start += RETURNS_PER_REQUEST) {
      for (const record of await options.api.getReturns(toFetch.slice(start, start + RETURNS_PER_REQUEST))) {
        const id = textOf(record.return) ?? textOf(record.id);
        if (id && toFetch.includes(id)) missing.push(eventOf('return.created', `reconcile:return:${id}`, { ...record, return: id }));
      }
    }
  }
}

const eventOf = (type: string, id: string, data: Record<string, unknown>): WebhookEvent => ({
  id,
  type,
  live: typeof data.live === 'boolean' ? data.live : undefined,
  created: Date.now(),
  data,
});

/** The pages of a lookup, one after the other (at most MAX_PAGES). */
async function* pages(list: (options: DayRange & { page: number }) => Promise<LookupPage>, range: DayRange) {
  let page: number | null = 1;
  for (let count = 0; page !== null && count < MAX_PAGES; count += 1) {
    const found: LookupPage = await list({ ...range, page });
    yield found.records;
    page = found.nextPage;
  }
}
