import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, uniqueIp } from '../../../test/test-app.js';
import { orderCompleted, postWebhook, providerId } from '../../../test/webhook-fixtures.js';
import { recordSandboxSale } from '../../sandbox/sandbox.repository.js';
import { webhookSecretOf } from '../checkout/webhook-signature.js';
import { computeRemovalCode } from '../device/removal-code.js';
import { giveLicence, randomDeviceId, registerDevice } from '../licence/licence.test-factory.js';
import { findProductByName } from '../product/product.service.js';

// Every staff call that saves a change writes one audit record per record it changes (in the change's own
// transaction: audit-in-transaction.api.test.ts), and a call that saves nothing writes none (decision 034). The
// route table is walked: a new staff route that changes data fails here until it has a case below.
const t = await createTestApp();
// The sandbox's replay switch and the reconciliation post to, and ask, this server's own address.
await t.app.listen({ port: 0, host: '127.0.0.1' });
const webhookSecret = webhookSecretOf(t.config)!;

type Call = { url: string; body?: unknown };
type Case = {
  /** The route as the route table names it: `METHOD /path/:param`. */
  route: string;
  /** What this case shows, when a route has more than one. */
  name?: string;
  /** Makes what the call needs, and answers the call. */
  arrange: () => Promise<Call>;
  /** The records the call writes, as `action entity`, in order; none when it saves nothing. */
  records: string[];
};

const hex = () => randomBytes(4).toString('hex');
const admin = async (method: string, url: string, body?: unknown) => {
  const response = await t.request({ method, url, token: await t.adminToken(), body });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response;
};
const firstRow = async <T>(sql: string, values: unknown[]) => (await t.db.query<T & object>(sql, values)).rows[0]!;
const productId = async (name = 'Punch') => (await findProductByName(t.db, name))!.id;
const newPerson = async () =>
  ((await admin('POST', '/api/person/', { id: 0, email: uniqueEmail('audited'), name: 'Audited' })).json() as { id: number }).id;
const invitedStaff = async () => {
  const email = uniqueEmail('staff');
  await admin('POST', '/api/staff', { email, role: 'support' });
  return (await firstRow<{ id: number }>('SELECT id FROM login WHERE login_name = $1', [email])).id;
};
const newBatch = async () => {
  const distributor = `Distributor ${hex()}`;
  await admin('POST', '/api/order/unassigned/create/', { ProductName: 'Punch', DistributorName: distributor, NumberOfOrders: 2 });
  return firstRow<{ id: number; batch_number: number }>(
    'SELECT id, batch_number FROM unassigned_order WHERE distributor_name = $1 ORDER BY id LIMIT 1',
    [distributor],
  );
};
const installer = () => ({
  id: 0,
  platform: 'windows',
  version: `8.${hex()}`,
  fileName: 'Punch.exe',
  sizeBytes: 1000,
  sha256: 'c'.repeat(64),
  releaseDate: '2026-10-01',
  storage: 'url',
  location: 'https://cdn.example.com/Punch.exe',
});
/** An order webhook whose item names a FastSpring path no product has: it waits in "needs attention". */
const eventNeedingAttention = async () => {
  const event = orderCompleted({ email: uniqueEmail('buyer'), items: [{ product: `unknown-${hex()}` }] });
  expect((await postWebhook(t.app, [event], { secret: webhookSecret })).statusCode).toBe(200);
  return event;
};

const webhookBody = () => ({ url: `https://hooks.example.com/${hex()}`, description: 'Audited', events: ['licence.issued'] });
const newWebhook = async () => ((await admin('POST', '/api/admin/webhooks', webhookBody())).json() as { id: number }).id;
const newApiKey = async () =>
  ((await admin('POST', '/api/admin/api-keys', { name: `audited ${hex()}`, scopes: ['orders:read'] })).json() as { id: number }).id;

/** A fresh product to make a bundle of (its id). */
const bundleProduct = async () => {
  const body = { id: 0, name: `Audited Bundle ${hex()}`, description: 'Bundle', price: '99' };
  return ((await admin('POST', '/api/product/', body)).json() as { id: number }).id;
};
const bundleBody = async (bundleProductId: number) => ({
  bundleProductId,
  partProductIds: [await productId('Punch'), await productId('Tapewarm')],
  rule: 'share',
  prices: { USD: '49' },
});

const cases: Case[] = [
  {
    route: 'POST /api/product/:productId/releases',
    arrange: async () => {
      const product = await productId();
      const build = installer();
      await admin('POST', `/api/product/${product}/downloads`, build);
      return { url: `/api/product/${product}/releases`, body: { version: build.version, notes: 'Audited' } };
    },
    records: ['create product_release'],
  },
  {
    route: 'POST /api/order/:id/replacekeys',
    arrange: async () => {
      const licence = await giveLicence(t, { email: uniqueEmail('replaced') });
      return { url: `/api/order/${licence.order.id}/replacekeys`, body: { removeDevices: false } };
    },
    records: ['replace-keys order'],
  },
  {
    route: 'POST /api/persons/:id/erasure',
    arrange: async () => ({ url: `/api/persons/${await newPerson()}/erasure` }),
    records: ['erase person'],
  },
  {
    route: 'POST /api/bundle/',
    arrange: async () => ({ url: '/api/bundle/', body: await bundleBody(await bundleProduct()) }),
    records: ['create bundle'],
  },
  {
    route: 'POST /api/bundle/',
    name: 'a new bundle with its product, then renamed (decision 057)',
    arrange: async () => {
      const body = { ...(await bundleBody(0)), name: `Audited Bundle ${hex()}` };
      const created = (await admin('POST', '/api/bundle/', body)).json() as { bundleProductId: number };
      return { url: '/api/bundle/', body: { ...body, bundleProductId: created.bundleProductId, name: `${body.name} 2`, rule: 'fixed' } };
    },
    records: ['update product', 'update bundle'],
  },
  {
    route: 'DELETE /api/bundle/:id',
    arrange: async () => {
      const id = await bundleProduct();
      await admin('POST', '/api/bundle/', await bundleBody(id));
      return { url: `/api/bundle/${id}` };
    },
    records: ['delete bundle'],
  },
  {
    route: 'POST /api/offer/',
    arrange: async () => ({
      url: '/api/offer/',
      body: {
        id: 0,
        kind: 'crossgrade',
        name: `Audited ${hex()}`,
        targetProductId: await productId('Tapewarm'),
        sourceProductIds: [await productId('Punch')],
        prices: { USD: '19' },
      },
    }),
    records: ['create offer'],
  },
  {
    route: 'DELETE /api/offer/:id',
    arrange: async () => {
      const body = {
        id: 0,
        kind: 'crossgrade',
        name: `Audited ${hex()}`,
        targetProductId: await productId('Tapewarm'),
        sourceProductIds: [await productId('Punch')],
        prices: { USD: '19' },
      };
      const offer = (await admin('POST', '/api/offer/', body)).json() as { id: number };
      return { url: `/api/offer/${offer.id}` };
    },
    records: ['delete offer'],
  },
  {
    route: 'POST /api/admin/webhooks',
    arrange: async () => ({ url: '/api/admin/webhooks', body: webhookBody() }),
    records: ['create webhook'],
  },
  {
    route: 'PUT /api/admin/webhooks/:id',
    arrange: async () => ({ url: `/api/admin/webhooks/${await newWebhook()}`, body: { ...webhookBody(), isEnabled: false } }),
    records: ['update webhook'],
  },
  {
    route: 'DELETE /api/admin/webhooks/:id',
    arrange: async () => ({ url: `/api/admin/webhooks/${await newWebhook()}` }),
    records: ['delete webhook'],
  },
  {
    route: 'POST /api/admin/webhooks/:id/rotate-secret',
    arrange: async () => ({ url: `/api/admin/webhooks/${await newWebhook()}/rotate-secret` }),
    records: ['update webhook-secret'],
  },
  {
    route: 'POST /api/admin/webhook-deliveries/:id/replay',
    arrange: async () => {
      const endpoint = await newWebhook();
      await giveLicence(t, { email: uniqueEmail() });
      const delivery = await firstRow<{ id: number }>('SELECT id FROM webhook_delivery WHERE endpoint_id = $1', [endpoint]);
      return { url: `/api/admin/webhook-deliveries/${delivery.id}/replay` };
    },
    records: ['replay webhook-delivery'],
  },
  {
    route: 'POST /api/admin/api-keys',
    arrange: async () => ({ url: '/api/admin/api-keys', body: { name: `audited ${hex()}`, scopes: ['orders:read'] } }),
    records: ['create api-key'],
  },
  {
    route: 'DELETE /api/admin/api-keys/:id',
    arrange: async () => ({ url: `/api/admin/api-keys/${await newApiKey()}` }),
    records: ['delete api-key'],
  },
  {
    route: 'POST /api/staff',
    arrange: async () => ({ url: '/api/staff', body: { email: uniqueEmail('staff'), role: 'support' } }),
    records: ['create staff'],
  },
  {
    route: 'PUT /api/staff/:id',
    arrange: async () => ({ url: `/api/staff/${await invitedStaff()}`, body: { role: 'admin' } }),
    records: ['update staff'],
  },
  { route: 'DELETE /api/staff/:id', arrange: async () => ({ url: `/api/staff/${await invitedStaff()}` }), records: ['delete staff'] },
  {
    route: 'POST /api/person/',
    arrange: async () => ({ url: '/api/person/', body: { id: 0, email: uniqueEmail('audited'), name: 'Audited', country: 'CH' } }),
    records: ['create person'],
  },
  { route: 'DELETE /api/persons/:id', arrange: async () => ({ url: `/api/persons/${await newPerson()}` }), records: ['delete person'] },
  {
    route: 'DELETE /api/registration/',
    arrange: async () => ({ url: '/api/registration/', body: { email: (await t.registerCustomer()).email } }),
    records: ['delete login'],
  },
  {
    route: 'DELETE /api/orderdevice/:id',
    arrange: async () => {
      const { order } = await giveLicence(t, { email: uniqueEmail() });
      const registered = await registerDevice(
        t,
        { ProductName: 'Spacey', Key: order.serial_2048, DeviceIdHash: randomDeviceId() },
        uniqueIp(),
      );
      expect(registered.statusCode, registered.body).toBe(200);
      const [device] = (await admin('GET', `/api/orderDevice/byOrder/${order.id}`)).json() as { id: number }[];
      return { url: `/api/orderdevice/${device!.id}` };
    },
    records: ['delete order-device'],
  },
  {
    route: 'POST /api/order/',
    arrange: async () => ({ url: '/api/order/', body: { productId: await productId(), personId: await newPerson() } }),
    records: ['create order'],
  },
  {
    route: 'DELETE /api/order/:id',
    arrange: async () => ({ url: `/api/order/${(await giveLicence(t, { email: uniqueEmail() })).order.id}` }),
    records: ['delete order'],
  },
  {
    route: 'POST /api/order/:id/revoke',
    arrange: async () => ({
      url: `/api/order/${(await giveLicence(t, { email: uniqueEmail() })).order.id}/revoke`,
      body: { reason: 'Key shared', removeDevices: false },
    }),
    records: ['revoke order'],
  },
  {
    route: 'POST /api/order/:id/releasedevice',
    arrange: async () => {
      const { order } = await giveLicence(t, { email: uniqueEmail() });
      const deviceId = randomDeviceId();
      await t.db.query(
        `INSERT INTO order_device (order_id, slot, device_id_hash, device_name, device_id_hash_encrypted, removal_secret)
         VALUES ($1, 1, $2, 'Studio', 'key', 'secret')`,
        [order.id, deviceId],
      );
      return { url: `/api/order/${order.id}/releasedevice`, body: { removalCode: computeRemovalCode('secret', deviceId) } };
    },
    records: ['release-device order'],
  },
  {
    route: 'POST /api/order/refreshkeys/',
    arrange: async () => ({ url: '/api/order/refreshkeys/', body: { id: (await giveLicence(t, { email: uniqueEmail() })).personId } }),
    records: ['refresh-keys person'],
  },
  {
    route: 'POST /api/order/refreshkeys/',
    name: 'a person without licences: nothing to re-issue',
    arrange: async () => ({ url: '/api/order/refreshkeys/', body: { id: await newPerson() } }),
    records: [],
  },
  {
    route: 'POST /api/order/transfer',
    arrange: async () => ({
      url: '/api/order/transfer',
      body: {
        id: (await giveLicence(t, { email: uniqueEmail() })).order.id,
        newOwnerEmail: uniqueEmail('new-owner'),
        newOwnerName: 'New Owner',
      },
    }),
    records: ['transfer order'],
  },
  {
    route: 'POST /api/order/unassigned/create/',
    arrange: async () => ({
      url: '/api/order/unassigned/create/',
      body: { ProductName: 'Punch', DistributorName: `Distributor ${hex()}`, NumberOfOrders: 3 },
    }),
    records: ['create activation-batch'],
  },
  {
    route: 'DELETE /api/order/unassigned/:id',
    arrange: async () => ({ url: `/api/order/unassigned/${(await newBatch()).id}` }),
    records: ['delete activation-code'],
  },
  {
    route: 'POST /api/order/unassigned/batches/:batch/void',
    arrange: async () => ({ url: `/api/order/unassigned/batches/${(await newBatch()).batch_number}/void` }),
    records: ['void activation-batch'],
  },
  {
    route: 'POST /api/order/unassigned/batches/:batch/void',
    name: 'a batch voided before: no code left to void',
    arrange: async () => {
      const url = `/api/order/unassigned/batches/${(await newBatch()).batch_number}/void`;
      await admin('POST', url);
      return { url };
    },
    records: [],
  },
  {
    route: 'POST /api/page/',
    arrange: async () => ({ url: '/api/page/', body: { id: 0, name: 'Audited', url: `/audited-${hex()}`, htmlText: '<p>x</p>' } }),
    records: ['create page'],
  },
  {
    route: 'DELETE /api/page/:id',
    arrange: async () => {
      const page = (await admin('POST', '/api/page/', { id: 0, name: 'Audited', url: `/audited-${hex()}`, htmlText: 'x' })).json() as {
        id: number;
      };
      return { url: `/api/page/${page.id}` };
    },
    records: ['delete page'],
  },
  {
    route: 'POST /api/product/',
    arrange: async () => ({ url: '/api/product/', body: { id: 0, name: `Audited ${hex()}`, description: 'A plug-in', price: '9' } }),
    records: ['create product'],
  },
  {
    route: 'DELETE /api/product/:id',
    arrange: async () => {
      const product = (
        await admin('POST', '/api/product/', { id: 0, name: `Audited ${hex()}`, description: 'A plug-in', price: '9' })
      ).json() as {
        id: number;
      };
      return { url: `/api/product/${product.id}` };
    },
    records: ['delete product'],
  },
  {
    route: 'POST /api/product/generatekeys/',
    name: 'keys answered, not saved: the save of the product is audited',
    arrange: async () => ({ url: '/api/product/generatekeys/', body: { id: await productId(), useRsa2048: true } }),
    records: [],
  },
  {
    route: 'POST /api/product/:productId/downloads',
    arrange: async () => ({ url: `/api/product/${await productId()}/downloads`, body: installer() }),
    records: ['create product_download'],
  },
  {
    route: 'DELETE /api/product/:productId/downloads/:id',
    arrange: async () => {
      const product = await productId();
      const saved = installer();
      const listed = (await admin('POST', `/api/product/${product}/downloads`, saved)).json() as { id: number; version: string }[];
      return { url: `/api/product/${product}/downloads/${listed.find((download) => download.version === saved.version)!.id}` };
    },
    records: ['delete product_download'],
  },
  {
    route: 'POST /api/productserial/',
    arrange: async () => ({
      url: '/api/productserial/',
      body: { id: await productId('Tapewarm'), serials: `SERIAL-${hex()}\nSERIAL-${hex()}` },
    }),
    records: ['update product-serials'],
  },
  {
    route: 'POST /api/mail/:id/retry',
    arrange: async () => {
      const { email } = await t.registerCustomer();
      const mail = await firstRow<{ id: number }>('UPDATE mail_outbox SET failed_at = now() WHERE recipient = $1 RETURNING id', [email]);
      return { url: `/api/mail/${mail.id}/retry` };
    },
    records: ['update mail'],
  },
  {
    route: 'POST /api/webhookEvent/:id/replay',
    name: 'with the unknown path mapped to a product: settled',
    arrange: async () => {
      const event = await eventNeedingAttention();
      const path = (event.data.items as { product: string }[])[0]!.product;
      return { url: `/api/webhookEvent/${event.id}/replay`, body: { productOfPath: { [path]: 'Punch' } } };
    },
    records: ['replay webhook_event'],
  },
  {
    route: 'POST /api/webhookEvent/:id/replay',
    name: 'without a mapping: processed again, still waiting',
    arrange: async () => ({ url: `/api/webhookEvent/${(await eventNeedingAttention()).id}/replay`, body: {} }),
    records: ['replay webhook_event'],
  },
  {
    route: 'POST /api/webhookEvent/:id/resolve',
    arrange: async () => ({ url: `/api/webhookEvent/${(await eventNeedingAttention()).id}/resolve`, body: { note: 'sold by hand' } }),
    records: ['resolve webhook_event'],
  },
  {
    route: 'POST /api/webhookEvent/reconcile',
    name: 'one missed order: one record, for the event it processed',
    arrange: async () => {
      const missed = orderCompleted({ email: uniqueEmail('missed'), items: [{ product: 'punch' }] }).data;
      await recordSandboxSale(t.db, { id: missed.id as string, kind: 'order', providerOrderId: missed.id as string, data: missed });
      const today = new Date().toISOString().slice(0, 10);
      return { url: '/api/webhookEvent/reconcile', body: { from: today, to: today } };
    },
    records: ['reconcile webhook_event'],
  },
  {
    route: 'POST /api/webhookEvent/reconcile',
    name: 'nothing missed: nothing saved',
    arrange: async () => {
      const today = new Date().toISOString().slice(0, 10);
      return { url: '/api/webhookEvent/reconcile', body: { from: today, to: today } };
    },
    records: [],
  },
  {
    route: 'POST /sandbox/api/backdate',
    arrange: async () => ({
      url: '/sandbox/api/backdate',
      body: { orderId: (await giveLicence(t, { email: uniqueEmail() })).order.id, days: 31 },
    }),
    records: ['update order'],
  },
  {
    route: 'POST /sandbox/api/replay',
    name: 'a refund at the stand-in provider, which its webhook then carries out',
    arrange: async () => {
      const order = orderCompleted({ email: uniqueEmail('refunded'), items: [{ product: 'punch' }] });
      expect((await postWebhook(t.app, [order], { secret: webhookSecret })).statusCode).toBe(200);
      return { url: '/sandbox/api/replay', body: { orderId: order.data.id, kind: 'return' } };
    },
    records: ['create sandbox-return'],
  },
  {
    route: 'POST /sandbox/api/replay',
    name: 'a retry of a webhook the provider sent: nothing saved',
    arrange: async () => {
      const order = orderCompleted({ email: uniqueEmail('retried'), items: [{ product: 'punch' }], orderId: providerId() });
      expect((await postWebhook(t.app, [order], { secret: webhookSecret })).statusCode).toBe(200);
      return { url: '/sandbox/api/replay', body: { orderId: order.data.id, kind: 'retry' } };
    },
    records: [],
  },
  {
    route: 'POST /api/admin/resend',
    arrange: async () => {
      const { email } = await giveLicence(t, { email: uniqueEmail(), productName: 'Punch' });
      return { url: '/api/admin/resend', body: { email, productName: 'Punch' } };
    },
    records: ['resend-keys order'],
  },
  {
    // Not a staff route: a staff token still makes the public call a staff resend (decision 007).
    route: 'POST /api/order/resend/',
    arrange: async () => {
      const { email } = await giveLicence(t, { email: uniqueEmail(), productName: 'Punch' });
      return { url: '/api/order/resend/', body: { email, productName: 'Punch' } };
    },
    records: ['resend-keys order'],
  },
];

const STAFF_GUARDS = ['requireAdmin', 'requireStaff'];

describe('the audit of staff changes', () => {
  it('has a case for every staff route that can change data', () => {
    const changing = t.app.routeTable
      .filter((route) => route.method !== 'GET' && route.method !== 'HEAD' && route.guards.some((guard) => STAFF_GUARDS.includes(guard)))
      .map((route) => `${route.method} ${route.url}`);
    const covered = new Set(cases.map((entry) => entry.route));
    expect(changing.filter((route) => !covered.has(route))).toEqual([]);
    const known = new Set(t.app.routeTable.map((route) => `${route.method} ${route.url}`));
    expect(cases.map((entry) => entry.route).filter((route) => !known.has(route))).toEqual([]);
  });

  it.each(cases.map((entry) => [entry.name ? `${entry.route}: ${entry.name}` : entry.route, entry] as const))(
    '%s',
    async (_title, entry) => {
      const call = await entry.arrange();
      const { last } = await firstRow<{ last: number }>('SELECT coalesce(max(id), 0)::int AS last FROM audit_log', []);
      await admin(entry.route.split(' ')[0]!, call.url, call.body);
      const { rows } = await t.db.query<{ actor: string; record: string }>(
        `SELECT actor, action || ' ' || entity AS record FROM audit_log WHERE id > $1 ORDER BY id`,
        [last],
      );
      expect(rows.map((row) => row.record)).toEqual(entry.records);
      expect(rows.every((row) => row.actor === 'admin')).toBe(true);
    },
  );
});
