import { describe, expect, it } from 'vitest';
import { createTestApp, licenceMailsTo, uniqueEmail, uniqueIp } from '../../../test/test-app.js';
import { customerWithLicence, giveLicence, randomDeviceId, registerDevice } from '../licence/licence.test-factory.js';

const t = await createTestApp();

const register = (Key: string, DeviceIdHash = randomDeviceId()) =>
  registerDevice(t, { ProductName: 'Spacey', Key, DeviceIdHash }, uniqueIp());
const replaceAsAdmin = async (orderId: number, body: Record<string, unknown> = {}) =>
  t.request({ method: 'POST', url: `/api/order/${orderId}/replacekeys`, token: await t.adminToken(), body });
const devicesOf = async (orderId: number) =>
  (await t.request({ method: 'GET', url: `/api/orderDevice/byOrder/${orderId}`, token: await t.adminToken() })).json() as unknown[];

/** A copy of a key file as someone might pass it on: another comment, other line breaks. */
const recommented = (keyFile: string) => keyFile.replace(/^[^#]*/, 'Shared on a forum\r\n\r\n').replace(/\r?\n/g, '\n');

describe('a leaked key replaced by the administrator', () => {
  it('refuses the old serial and key files to new computers, keeps the registered ones, and mails the new key', async () => {
    const email = uniqueEmail('leak');
    const licence = await giveLicence(t, { email, serial: `OLD-${Date.now()}` });
    const oldKey = licence.order.serial_2048;
    const registered = randomDeviceId();
    expect((await register(oldKey, registered)).statusCode).toBe(200);

    const replaced = await replaceAsAdmin(licence.order.id);
    expect(replaced.statusCode).toBe(200);
    const { serial2048: newKey } = replaced.json() as { serial2048: string };
    expect(newKey).not.toBe(oldKey);

    for (const key of [oldKey, recommented(oldKey), licence.order.serial_new, licence.order.serial]) {
      const refused = await register(key);
      expect(refused.statusCode).toBe(400);
    }
    expect(await devicesOf(licence.order.id)).toHaveLength(1);
    expect((await register(newKey)).statusCode).toBe(200);

    const [mail] = await licenceMailsTo(t.db, email);
    expect(mail?.body_text.replace(/\s+/g, ' ')).toContain('were replaced');
    expect(mail?.attachments[0]?.content).toBe(newKey);
  });

  it('removes the registered computers at once when asked', async () => {
    const licence = await giveLicence(t, { email: uniqueEmail('leak') });
    expect((await register(licence.order.serial_2048)).statusCode).toBe(200);
    expect((await replaceAsAdmin(licence.order.id, { removeDevices: true })).statusCode).toBe(200);
    expect(await devicesOf(licence.order.id)).toHaveLength(0);
  });

  it('is refused to anyone but the administrator, and for an unknown licence', async () => {
    const owner = await customerWithLicence(t);
    const asCustomer = await t.request({ method: 'POST', url: `/api/order/${owner.order.id}/replacekeys`, token: owner.token, body: {} });
    expect(asCustomer.statusCode).toBe(403);
    expect((await replaceAsAdmin(99_999_999)).statusCode).toBe(404);
  });
});

describe('a leaked key replaced by its owner', () => {
  it("replaces the owner's keys, and nobody else's", async () => {
    const owner = await customerWithLicence(t);
    const oldKey = owner.order.serial_2048;
    const url = `/api/userinfo/orders/${owner.order.id}/replacekeys`;
    const stranger = await t.registerCustomer();
    expect((await t.request({ method: 'POST', url, token: stranger.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url })).statusCode).toBe(401);
    expect((await register(oldKey)).statusCode).toBe(200);

    expect((await t.request({ method: 'POST', url, token: owner.token })).statusCode).toBe(200);
    expect((await register(oldKey)).statusCode).toBe(400);
    const products = (await t.request({ method: 'GET', url: '/api/userinfo/products', token: owner.token })).json() as {
      serial2048: string;
    }[];
    expect((await register(products[0]!.serial2048)).statusCode).toBe(200);
  });
});
