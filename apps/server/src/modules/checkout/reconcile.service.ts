import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { FastSpringApi } from './fastspring-api.js';
import { isOrderCompletedProcessed, isReturnProcessed } from './webhook.repository.js';
import { receiveWebhookEvents } from './webhook.service.js';
import type { WebhookEvent } from './webhook-payload.js';

/** The advisory lock that keeps the job to one process at a time (any number: unique to this job). */
const RECONCILE_LOCK = 0x0f5_2ec0;
const MAX_PAGES = 200;

export type ReconcileResult = {
  isSkipped: boolean;
  ordersSeen: number;
  returnsSeen: number;
  processedEventIds: string[];
  failedEventIds: string[];
};

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Asks FastSpring for the orders and returns of [from, to] (whole days) and processes those whose webhook never
 * came, as if it had: the same intake, under a stable event id (`reconcile:order:{id}`), so running it again, or a
 * late webhook, creates nothing twice. One process at a time (a PostgreSQL advisory lock); a second caller is
 * answered `isSkipped`. A plain function so a job queue can schedule it.
 */
export async function reconcileOrders(options: {
  db: Db;
  api: FastSpringApi;
  from: Date;
  to: Date;
  secretBox: SecretBox;
  config: Config;
  log: FastifyBaseLogger;
}): Promise<ReconcileResult> {
  const result: ReconcileResult = { isSkipped: false, ordersSeen: 0, returnsSeen: 0, processedEventIds: [], failedEventIds: [] };
  const lockClient = await options.db.connect();
  try {
    const { rows } = await lockClient.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [RECONCILE_LOCK]);
    if (!rows[0]?.locked) return { ...result, isSkipped: true };
    try {
      const range = { begin: dayOf(options.from), end: dayOf(options.to) };
      const missing: WebhookEvent[] = [];
      for await (const order of pages(options.api.listOrders, range)) {
        result.ordersSeen += 1;
        const id = typeof order.id === 'string' ? order.id : typeof order.order === 'string' ? order.order : undefined;
        if (!id || order.completed === false || (await isOrderCompletedProcessed(options.db, id))) continue;
        missing.push(eventOf('order.completed', `reconcile:order:${id}`, order));
      }
      for await (const refund of pages(options.api.listReturns, range)) {
        result.returnsSeen += 1;
        const id = typeof refund.return === 'string' ? refund.return : typeof refund.id === 'string' ? refund.id : undefined;
        if (!id || (await isReturnProcessed(options.db, id, ''))) continue;
        missing.push(eventOf('return.created', `reconcile:return:${id}`, { ...refund, return: id }));
      }
      // Orders first, so a return finds its purchase.
      const intake = await receiveWebhookEvents(options, missing);
      result.processedEventIds = intake.processedIds;
      result.failedEventIds = intake.failedIds;
      if (missing.length > 0) options.log.info({ ...range, events: missing.length }, 'reconciliation processed missing events');
    } finally {
      await lockClient.query('SELECT pg_advisory_unlock($1)', [RECONCILE_LOCK]);
    }
  } finally {
    lockClient.release();
  }
  return result;
}

const eventOf = (type: string, id: string, data: Record<string, unknown>): WebhookEvent => ({
  id,
  type,
  live: typeof data.live === 'boolean' ? data.live : undefined,
  created: Date.now(),
  data,
});

async function* pages(list: FastSpringApi['listOrders'], range: { begin: string; end: string }) {
  let page: number | null = 1;
  for (let count = 0; page !== null && count < MAX_PAGES; count += 1) {
    const found = await list({ ...range, page });
    yield* found.records;
    page = found.nextPage;
  }
}
