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
      orderDevices: [
        {
          id: expect.any(Number),
          deviceName: 'Studio Mac',
          deviceIdHash: deviceId,
          deviceIdHashEncrypted: expect.stringMatching(/^Keyfile for Spacey/),
          creationDate: expect.any(String),
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

  it('removes one of the caller\'s devices and frees its slot', async () => {
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
