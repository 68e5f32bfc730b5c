// The outbound-webhook API tests' receiver and worker (decision 052): a local HTTP server that records what it
// gets, one pass of the job queue as the running product's worker makes it, and endpoints registered through the
// administrator's calls.
import http from 'node:http';
import { runOnce } from 'graphile-worker';
import { afterAll, expect } from 'vitest';
import type { TestApp } from '../../../test/test-app.js';
import { quietJobLogger } from '../../jobs/job-logger.js';
import { createTaskList } from '../../jobs/job-runner.js';

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };
export type Endpoint = { id: number; secret: string; path: string };
export type Delivery = {
  id: number;
  messageId: string;
  eventType: string;
  status: string;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  replayOf: number | null;
};
export type ReceivedEvent = { type: string; timestamp: string; data: Record<string, unknown> };

/**
 * Starts a receiver on a free loopback port (closed after the file's tests) and answers the helpers that use it.
 * `answers` says how a path answers: a status, or 'hang' (an endpoint that never answers).
 */
export async function startWebhookReceiver(t: TestApp) {
  const received: Received[] = [];
  const answers = new Map<string, number | 'hang'>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = answers.get(path) ?? 200;
      if (answer === 'hang') return;
      response.writeHead(answer).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  let pathCounter = 0;
  const newPath = () => `/hook-${++pathCounter}`;
  const receivedAt = (path: string) => received.filter((entry) => entry.path === path);
  const eventsAt = (path: string) => receivedAt(path).map((entry) => JSON.parse(entry.body) as ReceivedEvent);

  /** One pass of a job-queue worker over every job that is due, as the running product's worker makes them. */
  const runDueJobs = async (overrides: { allowPrivateAddresses?: boolean; timeoutSeconds?: number } = {}) => {
    const config = {
      ...t.config,
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: overrides.allowPrivateAddresses ?? true,
      WEBHOOK_TIMEOUT_SECONDS: overrides.timeoutSeconds ?? t.config.WEBHOOK_TIMEOUT_SECONDS,
    };
    const taskList = createTaskList({ db: t.db, config, log: t.app.log });
    await runOnce({ pgPool: t.db, taskList, logger: quietJobLogger });
    await expect
      .poll(
        async () =>
          (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE locked_at IS NOT NULL')).rows[0]!.n,
      )
      .toBe(0);
  };

  const admin = async (method: string, url: string, body?: unknown) => {
    const response = await t.request({ method, url, token: await t.adminToken(), body });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    return response.json() as Record<string, unknown>;
  };
  const createEndpoint = async (events: string[], path = newPath(), host = `127.0.0.1:${port}`): Promise<Endpoint> => {
    const created = await admin('POST', '/api/admin/webhooks', { url: `http://${host}${path}`, description: 'Test receiver', events });
    return { id: created.id as number, secret: created.secret as string, path };
  };
  /** Every test ends its endpoints, so a later test's events go to its own only. */
  const removeEndpoint = (endpoint: Endpoint) => admin('DELETE', `/api/admin/webhooks/${endpoint.id}`);
  const deliveriesOf = async (endpoint: Endpoint) =>
    (
      await t.request({ method: 'GET', url: `/api/admin/webhooks/${endpoint.id}/deliveries`, token: await t.adminToken() })
    ).json() as Delivery[];

  return { port, answers, newPath, receivedAt, eventsAt, runDueJobs, admin, createEndpoint, removeEndpoint, deliveriesOf };
}
