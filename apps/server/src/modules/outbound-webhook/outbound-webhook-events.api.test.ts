import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail } from '../../../test/test-app.js';
import { publishedPost } from '../../../test/published-samples.js';
import { orderCompleted, postWebhook } from '../../../test/webhook-fixtures.js';
import { webhookSecretOf } from '../checkout/webhook-signature.js';
import { giveLicence } from '../licence/licence.test-factory.js';
import { findProductByName } from '../product/product.service.js';
import { saveInstallerOf } from '../release/release.test-factory.js';
import { startWebhookReceiver } from './outbound-webhook.test-factory.js';

// Outbound webhook events that the features of decisions 036, 041 and 055 bring (licence revoked, upgraded,
// release published), each delivered to an endpoint that took it; and an endpoint edited after it was made.
const t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' });
const fastSpringSecret = webhookSecretOf(t.config)!;
const { port, newPath, receivedAt, eventsAt, runDueJobs, admin, createEndpoint, removeEndpoint, deliveriesOf } =
  await startWebhookReceiver(t);
const spacey = (await findProductByName(t.db, 'Spacey'))!;

const auditOf = async (entity: string, entityId: number) =>
  (
    await t.db.query<{ record: string; before: unknown; after: unknown }>(
      `SELECT action || ' ' || entity AS record, before, after FROM audit_log WHERE entity = $1 AND entity_id = $2 ORDER BY id`,
      [entity, String(entityId)],
    )
  ).rows;

describe('outbound webhook events', () => {
  it('delivers licence.revoked when the administrator revokes a licence', async () => {
    const endpoint = await createEndpoint(['licence.revoked']);
    const { order, email } = await giveLicence(t, { email: uniqueEmail('revoked') });
    await admin('POST', `/api/order/${order.id}/revoke`, { reason: 'Fraudulent purchase', removeDevices: true });
    await runDueJobs();
    expect(eventsAt(endpoint.path)).toEqual([
      expect.objectContaining({
        type: 'licence.revoked',
        data: {
          licenceId: order.id,
          productId: spacey.id,
          productName: 'Spacey',
          personId: order.person_id,
          email,
          reason: 'Fraudulent purchase',
          computersRemoved: true,
          by: 'admin',
        },
      }),
    ]);
    await removeEndpoint(endpoint);
  });

  it('delivers licence.revoked when a script revokes a licence with its API key', async () => {
    const endpoint = await createEndpoint(['licence.revoked']);
    const { order } = await giveLicence(t, { email: uniqueEmail('script-revoked') });
    const key = await admin('POST', '/api/admin/api-keys', { name: 'Fraud desk', scopes: ['licences:write'] });
    const revoked = await t.request({
      method: 'POST',
      url: `/api/v1/licences/${order.id}/revoke`,
      token: key.token as string,
      body: { reason: 'Stolen card', removeDevices: false },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    await runDueJobs();
    expect(eventsAt(endpoint.path)).toEqual([
      expect.objectContaining({
        type: 'licence.revoked',
        data: expect.objectContaining({ licenceId: order.id, reason: 'Stolen card', computersRemoved: false, by: 'api-key:Fraud desk' }),
      }),
    ]);
    await removeEndpoint(endpoint);
  });

  it('delivers licence.revoked for each licence of a charged-back purchase', async () => {
    const endpoint = await createEndpoint(['licence.revoked']);
    const purchase = orderCompleted({ email: uniqueEmail('charged-back'), items: [{ product: 'spacey' }, { product: 'punch' }] });
    expect((await postWebhook(t.app, [purchase], { secret: fastSpringSecret })).statusCode).toBe(200);
    const chargeback = publishedPost('chargeback-created', { orderId: purchase.data.id as string });
    expect((await postWebhook(t.app, chargeback, { secret: fastSpringSecret })).statusCode).toBe(200);
    await runDueJobs();
    const events = eventsAt(endpoint.path);
    expect(events.map((event) => event.data.productName).sort()).toEqual(['Punch', 'Spacey']);
    for (const event of events) {
      expect(event).toMatchObject({
        type: 'licence.revoked',
        data: { reason: 'Chargeback: FRAUDULENT', computersRemoved: true, by: 'chargeback', providerOrderId: purchase.data.id },
      });
    }
    await removeEndpoint(endpoint);
  });

  it('delivers licence.upgraded when an upgrade is bought, naming the licence it upgrades', async () => {
    const endpoint = await createEndpoint(['licence.upgraded']);
    const name = `Spacey 2 ${Math.random().toString(36).slice(2, 8)}`;
    const target = await admin('POST', '/api/product/', { id: 0, name, description: 'Version 2', price: '99' });
    const offer = await admin('POST', '/api/offer/', {
      id: 0,
      kind: 'upgrade',
      name: `Upgrade to ${name}`,
      targetProductId: target.id,
      sourceProductIds: [spacey.id],
      prices: { USD: '29' },
    });
    const customer = await t.registerCustomer();
    const { order: source } = await giveLicence(t, { email: customer.email });
    const quoted = await t.request({
      method: 'POST',
      url: '/api/userinfo/offers/quote',
      token: customer.token,
      body: { offerId: offer.id, sourceOrderId: source.id, currency: 'USD' },
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const quote = quoted.json() as { price: string; session: { items: { product: string }[]; tags: Record<string, unknown> } };
    const purchase = orderCompleted({
      email: customer.email,
      items: [{ product: quote.session.items[0]!.product }],
      tags: quote.session.tags,
    });
    (purchase.data.items as Record<string, unknown>[])[0]!.subtotal = Number(quote.price);
    expect((await postWebhook(t.app, [purchase], { secret: fastSpringSecret })).statusCode).toBe(200);
    const upgrade = (await t.db.query<{ id: number }>('SELECT id::int FROM orders WHERE provider_order_id = $1', [purchase.data.id]))
      .rows[0]!;
    await runDueJobs();
    expect(eventsAt(endpoint.path)).toEqual([
      expect.objectContaining({
        type: 'licence.upgraded',
        data: {
          licenceId: upgrade.id,
          productId: target.id,
          productName: name,
          upgradedFromLicenceId: source.id,
          upgradedFromProductName: 'Spacey',
          kind: 'upgrade',
          offerId: offer.id,
          personId: source.person_id,
          email: customer.email,
        },
      }),
    ]);
    await removeEndpoint(endpoint);
  });

  it('delivers release.published when the administrator publishes a version', async () => {
    const endpoint = await createEndpoint(['release.published']);
    const version = `7.${Math.floor(Math.random() * 1000)}.0`;
    const installer = await saveInstallerOf(t, spacey.id, version);
    expect(installer.statusCode, installer.body).toBe(200);
    const published = await admin('POST', `/api/product/${spacey.id}/releases`, { version, notes: 'Brighter.', notifyOwners: false });
    await runDueJobs();
    expect(eventsAt(endpoint.path)).toEqual([
      expect.objectContaining({
        type: 'release.published',
        data: {
          releaseId: published.id,
          productId: spacey.id,
          productName: 'Spacey',
          version,
          channel: 'stable',
          notes: 'Brighter.',
          publishedAt: published.publishedAt,
        },
      }),
    ]);
    await removeEndpoint(endpoint);
  });

  it('edits an endpoint (address, events, on and off), audited, and delivers by what it was changed to', async () => {
    const endpoint = await createEndpoint(['licence.issued']);
    const movedPath = newPath();
    const edited = await admin('PUT', `/api/admin/webhooks/${endpoint.id}`, {
      url: `http://127.0.0.1:${port}${movedPath}`,
      description: 'Moved receiver',
      events: ['licence.issued', 'licence.revoked'],
      isEnabled: true,
    });
    expect(edited).toMatchObject({ url: `http://127.0.0.1:${port}${movedPath}`, events: ['licence.issued', 'licence.revoked'] });
    const { order } = await giveLicence(t, { email: uniqueEmail('edited') });
    await admin('POST', `/api/order/${order.id}/revoke`, { reason: 'Test', removeDevices: true });
    await runDueJobs();
    expect(receivedAt(endpoint.path)).toEqual([]);
    expect(eventsAt(movedPath).map((event) => event.type)).toEqual(['licence.issued', 'licence.revoked']);

    await admin('PUT', `/api/admin/webhooks/${endpoint.id}`, {
      url: `http://127.0.0.1:${port}${movedPath}`,
      description: 'Moved receiver',
      events: ['licence.issued', 'licence.revoked'],
      isEnabled: false,
    });
    await giveLicence(t, { email: uniqueEmail('switched-off') });
    await runDueJobs();
    expect(eventsAt(movedPath)).toHaveLength(2);
    expect(await deliveriesOf(endpoint)).toHaveLength(2);

    const audit = await auditOf('webhook', endpoint.id);
    expect(audit.map((entry) => entry.record)).toEqual(['create webhook', 'update webhook', 'update webhook']);
    expect(audit[1]).toMatchObject({
      before: { url: `http://127.0.0.1:${port}${endpoint.path}`, events: ['licence.issued'], isEnabled: true },
      after: { url: `http://127.0.0.1:${port}${movedPath}`, events: ['licence.issued', 'licence.revoked'], isEnabled: true },
    });
    expect(audit[2]).toMatchObject({ after: { isEnabled: false } });
    expect(JSON.stringify(audit)).not.toContain(endpoint.secret);
    await removeEndpoint(endpoint);
  });
});
