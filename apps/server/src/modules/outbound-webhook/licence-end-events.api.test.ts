// A receiver of the outbound webhooks is told when an erasure or the administrator's delete ends a licence
// (outside test 2026-11-29, finding I2; decision 110), so a CRM or licence mirror keeps no live copy of it.
import { webhookEventTypes } from '@store/contracts/outbound-webhook';
import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueIp } from '../../../test/test-app.js';
import { customerWithLicence, giveLicence, randomDeviceId, registerDevice } from '../licence/licence.test-factory.js';
import { startWebhookReceiver } from './outbound-webhook.test-factory.js';

const t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' });
const { eventsAt, runDueJobs, createEndpoint, removeEndpoint } = await startWebhookReceiver(t);

/** The events a receiver got about one licence, in the order they arrived. */
const eventsOfLicence = (path: string, licenceId: number) => eventsAt(path).filter((event) => event.data.licenceId === licenceId);

describe('the end of a licence by an erasure or a delete', () => {
  it('is sent as licence.revoked for each of the erased person’s licences, naming them by id only', async () => {
    const endpoint = await createEndpoint([...webhookEventTypes]);
    try {
      const owner = await customerWithLicence(t, 'Spacey');
      const refunded = await giveLicence(t, { email: owner.email, productName: 'Punch' });
      await t.db.query(`UPDATE orders SET state = 'refunded' WHERE id = $1`, [refunded.order.id]);
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
      expect(eventsOfLicence(endpoint.path, refunded.order.id).map((event) => [event.type, event.data.reason])).toEqual([
        ['licence.issued', undefined],
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
