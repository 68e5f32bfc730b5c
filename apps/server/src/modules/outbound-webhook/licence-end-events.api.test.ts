// A receiver of the outbound webhooks is told when an erasure or the administrator's delete ends a licence
// (outside test 2026-11-29, finding I2; decision 110), or a return taken before a licence was issued refunds it
// (finding I3; decision 111), so a CRM or licence mirror keeps no live copy of it.
import { webhookEventTypes } from '@store/contracts/outbound-webhook';
import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, uniqueIp } from '../../../test/test-app.js';
import { orderCompleted, postWebhook, returnCreated } from '../../../test/webhook-fixtures.js';
import { customerWithLicence, giveLicence, randomDeviceId, registerDevice } from '../licence/licence.test-factory.js';
import { startWebhookReceiver } from './outbound-webhook.test-factory.js';

const secret = 'licence-end-events-secret';
const t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true', FASTSPRING_WEBHOOK_SECRET: secret });
const { eventsAt, runDueJobs, createEndpoint, removeEndpoint } = await startWebhookReceiver(t);

/** The events a receiver got about one licence, in the order they arrived. */
const eventsOfLicence = (path: string, licenceId: number) => eventsAt(path).filter((event) => event.data.licenceId === licenceId);

describe('the end of a licence by an erasure or a delete', () => {
  it('is sent as licence.revoked for each of the erased person’s licences, naming them by id only', async () => {
    const endpoint = await createEndpoint([...webhookEventTypes]);
    try {
      const owner = await customerWithLicence(t, 'Spacey');
      const ended = await giveLicence(t, { email: owner.email, productName: 'Punch' });
      const revoked = await t.request({
        method: 'POST',
        url: `/api/order/${ended.order.id}/revoke`,
        token: await t.adminToken(),
        body: { reason: 'Fraudulent purchase', removeDevices: true },
      });
      expect(revoked.statusCode, revoked.body).toBe(200);
      const registered = await registerDevice(
        t,
        { ProductName: 'Spacey', Key: owner.order.serial_2048, DeviceIdHash: randomDeviceId() },
        uniqueIp(),
      );
      expect(registered.statusCode, registered.body).toBe(200);
      const erased = await t.request({ method: 'POST', url: `/api/persons/${owner.personId}/erasure`, token: await t.adminToken() });
      expect(erased.statusCode, erased.body).toBe(200);
      await runDueJobs();

      const events = eventsOfLicence(endpoint.path, owner.order.id);
      expect(events.map((event) => event.type)).toEqual(['licence.issued', 'computer.registered', 'computer.removed', 'licence.revoked']);
      expect(events.at(-1)!.data).toEqual({
        licenceId: owner.order.id,
        productId: owner.product.id,
        productName: 'Spacey',
        personId: owner.personId,
        email: '',
        reason: 'erased',
        computersRemoved: true,
        by: 'admin',
      });
      // A licence that had ended before is told too: the receiver's copy of it names the person.
      expect(eventsOfLicence(endpoint.path, ended.order.id).map((event) => [event.type, event.data.reason])).toEqual([
        ['licence.issued', undefined],
        ['licence.revoked', 'Fraudulent purchase'],
        ['licence.revoked', 'erased'],
      ]);
      expect(JSON.stringify(eventsAt(endpoint.path).filter((event) => event.type === 'licence.revoked'))).not.toContain(owner.email);
    } finally {
      await removeEndpoint(endpoint);
    }
  });

  it('is sent as licence.revoked when the administrator deletes a licence, and not when the delete fails', async () => {
    const endpoint = await createEndpoint(['licence.revoked']);
    try {
      const owner = await customerWithLicence(t, 'Tapewarm');
      const deleted = await t.request({ method: 'DELETE', url: `/api/order/${owner.order.id}`, token: await t.adminToken() });
      expect(deleted.statusCode, deleted.body).toBe(200);
      const missing = await t.request({ method: 'DELETE', url: `/api/order/${owner.order.id}`, token: await t.adminToken() });
      expect(missing.statusCode).toBe(404);
      await runDueJobs();
      expect(eventsOfLicence(endpoint.path, owner.order.id).map((event) => event.data)).toEqual([
        {
          licenceId: owner.order.id,
          productId: owner.product.id,
          productName: 'Tapewarm',
          personId: owner.personId,
          email: owner.email,
          reason: 'deleted',
          computersRemoved: true,
          by: 'admin',
        },
      ]);
    } finally {
      await removeEndpoint(endpoint);
    }
  });
});

describe("a return taken while one of its order's items waited for a mapping", () => {
  it('announces the licence the replay issues and refunds at once as order.refunded, with the return', async () => {
    const endpoint = await createEndpoint(['licence.issued', 'licence.revoked', 'order.refunded']);
    try {
      // The vendor renamed a product: the order's second item waits in "needs attention" for a mapping.
      const order = orderCompleted({ email: uniqueEmail('waiting'), items: [{ product: 'tapewarm' }, { product: 'space-echo' }] });
      const orderId = order.data.id as string;
      expect((await postWebhook(t.app, [order], { secret })).statusCode).toBe(200);
      // FastSpring returns the whole order; then support maps the renamed path and replays the order.
      const refund = returnCreated(orderId);
      expect((await postWebhook(t.app, [refund], { secret })).statusCode).toBe(200);
      const replayed = await t.request({
        method: 'POST',
        url: `/api/webhookEvent/${order.id}/replay`,
        token: await t.adminToken(),
        body: { productOfPath: { 'space-echo': 'Punch' } },
      });
      expect(replayed.statusCode, replayed.body).toBe(200);
      const { rows } = await t.db.query<{ id: number; provider_item: string; state: string }>(
        'SELECT id, provider_item, state FROM orders WHERE provider_order_id = $1 ORDER BY id',
        [orderId],
      );
      expect(rows.map((row) => [row.provider_item, row.state])).toEqual([
        ['tapewarm#0', 'refunded'],
        ['space-echo#0', 'refunded'],
      ]);
      await runDueJobs();

      const refunds = eventsAt(endpoint.path).filter((event) => event.type === 'order.refunded' && event.data.providerOrderId === orderId);
      const returnId = (refund.data as { return: string }).return;
      expect(refunds.map((event) => event.data)).toEqual([
        { providerOrderId: orderId, returnId, isPartial: false, revokedLicenceIds: [rows[0]!.id] },
        { providerOrderId: orderId, returnId, isPartial: false, revokedLicenceIds: [rows[1]!.id] },
      ]);
    } finally {
      await removeEndpoint(endpoint);
    }
  });
});
