import { createHmac, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, uniqueIp } from '../../../test/test-app.js';
import { orderCompleted, postWebhook, returnCreated, providerId } from '../../../test/webhook-fixtures.js';
import { webhookSecretOf } from '../checkout/webhook-signature.js';
import { giveLicence, randomDeviceId, registerDevice } from '../licence/licence.test-factory.js';
import { startWebhookReceiver } from './outbound-webhook.test-factory.js';

// Outbound webhooks (decision 052): delivered by the job queue, signed by the Standard Webhooks scheme, logged,
// replayable and rotatable. The receiver is a local HTTP server, so private addresses are allowed here, except
// where a test shows they are refused.
const t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' });
const fastSpringSecret = webhookSecretOf(t.config)!;

/**
 * The Standard Webhooks verification, written here from the specification (standardwebhooks.com) and not from
 * the product's code: the signed content is `id.timestamp.body`, the key is the base64 after `whsec_`, and the
 * header holds space-separated `v1,<base64 HMAC-SHA256>` signatures, of which one must match.
 */
function verifyStandardWebhook(secret: string, headers: http.IncomingHttpHeaders, body: string): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 5 * 60) return false;
  if (!secret.startsWith('whsec_')) return false;
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    if (version !== 'v1' || !signature) return false;
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

const { port, answers, newPath, receivedAt, runDueJobs, admin, createEndpoint, removeEndpoint, deliveriesOf } =
  await startWebhookReceiver(t);

/** Stands for the passing of time: every waiting delivery job is due now. */
const makeDeliveriesDue = () =>
  t.db.query(
    `SELECT graphile_worker.reschedule_jobs(ARRAY(SELECT id FROM graphile_worker.jobs WHERE task_identifier = 'deliver_webhook'), run_at => now())`,
  );
const auditOf = async (entity: string, entityId: number) =>
  (
    await t.db.query<{ record: string; actor: string }>(
      `SELECT action || ' ' || entity AS record, actor FROM audit_log WHERE entity = $1 AND entity_id = $2 ORDER BY id`,
      [entity, String(entityId)],
    )
  ).rows;

describe('outbound webhooks', () => {
  it('shows the secret once, audits the endpoint, and delivers a licence issued with a Standard Webhooks signature', async () => {
    const endpoint = await createEndpoint(['licence.issued']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const listed = (await t.request({ method: 'GET', url: '/api/admin/webhooks', token: await t.adminToken() })).json() as object[];
    expect(JSON.stringify(listed)).not.toContain(endpoint.secret);
    expect(await auditOf('webhook', endpoint.id)).toEqual([{ record: 'create webhook', actor: 'admin' }]);

    const { order, email } = await giveLicence(t, { email: uniqueEmail('hooked') });
    // Nothing is sent before a worker runs: the change itself only wrote the event.
    expect(receivedAt(endpoint.path)).toEqual([]);
    await runDueJobs();

    const [delivered] = receivedAt(endpoint.path);
    expect(delivered).toBeDefined();
    expect(verifyStandardWebhook(endpoint.secret, delivered!.headers, delivered!.body)).toBe(true);
    expect(verifyStandardWebhook('whsec_' + Buffer.alloc(24).toString('base64'), delivered!.headers, delivered!.body)).toBe(false);
    expect(verifyStandardWebhook(endpoint.secret, delivered!.headers, delivered!.body.replace('}', ' }'))).toBe(false);
    expect(delivered!.headers['webhook-id']).toMatch(/^msg_\w+$/);
    const payload = JSON.parse(delivered!.body) as { type: string; timestamp: string; data: Record<string, unknown> };
    expect(payload).toMatchObject({ type: 'licence.issued', data: { licenceId: order.id, email } });
    expect(new Date(payload.timestamp).getTime()).not.toBeNaN();

    const [logged] = await deliveriesOf(endpoint);
    expect(logged).toMatchObject({
      messageId: delivered!.headers['webhook-id'],
      eventType: 'licence.issued',
      status: 'succeeded',
      attempts: 1,
      lastStatusCode: 200,
    });
    await removeEndpoint(endpoint);
    expect((await auditOf('webhook', endpoint.id)).map((entry) => entry.record)).toEqual(['create webhook', 'delete webhook']);
  });

  it('retries a dead endpoint with back-off while purchases go on, and a replay sends the same message again', async () => {
    const endpoint = await createEndpoint(['licence.issued', 'order.refunded']);
    answers.set(endpoint.path, 503);
    const orderId = providerId();
    const purchase = orderCompleted({ email: uniqueEmail('buyer'), items: [{ product: 'punch' }], orderId });
    expect((await postWebhook(t.app, [purchase], { secret: fastSpringSecret })).statusCode).toBe(200);
    await runDueJobs();
    // A second purchase while the endpoint is down is answered as ever.
    const second = orderCompleted({ email: uniqueEmail('buyer'), items: [{ product: 'punch' }] });
    expect((await postWebhook(t.app, [second], { secret: fastSpringSecret })).statusCode).toBe(200);
    expect((await t.db.query('SELECT 1 FROM orders WHERE provider_order_id = $1', [second.data.id])).rowCount).toBe(1);

    const [first] = (await deliveriesOf(endpoint)).filter((delivery) => delivery.attempts > 0);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 503, lastError: 'answered 503' });
    // The queue backs off: the failed delivery's job is due later, not now.
    const { rows: jobs } = await t.db.query<{ due_in_seconds: number; attempts: number }>(
      `SELECT extract(epoch FROM run_at - clock_timestamp())::float AS due_in_seconds, attempts FROM graphile_worker.jobs WHERE key = $1`,
      [`webhook:${first!.id}`],
    );
    expect(jobs[0]!.attempts).toBe(1);
    expect(jobs[0]!.due_in_seconds).toBeGreaterThan(0);

    await makeDeliveriesDue();
    await runDueJobs();
    expect((await deliveriesOf(endpoint)).find((delivery) => delivery.id === first!.id)).toMatchObject({ status: 'pending', attempts: 2 });

    answers.set(endpoint.path, 204);
    await makeDeliveriesDue();
    await runDueJobs();
    const deliveries = await deliveriesOf(endpoint);
    expect(deliveries.map((delivery) => delivery.status)).toEqual(['succeeded', 'succeeded']);
    expect(deliveries.find((delivery) => delivery.id === first!.id)).toMatchObject({ attempts: 3, lastStatusCode: 204, lastError: null });
    const attempts = await t.db.query('SELECT status_code FROM webhook_attempt WHERE delivery_id = $1 ORDER BY id', [first!.id]);
    expect(attempts.rows.map((row) => row.status_code as number)).toEqual([503, 503, 204]);

    // A refund of the purchase is an event of its own.
    expect((await postWebhook(t.app, [returnCreated(orderId)], { secret: fastSpringSecret })).statusCode).toBe(200);
    await runDueJobs();
    const refund = receivedAt(endpoint.path).find((entry) => (JSON.parse(entry.body) as { type: string }).type === 'order.refunded');
    expect(JSON.parse(refund!.body)).toMatchObject({ data: { providerOrderId: orderId, isPartial: false } });

    // The replay: a new delivery of the same message, audited.
    const before = receivedAt(endpoint.path).length;
    await admin('POST', `/api/admin/webhook-deliveries/${first!.id}/replay`);
    await runDueJobs();
    const replayed = receivedAt(endpoint.path).slice(before);
    expect(replayed).toHaveLength(1);
    const firstMessage = (await deliveriesOf(endpoint)).find((delivery) => delivery.id === first!.id)!.messageId;
    expect(replayed[0]!.headers['webhook-id']).toBe(firstMessage);
    expect(verifyStandardWebhook(endpoint.secret, replayed[0]!.headers, replayed[0]!.body)).toBe(true);
    expect((await deliveriesOf(endpoint)).find((delivery) => delivery.replayOf === first!.id)).toMatchObject({ status: 'succeeded' });
    expect(await auditOf('webhook-delivery', first!.id)).toEqual([{ record: 'replay webhook-delivery', actor: 'admin' }]);
    await removeEndpoint(endpoint);
  });

  it('gives up on a delivery after its last attempt and marks it failed', async () => {
    const endpoint = await createEndpoint(['licence.issued']);
    answers.set(endpoint.path, 500);
    await giveLicence(t, { email: uniqueEmail('given-up') });
    await t.db.query(
      `UPDATE graphile_worker._private_jobs SET max_attempts = 2 WHERE task_id = (SELECT id FROM graphile_worker._private_tasks WHERE identifier = 'deliver_webhook')`,
    );
    await runDueJobs();
    await makeDeliveriesDue();
    await runDueJobs();
    expect(await deliveriesOf(endpoint)).toMatchObject([{ status: 'failed', attempts: 2, lastStatusCode: 500 }]);
    expect((await t.db.query(`SELECT 1 FROM graphile_worker.jobs WHERE task_identifier = 'deliver_webhook'`)).rowCount).toBe(0);
    await removeEndpoint(endpoint);
  });

  it('sends nothing more to an endpoint switched off or no longer taking the event: its deliveries fail, its replays are refused', async () => {
    // Review W1 (decision 083): switching an endpoint off, or taking an event type off it, stops the deliveries
    // already waiting for a retry too, and a REPLAY to it is refused until it takes the event again.
    const endpoint = await createEndpoint(['licence.issued']);
    const url = `http://127.0.0.1:${port}${endpoint.path}`;
    const edit = (change: { events: string[]; isEnabled: boolean }) =>
      admin('PUT', `/api/admin/webhooks/${endpoint.id}`, { url, description: 'Test receiver', ...change });
    const replay = async (deliveryId: number) =>
      t.request({ method: 'POST', url: `/api/admin/webhook-deliveries/${deliveryId}/replay`, token: await t.adminToken() });
    answers.set(endpoint.path, 500);
    await giveLicence(t, { email: uniqueEmail('switched-off') });
    await runDueJobs();
    expect(receivedAt(endpoint.path)).toHaveLength(1);
    const [waiting] = await deliveriesOf(endpoint);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });

    await edit({ events: ['licence.issued'], isEnabled: false });
    await makeDeliveriesDue();
    await runDueJobs();
    expect(receivedAt(endpoint.path)).toHaveLength(1);
    expect(await deliveriesOf(endpoint)).toMatchObject([
      { id: waiting!.id, status: 'failed', attempts: 1, lastStatusCode: 500, lastError: 'not sent: the endpoint is switched off' },
    ]);
    expect((await t.db.query(`SELECT 1 FROM graphile_worker.jobs WHERE task_identifier = 'deliver_webhook'`)).rowCount).toBe(0);

    const refused = await replay(waiting!.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toBe('The endpoint is switched off: switch it on to send this event again.');
    await runDueJobs();
    expect(receivedAt(endpoint.path)).toHaveLength(1);
    expect(await deliveriesOf(endpoint)).toHaveLength(1);
    expect(await auditOf('webhook-delivery', waiting!.id)).toEqual([]);

    // Switched on again, a replay sends it.
    answers.set(endpoint.path, 204);
    await edit({ events: ['licence.issued'], isEnabled: true });
    expect((await replay(waiting!.id)).statusCode).toBe(200);
    await runDueJobs();
    expect(receivedAt(endpoint.path)).toHaveLength(2);

    // An event type taken off the endpoint: its waiting delivery is not sent either, nor replayed.
    answers.set(endpoint.path, 500);
    await giveLicence(t, { email: uniqueEmail('type-removed') });
    await runDueJobs();
    expect(receivedAt(endpoint.path)).toHaveLength(3);
    const [newest] = await deliveriesOf(endpoint);
    await edit({ events: ['licence.revoked'], isEnabled: true });
    await makeDeliveriesDue();
    await runDueJobs();
    expect(receivedAt(endpoint.path)).toHaveLength(3);
    expect((await deliveriesOf(endpoint))[0]).toMatchObject({
      id: newest!.id,
      status: 'failed',
      lastError: 'not sent: the endpoint no longer takes licence.issued events',
    });
    const refusedType = await replay(newest!.id);
    expect(refusedType.statusCode).toBe(409);
    expect(refusedType.body).toBe('The endpoint no longer takes licence.issued events.');
    await removeEndpoint(endpoint);
  });

  it('ends an attempt at an endpoint that does not answer within the timeout', async () => {
    const endpoint = await createEndpoint(['licence.issued']);
    answers.set(endpoint.path, 'hang');
    await giveLicence(t, { email: uniqueEmail('slow') });
    await runDueJobs({ timeoutSeconds: 1 });
    expect(await deliveriesOf(endpoint)).toMatchObject([
      { status: 'pending', attempts: 1, lastStatusCode: null, lastError: 'no answer within 1000 ms' },
    ]);
    await removeEndpoint(endpoint);
  });

  it('signs with the new and the old secret after a rotation until the overlap ends', async () => {
    const endpoint = await createEndpoint(['licence.issued']);
    const rotated = await admin('POST', `/api/admin/webhooks/${endpoint.id}/rotate-secret`);
    const newSecret = rotated.secret as string;
    expect(newSecret).not.toBe(endpoint.secret);
    expect(rotated.previousSecretExpiresAt).toEqual(expect.any(String));
    expect((await auditOf('webhook-secret', endpoint.id)).map((entry) => entry.record)).toEqual(['update webhook-secret']);

    await giveLicence(t, { email: uniqueEmail('rotated') });
    await runDueJobs();
    const [during] = receivedAt(endpoint.path);
    expect((during!.headers['webhook-signature'] as string).split(' ')).toHaveLength(2);
    expect(verifyStandardWebhook(newSecret, during!.headers, during!.body)).toBe(true);
    expect(verifyStandardWebhook(endpoint.secret, during!.headers, during!.body)).toBe(true);

    // Stands for the end of the overlap.
    await t.db.query(`UPDATE webhook_endpoint SET previous_secret_expires_at = now() - interval '1 second' WHERE id = $1`, [endpoint.id]);
    await giveLicence(t, { email: uniqueEmail('rotated') });
    await runDueJobs();
    const [, after] = receivedAt(endpoint.path);
    expect((after!.headers['webhook-signature'] as string).split(' ')).toHaveLength(1);
    expect(verifyStandardWebhook(newSecret, after!.headers, after!.body)).toBe(true);
    expect(verifyStandardWebhook(endpoint.secret, after!.headers, after!.body)).toBe(false);
    await removeEndpoint(endpoint);
  });

  it('refuses to deliver to a loopback address unless the setting allows it', async () => {
    const endpoint = await createEndpoint(['licence.issued']);
    const named = await createEndpoint(['licence.issued'], newPath(), `localhost:${port}`);
    await giveLicence(t, { email: uniqueEmail('ssrf') });
    await runDueJobs({ allowPrivateAddresses: false });
    expect(receivedAt(endpoint.path)).toEqual([]);
    expect(receivedAt(named.path)).toEqual([]);
    expect((await deliveriesOf(endpoint))[0]).toMatchObject({
      status: 'pending',
      lastStatusCode: null,
      lastError: expect.stringContaining('private address'),
    });
    expect((await deliveriesOf(named))[0]).toMatchObject({
      status: 'pending',
      lastStatusCode: null,
      lastError: expect.stringContaining('private address'),
    });
    await removeEndpoint(endpoint);
    await removeEndpoint(named);
  });

  it('emits computers registered and removed, and only the events an endpoint took', async () => {
    const endpoint = await createEndpoint(['computer.registered', 'computer.removed']);
    const { order } = await giveLicence(t, { email: uniqueEmail('computers') });
    const deviceId = randomDeviceId();
    const registered = await registerDevice(t, { ProductName: 'Spacey', Key: order.serial_2048, DeviceIdHash: deviceId }, uniqueIp());
    expect(registered.statusCode, registered.body).toBe(200);
    const [device] = (
      await t.request({ method: 'GET', url: `/api/orderDevice/byOrder/${order.id}`, token: await t.adminToken() })
    ).json() as { id: number }[];
    await admin('DELETE', `/api/orderdevice/${device!.id}`);
    await runDueJobs();
    const events = receivedAt(endpoint.path).map((entry) => JSON.parse(entry.body) as { type: string; data: Record<string, unknown> });
    expect(events.map((event) => event.type).sort()).toEqual(['computer.registered', 'computer.removed']);
    expect(events[0]!.data).toMatchObject({ licenceId: order.id, deviceIdHash: deviceId });
    await removeEndpoint(endpoint);
  });

  it('emits a transfer, a trial started and a support request, each in its own shape', async () => {
    const endpoint = await createEndpoint(['licence.transferred', 'trial.started', 'support.requested']);
    const { order } = await giveLicence(t, { email: uniqueEmail('seller') });
    const buyer = uniqueEmail('buyer');
    await admin('POST', '/api/order/transfer', { id: order.id, newOwnerEmail: buyer, newOwnerName: 'New Owner' });
    const trialEmail = uniqueEmail('trial');
    const trial = await t.request({
      method: 'POST',
      url: '/api/trial',
      body: { ProductName: 'Spacey', DeviceIdHash: randomDeviceId(), Email: trialEmail },
    });
    expect(trial.statusCode, trial.body).toBe(200);
    const supportEmail = uniqueEmail('support');
    const support = await t.request({
      method: 'POST',
      url: '/api/product/support/',
      body: {
        email: supportEmail,
        productName: 'Spacey',
        operatingSystem: 'macOS 14',
        problemDescription: 'The plug-in does not load in my DAW.',
      },
      ip: uniqueIp(),
    });
    expect(support.statusCode, support.body).toBe(200);
    await runDueJobs();
    const events = Object.fromEntries(
      receivedAt(endpoint.path).map((entry) => {
        const event = JSON.parse(entry.body) as { type: string; data: Record<string, unknown> };
        return [event.type, event.data];
      }),
    );
    expect(events['licence.transferred']).toMatchObject({ licenceId: order.id, productName: 'Spacey' });
    expect(events['trial.started']).toMatchObject({ productName: 'Spacey', email: trialEmail, source: 'web' });
    expect(events['support.requested']).toMatchObject({ email: supportEmail, productName: 'Spacey' });
    await removeEndpoint(endpoint);
  });

  it('refuses endpoints with an address that is not http(s) or without events, and staff who are not the administrator', async () => {
    const bad = await t.request({
      method: 'POST',
      url: '/api/admin/webhooks',
      token: await t.adminToken(),
      body: { url: 'ftp://example.com/x', events: ['licence.issued'] },
    });
    expect(bad.statusCode).toBe(400);
    const none = await t.request({
      method: 'POST',
      url: '/api/admin/webhooks',
      token: await t.adminToken(),
      body: { url: 'https://example.com/x', events: [] },
    });
    expect(none.statusCode).toBe(400);
    const customer = await t.registerCustomer();
    expect((await t.request({ method: 'GET', url: '/api/admin/webhooks', token: customer.token })).statusCode).toBe(403);
  });
});
