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

describe("the owner's replacements and the vendor's serial pool (outside test 2026-11-29, finding A1; decision 112)", () => {
  it('allows the owner three replacements of a licence in 30 days, then asks them to go through support', async () => {
    // A product with a pool of six serials (the administrator's serial list).
    const spacey = (await t.db.query<{ id: number }>(`SELECT id FROM product WHERE name = 'Spacey'`)).rows[0]!;
    const admin = await t.adminToken();
    const source = (await t.request({ method: 'GET', url: `/api/product/${spacey.id}`, token: admin })).json<Record<string, unknown>>();
    const name = `Pool ${randomDeviceId().slice(0, 6)}`;
    const product = (
      await t.request({
        method: 'POST',
        url: '/api/product/',
        token: admin,
        body: { ...source, id: 0, name, path: undefined, description: 'Pool' },
      })
    ).json<{ id: number }>();
    const serials = 'S-1\nS-2\nS-3\nS-4\nS-5\nS-6';
    expect(
      (await t.request({ method: 'POST', url: '/api/productserial/', token: admin, body: { id: product.id, serials } })).statusCode,
    ).toBe(200);
    const customer = await t.registerCustomer();
    const licence = await giveLicence(t, { email: customer.email, productName: name });
    const url = `/api/userinfo/orders/${licence.order.id}/replacekeys`;

    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await t.request({ method: 'POST', url, token: customer.token })).statusCode);
    expect(answers).toEqual([200, 200, 200]);
    const serialBefore = (await t.db.query<{ serial: string }>('SELECT serial FROM orders WHERE id = $1', [licence.order.id])).rows[0]!
      .serial;
    const refused = await t.request({ method: 'POST', url, token: customer.token });
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toBe("This licence's keys were replaced 3 times in the last 30 days. Please ask support to replace them again.");
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(29 * 86_400);
    // The refusal changed nothing: the same serial, and the next buyer still gets one of the pool.
    expect((await t.db.query<{ serial: string }>('SELECT serial FROM orders WHERE id = $1', [licence.order.id])).rows[0]!.serial).toBe(
      serialBefore,
    );
    const nextBuyer = await giveLicence(t, { email: uniqueEmail('next-buyer'), productName: name });
    expect(nextBuyer.order.serial).toMatch(/^S-\d$/);
    // Support can still replace them.
    expect((await replaceAsAdmin(licence.order.id)).statusCode).toBe(200);
  });
});
