import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueIp } from '../../../test/test-app.js';
import { customerWithLicence, giveLicence, randomDeviceId, registerDevice } from './licence.test-factory.js';

const t = await createTestApp();

const addDevice = async (licence: { order: { serial_2048: string } }, deviceId = randomDeviceId()) => {
  const response = await registerDevice(t, { ProductName: 'Spacey', Key: licence.order.serial_2048, DeviceIdHash: deviceId }, uniqueIp());
  expect(response.statusCode).toBe(200);
  return deviceId;
};

describe('GET /api/userinfo/products', () => {
  it("lists the caller's active licences with their devices, and nobody else's", async () => {
    const owner = await customerWithLicence(t);
    const punch = await giveLicence(t, { email: owner.email, productName: 'Punch' });
    const refunded = await giveLicence(t, { email: owner.email, productName: 'Tapewarm' });
    await t.db.query(`UPDATE orders SET state = 'refunded' WHERE id = $1`, [refunded.order.id]);
    const other = await customerWithLicence(t);
    await addDevice(other);
    const deviceId = await addDevice(owner);

    const response = await t.request({ method: 'GET', url: '/api/userinfo/products', token: owner.token });
    expect(response.statusCode).toBe(200);
    const licences = response.json();
    expect(licences.map((licence: { orderId: number }) => licence.orderId)).toEqual([punch.order.id, owner.order.id]);
    expect(licences[1]).toEqual({
      name: 'Spacey',
      useRsa2048: true,
      serialNew: owner.order.serial_new,
      serial2048: owner.order.serial_2048,
      licenseActivationDate: owner.order.license_activation_date.toISOString(),
      orderId: owner.order.id,
      serial: owner.order.serial,
      purchaseDate: owner.order.creation_date.toISOString(),
      source: owner.order.source,
      status: 'active',
      // Neither upgraded nor bought as an upgrade (decision 036).
      upgradedTo: null,
      upgradedFrom: null,
      removalsThisYear: 0,
      removalsPerYear: null,
      orderDevices: [
        {
          id: expect.any(Number),
          deviceName: 'Studio Mac',
          deviceIdHash: deviceId,
          deviceIdHashEncrypted: expect.stringMatching(/^Keyfile for Spacey/),
          creationDate: expect.any(String),
          lastActivatedAt: expect.any(String),
          // A key registered with the serial key file is permanent (decision 041).
          keyExpiresAt: null,
          renewedAt: null,
        },
      ],
    });
    expect(licences[0]).toMatchObject({ name: 'Punch', useRsa2048: false, serial2048: '', orderDevices: [] });
  });

  it('answers an empty list to a customer without licences and to the administrator', async () => {
    const { token } = await t.registerCustomer();
    expect((await t.request({ method: 'GET', url: '/api/userinfo/products', token })).json()).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/userinfo/products', token: await t.adminToken() })).json()).toEqual([]);
  });

  it('finds the person by the login address when the login has no person link', async () => {
    const owner = await customerWithLicence(t);
    await t.db.query('UPDATE login SET person_id = NULL WHERE lower(login_name) = lower($1)', [owner.email]);
    const licences = (await t.request({ method: 'GET', url: '/api/userinfo/products', token: owner.token })).json();
    expect(licences).toHaveLength(1);
  });

  it('needs a login', async () => {
    expect((await t.request({ method: 'GET', url: '/api/userinfo/products' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/userinfo/orderdevice/{id}', () => {
  const deviceIdsOf = async (orderId: number) =>
    (await t.db.query<{ id: number }>('SELECT id FROM order_device WHERE order_id = $1', [orderId])).rows.map((row) => row.id);

  it("removes one of the caller's devices and frees its slot", async () => {
    const owner = await customerWithLicence(t);
    for (let device = 0; device < 4; device++) await addDevice(owner);
    const [first] = await deviceIdsOf(owner.order.id);
    const response = await t.request({ method: 'DELETE', url: `/api/userinfo/orderdevice/${first}`, token: owner.token });
    expect(response.statusCode).toBe(200);
    expect(await deviceIdsOf(owner.order.id)).toHaveLength(3);
    await addDevice(owner);
    expect(await deviceIdsOf(owner.order.id)).toHaveLength(4);
  });

  it("answers 404 for another customer's device and deletes nothing", async () => {
    const owner = await customerWithLicence(t);
    const intruder = await customerWithLicence(t);
    await addDevice(owner);
    const [deviceId] = await deviceIdsOf(owner.order.id);
    const response = await t.request({ method: 'DELETE', url: `/api/userinfo/orderdevice/${deviceId}`, token: intruder.token });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe('Device not found');
    expect(await deviceIdsOf(owner.order.id)).toEqual([deviceId]);
    expect((await t.request({ method: 'DELETE', url: '/api/userinfo/orderdevice/99999999', token: owner.token })).statusCode).toBe(404);
  });
});

describe('PUT /api/userinfo/orderdevice/{id}', () => {
  const devicesOf = async (orderId: number) =>
    (
      await t.db.query<{ id: number; device_name: string; last_activated_at: Date }>(
        'SELECT id, device_name, last_activated_at FROM order_device WHERE order_id = $1 ORDER BY id',
        [orderId],
      )
    ).rows;
  const rename = (token: string, id: number, deviceName: unknown) =>
    t.request({ method: 'PUT', url: `/api/userinfo/orderdevice/${id}`, token, body: { deviceName } });

  it("renames one of the caller's computers; an offline one keeps the word Offline", async () => {
    const owner = await customerWithLicence(t);
    await addDevice(owner);
    const offline = await registerDevice(
      t,
      { ProductName: 'Spacey', Key: owner.order.serial_2048, DeviceIdHash: randomDeviceId(), DeviceName: 'Offline Device' },
      uniqueIp(),
    );
    expect(offline.statusCode).toBe(200);
    const [studio, laptop] = await devicesOf(owner.order.id);

    const renamed = await rename(owner.token, studio!.id, '  Mix room  ');
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ deviceName: 'Mix room' });
    expect((await rename(owner.token, laptop!.id, 'Tour laptop')).json()).toEqual({ deviceName: 'Tour laptop (Offline)' });
    expect((await devicesOf(owner.order.id)).map((device) => device.device_name)).toEqual(['Mix room', 'Tour laptop (Offline)']);
  });

  it("refuses an empty name with 400 and another customer's device with 404, changing nothing", async () => {
    const owner = await customerWithLicence(t);
    const intruder = await customerWithLicence(t);
    await addDevice(owner);
    const [device] = await devicesOf(owner.order.id);
    const empty = await rename(owner.token, device!.id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Please enter a name.');
    const foreign = await rename(intruder.token, device!.id, 'Mine now');
    expect(foreign.statusCode).toBe(404);
    expect((await rename(owner.token, 99999999, 'Nothing')).statusCode).toBe(404);
    expect((await t.request({ method: 'PUT', url: `/api/userinfo/orderdevice/${device!.id}`, body: { deviceName: 'x' } })).statusCode).toBe(
      401,
    );
    expect((await devicesOf(owner.order.id))[0]!.device_name).toBe('Studio Mac');
  });

  it('notes when a computer last activated: registering the same computer again updates it', async () => {
    const owner = await customerWithLicence(t);
    const deviceId = await addDevice(owner);
    await t.db.query(`UPDATE order_device SET last_activated_at = now() - interval '3 days' WHERE order_id = $1`, [owner.order.id]);
    const [before] = await devicesOf(owner.order.id);
    expect(Date.now() - before!.last_activated_at.getTime()).toBeGreaterThan(2 * 24 * 3600 * 1000);
    await addDevice(owner, deviceId.toLowerCase());
    const after = await devicesOf(owner.order.id);
    expect(after).toHaveLength(1);
    expect(Date.now() - after[0]!.last_activated_at.getTime()).toBeLessThan(60_000);
  });
});

describe('the device lists', () => {
  it("show a licence's computers in slot order, the same in the customer area and on the administrator's screen", async () => {
    const owner = await customerWithLicence(t);
    const [first, second, third] = [await addDevice(owner), await addDevice(owner), await addDevice(owner)];
    const { rows } = await t.db.query<{ id: number }>('SELECT id FROM order_device WHERE order_id = $1 AND device_id_hash = $2', [
      owner.order.id,
      first,
    ]);
    expect((await t.request({ method: 'DELETE', url: `/api/userinfo/orderdevice/${rows[0]!.id}`, token: owner.token })).statusCode).toBe(
      200,
    );
    // The newest computer takes the freed first slot, so it is listed first, before the older ones.
    const newest = await addDevice(owner);

    const [licence] = (await t.request({ method: 'GET', url: '/api/userinfo/products', token: owner.token })).json();
    expect(licence.orderDevices.map((device: { deviceIdHash: string }) => device.deviceIdHash)).toEqual([newest, second, third]);
    const admin = await t.request({ method: 'GET', url: `/api/orderDevice/byOrder/${owner.order.id}`, token: await t.adminToken() });
    expect(admin.json()).toEqual(licence.orderDevices);
  });
});
