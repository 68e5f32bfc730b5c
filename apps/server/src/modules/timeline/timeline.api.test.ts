import type { PersonTimeline, TimelineEventKind } from '@store/contracts/person-timeline';
import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, uniqueIp } from '../../../test/test-app.js';
import { randomDeviceId, registerDevice } from '../licence/licence.test-factory.js';

// A person's timeline (decision 061) from data made through the real calls: a sandbox purchase (the stand-in posts
// its signed webhook to this server, so it listens), a plug-in's registration, staff changes, a support request
// and a refund.
const t = await createTestApp();
await t.app.listen({ port: 0, host: '127.0.0.1' });

type Licence = { id: number; person_id: number; serial_2048: string; state: string };

/** Buys Spacey licences in the sandbox's checkout as the address; answers them and the purchase's id. */
async function buyLicences(email: string, quantity = 2) {
  const finalized = await t.request({
    method: 'POST',
    url: '/sandbox/api/session/finalize',
    body: { cart: { items: [{ path: 'spacey', quantity }] }, origin: 'http://localhost:3000/products/spacey' },
  });
  expect(finalized.statusCode, finalized.body).toBe(200);
  const token = new URL((finalized.json() as { url: string }).url, 'http://x').searchParams.get('session')!;
  const paid = await t.request({
    method: 'POST',
    url: '/sandbox/api/pay',
    body: { session: token, email, firstName: 'Tina', lastName: 'Timeline', country: 'DE' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const order = paid.json() as { id: string; reference: string };
  const { rows } = await t.db.query<Licence>('SELECT * FROM orders WHERE provider_order_id = $1 ORDER BY id', [order.id]);
  return { order, licences: rows };
}

const timelineOf = async (personId: number, query = '', token?: string) => {
  const response = await t.request({
    method: 'GET',
    url: `/api/person/${personId}/timeline${query}`,
    token: token ?? (await t.adminToken()),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PersonTimeline;
};

describe('GET /api/person/{id}/timeline', () => {
  it('tells what happened to the person, newest first, from every part of the shop', async () => {
    const email = uniqueEmail('timeline');
    const admin = await t.adminToken();
    const { order, licences } = await buyLicences(email);
    const [first, second] = licences as [Licence, Licence];
    const personId = first.person_id;

    for (const DeviceName of ['Studio Mac', 'Old Laptop']) {
      const registered = await registerDevice(
        t,
        { ProductName: 'Spacey', Key: first.serial_2048, DeviceIdHash: randomDeviceId(), DeviceName },
        uniqueIp(),
      );
      expect(registered.statusCode, registered.body).toBe(200);
    }
    const { rows: devices } = await t.db.query<{ id: number }>(
      `SELECT id FROM order_device WHERE order_id = $1 AND device_name = 'Old Laptop'`,
      [first.id],
    );
    expect((await t.request({ method: 'DELETE', url: `/api/orderdevice/${devices[0]!.id}`, token: admin })).statusCode).toBe(200);
    const revoked = await t.request({
      method: 'POST',
      url: `/api/order/${second.id}/revoke`,
      token: admin,
      body: { reason: 'Key shared on a forum', removeDevices: false },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const support = await t.request({
      method: 'POST',
      url: '/api/product/support/',
      ip: uniqueIp(),
      body: { email, productName: 'Spacey', operatingSystem: 'macOS 14', problemDescription: 'The window stays empty.' },
    });
    expect(support.statusCode, support.body).toBe(200);
    // A second purchase, refunded: a refund ends its licence and frees its computers.
    const refundedPurchase = await buyLicences(email, 1);
    const returned = await t.request({
      method: 'POST',
      url: '/sandbox/api/replay',
      token: admin,
      body: { orderId: refundedPurchase.order.id, kind: 'return' },
    });
    expect(returned.statusCode, returned.body).toBe(200);

    const timeline = await timelineOf(personId, '?pageSize=100');
    const kinds = new Set(timeline.events.map((event) => event.kind));
    const expected: TimelineEventKind[] = [
      'purchase',
      'refund',
      'licence-issued',
      'licence-refunded',
      'licence-revoked',
      'computer-registered',
      'mail',
      'support-request',
      'staff-change',
    ];
    for (const kind of expected) expect(kinds, kind).toContain(kind);
    expect(timeline.total).toBe(timeline.events.length);
    const times = timeline.events.map((event) => Date.parse(event.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    expect(timeline.events.filter((event) => event.kind === 'purchase').map((event) => event.title)).toEqual([
      `Purchase ${refundedPurchase.order.reference}`,
      `Purchase ${order.reference}`,
    ]);
    expect(timeline.events.find((event) => event.kind === 'licence-refunded')).toMatchObject({ orderId: refundedPurchase.licences[0]!.id });
    expect(timeline.events.find((event) => event.kind === 'licence-revoked')).toMatchObject({
      orderId: second.id,
      detail: 'Key shared on a forum',
    });
    expect(timeline.events.find((event) => event.kind === 'computer-registered')).toMatchObject({
      orderId: first.id,
      title: 'Computer registered: Studio Mac',
    });
    expect(timeline.events.find((event) => event.kind === 'support-request')?.detail).toContain('Spacey');
    const staffChanges = timeline.events.filter((event) => event.kind === 'staff-change').map((event) => event.title);
    expect(staffChanges).toEqual(
      expect.arrayContaining([`admin revoked licence ${second.id}`, `admin removed computer ${devices[0]!.id}`]),
    );
    // The person's own mails: the licence mail of the purchase, and the support request's acknowledgement.
    expect(timeline.events.filter((event) => event.kind === 'mail').length).toBeGreaterThanOrEqual(2);
  });

  it('pages on the server: the pages in turn hold the whole timeline once', async () => {
    const { licences } = await buyLicences(uniqueEmail('paged'));
    const personId = licences[0]!.person_id;
    const whole = await timelineOf(personId, '?pageSize=100');
    expect(whole.total).toBeGreaterThan(3);
    const pages: PersonTimeline[] = [];
    for (let page = 0; page * 3 < whole.total; page++) pages.push(await timelineOf(personId, `?page=${page}&pageSize=3`));
    expect(pages.map((page) => page.events.length).slice(0, -1)).toEqual(pages.slice(0, -1).map(() => 3));
    expect(pages.flatMap((page) => page.events)).toEqual(whole.events);
    expect(pages.every((page) => page.total === whole.total && page.pageSize === 3)).toBe(true);
  });

  it("shows a login's staff changes only on its own person's timeline, not on a look-alike's (decision 082)", async () => {
    const token = await t.adminToken();
    const local = uniqueEmail('mile').split('@')[0]!;
    // Two people under decision 030: an accented capital is no ASCII letter, so its case is kept.
    const [upper, lower] = [`\u00C9${local}@example.com`, `\u00E9${local}@example.com`];
    const ids: number[] = [];
    for (const email of [upper, lower]) {
      const created = await t.request({ method: 'POST', url: '/api/person/', token, body: { id: 0, email, name: 'Emile', country: 'FR' } });
      expect(created.statusCode, created.body).toBe(200);
      ids.push((created.json() as { id: number }).id);
      // Each registers, and the administrator removes the login again: the audit log's "deleted login" record.
      await t.registerCustomer('secret-password', { email, isProven: false });
      const deleted = await t.request({ method: 'DELETE', url: '/api/registration/', token, body: { email } });
      expect(deleted.statusCode, deleted.body).toBe(200);
    }
    const staffChanges = async (personId: number) =>
      (await timelineOf(personId, '?pageSize=100')).events.filter((event) => event.kind === 'staff-change').map((event) => event.title);
    expect(await staffChanges(ids[0]!)).toContain(`admin deleted login ${upper}`);
    expect(await staffChanges(ids[0]!)).not.toContain(`admin deleted login ${lower}`);
    expect(await staffChanges(ids[1]!)).toContain(`admin deleted login ${lower}`);
    expect(await staffChanges(ids[1]!)).not.toContain(`admin deleted login ${upper}`);
  });

  it('is for staff only, and answers 404 for an unknown person', async () => {
    const customer = await t.registerCustomer();
    expect((await t.request({ method: 'GET', url: '/api/person/1/timeline', token: customer.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/person/1/timeline' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/person/999999999/timeline', token: await t.adminToken() })).statusCode).toBe(404);
  });
});
