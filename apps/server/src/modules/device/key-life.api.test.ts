// Keys that end gently (decision 041): rolling online keys and their renewal, removal codes, the yearly limit of
// freed places, and revocation.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { decryptKeyFile } from '../../licensing/juce-key-file.js';
import { createTestApp } from '../../../test/test-app.js';
import { customerWithLicence, randomDeviceId, registerDevice } from '../licence/licence.test-factory.js';
import { computeRemovalCode } from './removal-code.js';
import { errorOfJuceAnswer, keyOfJuceAnswer, postJuceForm } from '../../../test/juce-answers.js';

const t = await createTestApp();

// Tapewarm (1024-bit pair): online keys of the module expire after 90 days; Punch: one place freed a year.
beforeAll(async () => {
  await t.db.query(`UPDATE product SET online_key_days = 90 WHERE name = 'Tapewarm'`);
  await t.db.query(`UPDATE product SET yearly_device_removals = 1 WHERE name = 'Punch'`);
  // The product cache forgets a product when PostgreSQL's notification of the change arrives.
  await vi.waitFor(async () => {
    expect((await t.app.productCache.byName(t.db, 'Tapewarm'))?.online_key_days).toBe(90);
    expect((await t.app.productCache.byName(t.db, 'Punch'))?.yearly_device_removals).toBe(1);
  });
});

const postForm = (url: string, fields: Record<string, string>) => postJuceForm(t, url, fields);

const unlock = (owner: { email: string; password: string }, product: string, mach: string, renewable = '1') =>
  postForm('/api/juce/unlock', { product, email: owner.email, pw: owner.password, os: 'Linux', mach, renewable });
const renew = (product: string, mach: string, key: string) => postForm('/api/juce/renew', { product, mach, key });

const keyOf = keyOfJuceAnswer;
const errorOf = errorOfJuceAnswer;
const DAY_MS = 86_400_000;

const devicesOf = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/userinfo/products', token })).json<
    {
      orderId: number;
      removalsThisYear: number;
      removalsPerYear: number | null;
      orderDevices: { id: number; deviceIdHash: string; keyExpiresAt: string | null; renewedAt: string | null }[];
    }[]
  >();

describe('rolling online keys', () => {
  it('gives a plug-in built on the module an expiring key naming its licence; a stock plug-in a permanent one', async () => {
    const owner = await customerWithLicence(t, 'Tapewarm');
    const mach = randomDeviceId();
    const response = await unlock(owner, 'Tapewarm', mach);
    const key = decryptKeyFile(keyOf(response.body), owner.product.public_key)!;
    expect(key).toMatchObject({ isExpiring: true, machineNumbers: [mach], app: 'Tapewarm' });
    expect(key.attributes['licence']).toBe(String(owner.order.id));
    expect(key.attributes['removal']).toMatch(/^[0-9a-f]{32}$/);
    expect(key.expiryTime!.getTime()).toBeGreaterThan(Date.now() + 89 * DAY_MS);
    expect(key.expiryTime!.getTime()).toBeLessThan(Date.now() + 91 * DAY_MS);

    const stock = await unlock(owner, 'Tapewarm', randomDeviceId(), '');
    const stockKey = decryptKeyFile(keyOf(stock.body), owner.product.public_key)!;
    expect(stockKey.isExpiring).toBe(false);
    expect(stockKey.attributes['removal']).toBeUndefined();

    const [licence] = await devicesOf(owner.token);
    const device = licence!.orderDevices.find((candidate) => candidate.deviceIdHash === mach)!;
    expect(Date.parse(device.keyExpiresAt!)).toBe(key.expiryTime!.getTime());
    expect(licence!.orderDevices.find((candidate) => candidate.deviceIdHash !== mach)!.keyExpiresAt).toBeNull();
  });

  it('renews a working licence’s key with the key itself, keeping its removal secret', async () => {
    const owner = await customerWithLicence(t, 'Tapewarm');
    const mach = randomDeviceId();
    const first = keyOf((await unlock(owner, 'Tapewarm', mach)).body);
    await t.db.query(`UPDATE order_device SET key_expires_at = now() + interval '1 day' WHERE order_id = $1`, [owner.order.id]);

    const response = await renew('Tapewarm', mach, first);
    expect(response.body).toMatch(/^<MESSAGE message="Your key of Tapewarm was renewed\. It works until \d{4}-\d\d-\d\d\."><KEY>/);
    const renewed = decryptKeyFile(keyOf(response.body), owner.product.public_key)!;
    const old = decryptKeyFile(first, owner.product.public_key)!;
    expect(renewed.attributes['removal']).toBe(old.attributes['removal']);
    expect(renewed.expiryTime!.getTime()).toBeGreaterThanOrEqual(old.expiryTime!.getTime());

    const [licence] = await devicesOf(owner.token);
    expect(licence!.orderDevices[0]!.renewedAt).not.toBeNull();
    expect(Date.parse(licence!.orderDevices[0]!.keyExpiresAt!)).toBe(renewed.expiryTime!.getTime());
  });

  it('refuses to renew a refunded, transferred or revoked licence, saying until when the key works', async () => {
    const owner = await customerWithLicence(t, 'Tapewarm');
    const mach = randomDeviceId();
    const key = keyOf((await unlock(owner, 'Tapewarm', mach)).body);
    const until = decryptKeyFile(key, owner.product.public_key)!.expiryTime!.toISOString().slice(0, 10);

    await t.db.query(`UPDATE orders SET state = 'refunded' WHERE id = $1`, [owner.order.id]);
    await t.db.query('DELETE FROM order_device WHERE order_id = $1', [owner.order.id]);
    const refunded = await renew('Tapewarm', mach, key);
    expect(refunded.body).not.toContain('<KEY>');
    expect(errorOf(refunded.body)).toBe(
      `Your licence of Tapewarm was refunded, so its key is not renewed. It keeps working on this computer until ${until}.`,
    );
    await t.db.query(`UPDATE orders SET state = 'transferred' WHERE id = $1`, [owner.order.id]);
    expect(errorOf((await renew('Tapewarm', mach, key)).body)).toMatch(/^Your licence of Tapewarm was transferred to another owner/);
  });

  it('refuses a key that is not a renewable key of this computer, and a computer removed from its licence', async () => {
    const owner = await customerWithLicence(t, 'Tapewarm');
    const mach = randomDeviceId();
    const key = keyOf((await unlock(owner, 'Tapewarm', mach)).body);
    expect(errorOf((await renew('Tapewarm', randomDeviceId(), key)).body)).toMatch(/^This is not a renewable key of Tapewarm/);
    expect(errorOf((await renew('Tapewarm', mach, 'garbage')).body)).toMatch(/^This is not a renewable key of Tapewarm/);
    expect(errorOf((await renew('Tapewarm', mach, owner.order.serial_new)).body)).toMatch(/^This is not a renewable key/);

    const [licence] = await devicesOf(owner.token);
    await t.request({ method: 'DELETE', url: `/api/userinfo/orderdevice/${licence!.orderDevices[0]!.id}`, token: owner.token });
    expect(errorOf((await renew('Tapewarm', mach, key)).body)).toMatch(/^This computer was removed from your licence of Tapewarm\./);
  });
});

describe('removal codes', () => {
  it('frees the place of the computer whose plug-in showed the code, once', async () => {
    const owner = await customerWithLicence(t, 'Tapewarm');
    const mach = randomDeviceId();
    const key = decryptKeyFile(keyOf((await unlock(owner, 'Tapewarm', mach)).body), owner.product.public_key)!;
    const code = computeRemovalCode(key.attributes['removal']!, mach);
    expect(code).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);

    const release = (removalCode: string) =>
      t.request({ method: 'POST', url: '/api/userinfo/releasedevice', token: owner.token, body: { orderId: owner.order.id, removalCode } });
    const wrong = await release('0000-0000-0000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toBe('This removal code belongs to no computer of this licence.');

    const freed = await release(code.toLowerCase().replace(/-/g, ' '));
    expect(freed.statusCode).toBe(200);
    expect(freed.json()).toEqual({ deviceName: 'Linux' });
    expect((await devicesOf(owner.token))[0]!.orderDevices).toEqual([]);

    // The computer registers again and the old code is refused: it freed its place once.
    await unlock(owner, 'Tapewarm', mach);
    const twice = await release(code);
    expect(twice.statusCode).toBe(409);
    expect(twice.body).toMatch(/^This removal code was already used on \d{4}-\d\d-\d\d\.$/);
    expect((await devicesOf(owner.token))[0]!.orderDevices).toHaveLength(1);
  });

  it("is not another customer's to use, and staff can enter it", async () => {
    const owner = await customerWithLicence(t, 'Tapewarm');
    const stranger = await t.registerCustomer();
    const mach = randomDeviceId();
    const key = decryptKeyFile(keyOf((await unlock(owner, 'Tapewarm', mach)).body), owner.product.public_key)!;
    const code = computeRemovalCode(key.attributes['removal']!, mach);
    const theirs = await t.request({
      method: 'POST',
      url: '/api/userinfo/releasedevice',
      token: stranger.token,
      body: { orderId: owner.order.id, removalCode: code },
    });
    expect(theirs.statusCode).toBe(404);
    const staff = await t.request({
      method: 'POST',
      url: `/api/order/${owner.order.id}/releasedevice`,
      token: await t.adminToken(),
      body: { removalCode: code },
    });
    expect(staff.statusCode).toBe(200);
    const { rows } = await t.db.query(`SELECT action FROM audit_log WHERE entity = 'order' AND entity_id = $1`, [owner.order.id]);
    expect(rows.map((row: { action: string }) => row.action)).toContain('release-device');
  });
});

// Review 2026-11-28 (staff roles), S3; decision 088.
describe("staff's list of a licence's computers", () => {
  /** A support login invited by the administrator, its password set through the mailed link; its token. */
  const supportToken = async (): Promise<string> => (await t.staffLogin('support')).token;

  const listed = async (orderId: number, token: string) => {
    const answer = await t.request({ method: 'GET', url: `/api/orderDevice/byOrder/${orderId}`, token });
    expect(answer.statusCode).toBe(200);
    return answer.json<{ deviceIdHash: string; deviceIdHashEncrypted: string }[]>();
  };

  it("gives support no computer's key file, so no removal secret: a removal code must come from the customer", async () => {
    const support = await supportToken();
    const owner = await customerWithLicence(t, 'Tapewarm');
    const mach = randomDeviceId();
    const keyFile = keyOf((await unlock(owner, 'Tapewarm', mach)).body);
    expect(decryptKeyFile(keyFile, owner.product.public_key)?.attributes['removal']).toBeTruthy();

    // Support is shown the computer, but not its key file (the field stays, empty).
    const [device, ...others] = await listed(owner.order.id, support);
    expect(others).toEqual([]);
    expect(device).toMatchObject({ deviceIdHash: mach, deviceIdHashEncrypted: '' });
    // The person's orders carry no computers either.
    const orders = await t.request({ method: 'GET', url: `/api/order/byPerson/${owner.personId}`, token: support });
    expect(orders.statusCode).toBe(200);
    expect(orders.body).not.toContain(keyFile);
    expect((await t.db.query('SELECT id FROM order_device WHERE order_id = $1', [owner.order.id])).rows).toHaveLength(1);

    // The code the customer's plug-in showed, read out to support, still frees the place.
    const code = computeRemovalCode(decryptKeyFile(keyFile, owner.product.public_key)!.attributes['removal']!, mach);
    const released = await t.request({
      method: 'POST',
      url: `/api/order/${owner.order.id}/releasedevice`,
      token: support,
      body: { removalCode: code },
    });
    expect(released.statusCode).toBe(200);
    expect((await t.db.query('SELECT id FROM order_device WHERE order_id = $1', [owner.order.id])).rows).toEqual([]);
  });

  it('gives the administrator a computer\'s permanent key file, as "Download offline Key" needs it, never the module\'s expiring one', async () => {
    const owner = await customerWithLicence(t, 'Tapewarm');
    const [rolling, stock] = [randomDeviceId(), randomDeviceId()];
    const rollingKey = decryptKeyFile(keyOf((await unlock(owner, 'Tapewarm', rolling)).body), owner.product.public_key);
    expect(rollingKey).toMatchObject({ isExpiring: true, attributes: expect.objectContaining({ removal: expect.any(String) }) });
    const stockKey = keyOf((await unlock(owner, 'Tapewarm', stock, '0')).body);
    expect(decryptKeyFile(stockKey, owner.product.public_key)?.isExpiring).toBe(false);
    const devices = await listed(owner.order.id, await t.adminToken());
    // Decision 102: a place holding the module's expiring key answers no key file (none to give a computer offline).
    expect(devices.map((device) => [device.deviceIdHash, device.deviceIdHashEncrypted])).toEqual([
      [rolling, ''],
      [stock, stockKey],
    ]);
  });
});

describe('the yearly limit of freed places', () => {
  it('lets a licence free the product’s number of places a year without a code, and counts them', async () => {
    const owner = await customerWithLicence(t, 'Punch');
    for (const mach of [randomDeviceId(), randomDeviceId()]) {
      expect((await registerDevice(t, { ProductName: 'Punch', Key: owner.order.serial_new, DeviceIdHash: mach })).statusCode).toBe(200);
    }
    const [before] = await devicesOf(owner.token);
    expect(before).toMatchObject({ removalsThisYear: 0, removalsPerYear: 1 });
    const remove = (id: number) => t.request({ method: 'DELETE', url: `/api/userinfo/orderdevice/${id}`, token: owner.token });

    expect((await remove(before!.orderDevices[0]!.id)).statusCode).toBe(200);
    const refused = await remove(before!.orderDevices[1]!.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toBe(
      "This licence has already freed 1 of its 1 places for this year. Remove the computer with the plug-in's removal code instead, or contact support.",
    );
    const [after] = await devicesOf(owner.token);
    expect(after).toMatchObject({ removalsThisYear: 1, removalsPerYear: 1 });
    expect(after!.orderDevices).toHaveLength(1);

    // A year later the place may be freed again.
    await t.db.query(`UPDATE device_release SET released_at = now() - interval '366 days' WHERE order_id = $1`, [owner.order.id]);
    expect((await remove(before!.orderDevices[1]!.id)).statusCode).toBe(200);
  });
});

describe('revocation', () => {
  it('revokes a licence with a reason, audited and counted; no registration, unlock or renewal after', async () => {
    const owner = await customerWithLicence(t, 'Tapewarm');
    const mach = randomDeviceId();
    const key = keyOf((await unlock(owner, 'Tapewarm', mach)).body);
    const admin = await t.adminToken();
    const revoke = () =>
      t.request({
        method: 'POST',
        url: `/api/order/${owner.order.id}/revoke`,
        token: admin,
        body: { reason: 'Key shared on a forum', removeDevices: false },
      });
    const response = await revoke();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: owner.order.id, state: 'revoked' });
    expect((await revoke()).statusCode).toBe(409);

    // Its computers were left to expire.
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM order_device WHERE order_id = $1', [owner.order.id]);
    expect(rows[0].n).toBe(1);
    expect(errorOf((await renew('Tapewarm', mach, key)).body)).toMatch(
      /^Your licence of Tapewarm was revoked \(Key shared on a forum\), so its key is not renewed\. It keeps working on this computer until /,
    );
    expect(errorOf((await unlock(owner, 'Tapewarm', randomDeviceId())).body)).toMatch(/has no active licence of Tapewarm\.$/);
    const registration = await registerDevice(t, { ProductName: 'Tapewarm', Key: owner.order.serial_new, DeviceIdHash: randomDeviceId() });
    expect(registration.statusCode).toBe(400);

    const audit = await t.db.query(`SELECT action, after FROM audit_log WHERE entity = 'order' AND entity_id = $1`, [owner.order.id]);
    expect(audit.rows).toContainEqual(expect.objectContaining({ action: 'revoke' }));
    const today = new Date().toISOString().slice(0, 10);
    const dashboard = await t.request({ method: 'GET', url: `/api/admin/dashboard?period=day&from=${today}&to=${today}`, token: admin });
    expect(dashboard.json().totals.revocations).toBeGreaterThanOrEqual(1);
  });

  it('removes its computers when the administrator chooses, and is for the administrator only', async () => {
    const owner = await customerWithLicence(t, 'Tapewarm');
    await unlock(owner, 'Tapewarm', randomDeviceId());
    const body = { reason: 'Chargeback by phone', removeDevices: true };
    const byCustomer = await t.request({ method: 'POST', url: `/api/order/${owner.order.id}/revoke`, token: owner.token, body });
    expect(byCustomer.statusCode).toBe(403);
    const byAdmin = await t.request({ method: 'POST', url: `/api/order/${owner.order.id}/revoke`, token: await t.adminToken(), body });
    expect(byAdmin.statusCode).toBe(200);
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM order_device WHERE order_id = $1', [owner.order.id]);
    expect(rows[0].n).toBe(0);
  });
});
