import type { TrialFigures } from '@store/contracts/trial-figures';
import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, uniqueIp } from '../../../test/test-app.js';
import { giveLicence, randomDeviceId, registerDevice, type TestLicence } from '../licence/licence.test-factory.js';
import type { OrderRow } from '../order/order.repository.js';
import { findProductByName } from '../product/product.service.js';

const t = await createTestApp();

const getFigures = async (query = '') => {
  const response = await t.request({ method: 'GET', url: `/api/admin/dashboard/trials${query}`, token: await t.adminToken() });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TrialFigures;
};
const figuresOf = (figures: TrialFigures, productName: string) => {
  const row = figures.products.find((product) => product.productName === productName);
  return { downloads: row?.downloads ?? 0, started: row?.started ?? 0, converted: row?.converted ?? 0 };
};

/** Starts a trial of the product on the computer through the website's trial page. */
async function startTrial(productName: string, deviceId: string) {
  const response = await t.request({
    method: 'POST',
    url: '/api/trial',
    body: { ProductName: productName, DeviceIdHash: deviceId, Email: '' },
    ip: uniqueIp(),
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** A licence of the product (bought, unless `source` says the administrator gave it) registered on the computer. */
async function registerLicence(productName: string, deviceId: string, source: 'purchase' | 'admin' = 'purchase') {
  await registerOn(await giveLicence(t, { email: uniqueEmail('convert'), productName, source }), deviceId);
}
async function registerOn(licence: TestLicence, deviceId: string) {
  const key = licence.product.use_rsa_2048 ? licence.order.serial_2048 : licence.order.serial_new;
  const response = await registerDevice(t, { ProductName: licence.product.name, Key: key, DeviceIdHash: deviceId }, uniqueIp());
  expect(response.statusCode, response.body).toBe(200);
}

describe('trials on the dashboard', () => {
  it('counts the trials started and those whose computer then registered a bought licence of the product', async () => {
    const before = await getFigures();

    // Bought after the trial, registered with the Device ID in another case: a conversion.
    const converted = randomDeviceId();
    await startTrial('Spacey', converted);
    await registerLicence('Spacey', converted.toLowerCase());
    // Only tried.
    await startTrial('Spacey', randomDeviceId());
    // Given a licence by the administrator: nothing was bought.
    const granted = randomDeviceId();
    await startTrial('Spacey', granted);
    await registerLicence('Spacey', granted, 'admin');
    // Registered on a bought licence before the trial: the trial did not make the sale.
    const ownedFirst = randomDeviceId();
    await registerLicence('Spacey', ownedFirst);
    await startTrial('Spacey', ownedFirst);
    // Tried Spacey, bought Punch: a Punch sale, not a Spacey conversion (and no Punch trial).
    const otherProduct = randomDeviceId();
    await startTrial('Spacey', otherProduct);
    await registerLicence('Punch', otherProduct);
    // An owner's new computer runs the trial first, then takes the licence bought before it: no sale (decision 117).
    const ownersNewComputer = randomDeviceId();
    const boughtBefore = await giveLicence(t, { email: uniqueEmail('owner'), productName: 'Spacey', source: 'purchase' });
    await startTrial('Spacey', ownersNewComputer);
    await registerOn(boughtBefore, ownersNewComputer);
    // A licence bought before the trial and transferred to the trial's computer's owner after it: it came to them then.
    const buyersComputer = randomDeviceId();
    const sold = await giveLicence(t, { email: uniqueEmail('seller'), productName: 'Spacey', source: 'purchase' });
    await startTrial('Spacey', buyersComputer);
    const moved = await t.request({
      method: 'POST',
      url: '/api/order/transfer',
      token: await t.adminToken(),
      body: { id: sold.order.id, newOwnerEmail: uniqueEmail('buyer'), newOwnerName: 'New Owner' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const { rows } = await t.db.query<OrderRow>('SELECT * FROM orders WHERE id = $1', [sold.order.id]);
    await registerOn({ ...sold, order: rows[0]! }, buyersComputer);

    const after = await getFigures();
    const spacey = { before: figuresOf(before, 'Spacey'), after: figuresOf(after, 'Spacey') };
    expect(spacey.after.started - spacey.before.started).toBe(7);
    expect(spacey.after.converted - spacey.before.converted).toBe(2);
    expect(figuresOf(after, 'Punch')).toEqual(figuresOf(before, 'Punch'));
    expect(after.totals.started - before.totals.started).toBe(7);
    expect(after.totals.converted - before.totals.converted).toBe(2);
  });

  it("counts a trial in the range it started in, and the product's public downloads of the range", async () => {
    const tapewarm = (await findProductByName(t.db, 'Tapewarm'))!;
    const deviceId = randomDeviceId();
    await startTrial('Tapewarm', deviceId);
    await registerLicence('Tapewarm', deviceId);
    const before = await getFigures();
    // Forty days ago: outside the default range of 30 days, inside one that reaches back to it.
    await t.db.query(`UPDATE trial SET started_at = started_at - interval '40 days' WHERE lower(device_id) = lower($1)`, [deviceId]);
    const recent = await getFigures();
    expect(figuresOf(before, 'Tapewarm').started - figuresOf(recent, 'Tapewarm').started).toBe(1);
    expect(figuresOf(before, 'Tapewarm').converted - figuresOf(recent, 'Tapewarm').converted).toBe(1);
    const fortyDaysAgo = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    const wider = await getFigures(`?from=${fortyDaysAgo}`);
    expect(wider.from).toBe(fortyDaysAgo);
    expect(figuresOf(wider, 'Tapewarm')).toMatchObject({ started: figuresOf(before, 'Tapewarm').started });

    // The demo's current Tapewarm installers are public: a visitor's download counts on the day it was handed out.
    const { rows } = await t.db.query<{ id: number }>('SELECT id FROM product_download WHERE product_id = $1 AND is_public LIMIT 1', [
      tapewarm.id,
    ]);
    expect((await t.request({ method: 'GET', url: `/api/downloads/${rows[0]!.id}`, ip: uniqueIp() })).statusCode).toBe(200);
    const withDownload = await getFigures();
    expect(figuresOf(withDownload, 'Tapewarm').downloads - figuresOf(recent, 'Tapewarm').downloads).toBe(1);
    expect(withDownload.totals.downloads - recent.totals.downloads).toBe(1);
  });

  it('refuses bad ranges and anyone but the administrator', async () => {
    const bad = await t.request({ method: 'GET', url: '/api/admin/dashboard/trials?from=2026-13-01', token: await t.adminToken() });
    expect(bad.statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/admin/dashboard/trials' })).statusCode).toBe(401);
    const customer = await t.registerCustomer();
    expect((await t.request({ method: 'GET', url: '/api/admin/dashboard/trials', token: customer.token })).statusCode).toBe(403);
  });
});
