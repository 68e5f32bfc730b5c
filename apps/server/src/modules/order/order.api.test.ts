import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { listRecentMail } from '../../mail/outbox.js';
import { decryptKeyFile } from '../../licensing/juce-key-file.js';
import { createTestApp, uniqueEmail, waitUntilBlockedBy } from '../../../test/test-app.js';

const t = await createTestApp();
type Order = {
  id: number;
  productId: number;
  personId: number;
  serial: string;
  serialNew: string;
  serial2048: string;
  productName?: string;
  state?: string;
};
type Person = { id: number; email: string; name: string; country: string };
type Product = { id: number; name: string; publicKey: string; publicKey2048: string };

const admin = async (method: string, url: string, body?: unknown) => t.request({ method, url, token: await t.adminToken(), body });

/** A product with its own keys (copied from Spacey) and a fresh serial pool, and a new person. */
async function setUp(): Promise<{ product: Product; person: Person }> {
  const spacey = (await t.db.query<{ id: number }>(`SELECT id FROM product WHERE name = 'Spacey'`)).rows[0]!;
  const source = (await admin('GET', `/api/product/${spacey.id}`)).json() as Product & Record<string, unknown>;
  const name = `Synth ${randomBytes(3).toString('hex')}`;
  // Spacey's path stays Spacey's: the copy gets the one its name suggests.
  const product = (
    await admin('POST', '/api/product/', { ...source, id: 0, name, path: undefined, description: 'Synth' })
  ).json() as Product;
  await admin('POST', '/api/productserial/', { id: product.id, serials: 'SER-1\nSER-2\nSER-3' });
  const person = (
    await admin('POST', '/api/person/', { id: 0, email: uniqueEmail('buyer'), name: 'Bea Buyer', country: 'CH' })
  ).json() as Person;
  return { product, person };
}

const newOrder = async (product: Product, person: Person) => {
  const response = await admin('POST', '/api/order/', {
    id: 0,
    productId: product.id,
    personId: person.id,
    serial: '',
    creationDate: '0001-01-01T00:00:00',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Order;
};

const addDevice = async (orderId: number, deviceId = randomBytes(16).toString('hex')) => {
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO order_device (order_id, slot, device_id_hash, device_name, device_id_hash_encrypted) VALUES ($1, 1, $2, 'Studio Mac', 'old') RETURNING id`,
    [orderId, deviceId],
  );
  return rows[0]!.id;
};

describe('new order', () => {
  it('takes a serial from the pool and issues key files for the owner', async () => {
    const { product, person } = await setUp();
    const order = await newOrder(product, person);
    expect(order).toMatchObject({
      productId: product.id,
      personId: person.id,
      serial: 'SER-1',
      productName: product.name,
      state: 'active',
    });
    expect(decryptKeyFile(order.serialNew, product.publicKey)).toMatchObject({ user: 'Bea Buyer', email: person.email, app: product.name });
    expect(decryptKeyFile(order.serial2048, product.publicKey2048)).toMatchObject({ user: 'Bea Buyer' });
    expect((await newOrder(product, person)).serial).toBe('SER-2');

    const listed = (await admin('GET', `/api/order/byPerson/${person.id}`)).json() as Order[];
    expect(listed.map((each) => [each.serial, each.productName, each.state])).toEqual([
      ['SER-1', product.name, 'active'],
      ['SER-2', product.name, 'active'],
    ]);
    const { rows } = await t.db.query(`SELECT source FROM orders WHERE id = $1`, [order.id]);
    expect(rows[0].source).toBe('admin');
    const audit = await t.db.query(`SELECT after FROM audit_log WHERE entity = 'order' AND action = 'create' AND entity_id = $1`, [
      String(order.id),
    ]);
    expect(audit.rows[0].after).toMatchObject({ productId: product.id, personId: person.id, serial: 'SER-1' });
  });

  it('refuses an unknown product or person, and lists of an unknown person or licence with 404', async () => {
    const { product, person } = await setUp();
    expect((await admin('POST', '/api/order/', { id: 0, productId: 99999999, personId: person.id })).statusCode).toBe(404);
    expect((await admin('POST', '/api/order/', { id: 0, productId: product.id, personId: 99999999 })).statusCode).toBe(404);
    expect((await admin('GET', '/api/order/byPerson/0')).json()).toEqual([]); // the new person's editor
    const unknownPerson = await admin('GET', '/api/order/byPerson/99999999');
    expect(unknownPerson.statusCode).toBe(404);
    expect(unknownPerson.body).toBe('Person not found');
    const unknownLicence = await admin('GET', '/api/orderDevice/byOrder/99999999');
    expect(unknownLicence.statusCode).toBe(404);
    expect(unknownLicence.body).toBe('Licence not found');
    expect((await admin('GET', `/api/order/byPerson/${person.id}`)).json()).toEqual([]); // a person without licences
  });
});

describe('refresh keys', () => {
  it("re-issues the key files of the person's active licences and computers with the saved name", async () => {
    const { product, person } = await setUp();
    const order = await newOrder(product, person);
    const deviceId = 'd'.repeat(32);
    await addDevice(order.id, deviceId);
    await admin('POST', '/api/person/', { ...person, name: 'Bea Renamed' });

    const response = await admin('POST', '/api/order/refreshkeys/', { ...person, name: 'Unsaved Edit' });
    expect(response.statusCode, response.body).toBe(200);
    const [refreshed] = response.json() as Order[];
    expect(refreshed).toMatchObject({ id: order.id, serial: 'SER-1' });
    expect(decryptKeyFile(refreshed!.serialNew, product.publicKey)?.user).toBe('Bea Renamed');
    expect(decryptKeyFile(refreshed!.serial2048, product.publicKey2048)?.user).toBe('Bea Renamed');

    const [device] = (await admin('GET', `/api/orderDevice/byOrder/${order.id}`)).json() as { deviceIdHashEncrypted: string }[];
    expect(decryptKeyFile(device!.deviceIdHashEncrypted, product.publicKey2048)).toMatchObject({ user: 'Bea Renamed', mach: deviceId });
    const audit = await t.db.query(`SELECT after FROM audit_log WHERE action = 'refresh-keys' AND entity_id = $1`, [String(person.id)]);
    expect(audit.rows[0].after).toMatchObject({ name: 'Bea Renamed', orderIds: [order.id] });
  });
});

describe('devices and deletion', () => {
  it('lists and deletes a computer of a licence', async () => {
    const { product, person } = await setUp();
    const order = await newOrder(product, person);
    const deviceId = await addDevice(order.id);
    const devices = (await admin('GET', `/api/orderDevice/byOrder/${order.id}`)).json();
    expect(devices).toEqual([expect.objectContaining({ id: deviceId, deviceName: 'Studio Mac', deviceIdHashEncrypted: 'old' })]);
    expect((await admin('DELETE', `/api/orderdevice/${deviceId}`)).statusCode).toBe(200);
    expect((await admin('GET', `/api/orderDevice/byOrder/${order.id}`)).json()).toEqual([]);
    expect((await admin('DELETE', `/api/orderdevice/${deviceId}`)).statusCode).toBe(404);
  });

  it('deletes a licence and retires its serial, so it is never handed out again', async () => {
    const { product, person } = await setUp();
    const order = await newOrder(product, person);
    await addDevice(order.id);
    expect((await admin('DELETE', `/api/order/${order.id}`)).statusCode).toBe(200);
    expect((await admin('GET', `/api/order/byPerson/${person.id}`)).json()).toEqual([]);
    // The retired line stays in the pool's list; saving that list again, or the original one, keeps it retired.
    expect((await admin('GET', `/api/productserial/${product.id}`)).json().serials).toBe('SER-1\nSER-2\nSER-3');
    const saved = await admin('POST', '/api/productserial/', { id: product.id, serials: 'SER-1\nSER-2\nSER-3' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await newOrder(product, person)).serial).toBe('SER-2');
    expect((await admin('DELETE', `/api/order/${order.id}`)).statusCode).toBe(404);
    const audit = await t.db.query(`SELECT before FROM audit_log WHERE entity = 'order' AND action = 'delete' AND entity_id = $1`, [
      String(order.id),
    ]);
    expect(audit.rows[0].before).toMatchObject({ serial: 'SER-1', personId: person.id });
  });
});

describe('serial pool', () => {
  it('waits for a serial list being saved instead of issuing a licence without a serial', async () => {
    const { product, person } = await setUp();
    // The administrator's save, caught in the middle: old unused lines deleted, new ones not yet committed. The
    // order's insert waits on the product's row lock (its foreign key), then finds the new list.
    const saver = await t.db.connect();
    try {
      await saver.query('BEGIN');
      await saver.query('SELECT 1 FROM product WHERE id = $1 FOR UPDATE', [product.id]);
      await saver.query('DELETE FROM product_serial WHERE product_id = $1 AND order_id IS NULL', [product.id]);
      await saver.query(`INSERT INTO product_serial (product_id, serial, position) VALUES ($1, 'NEW-1', 1)`, [product.id]);
      const ordering = newOrder(product, person);
      await waitUntilBlockedBy(t.db, saver);
      await saver.query('COMMIT');
      expect((await ordering).serial).toBe('NEW-1');
    } finally {
      saver.release();
    }
  });
});

describe('admin transfer', () => {
  it('moves the licences to the new owner (created if needed), clears devices and re-issues keys', async () => {
    const { product, person } = await setUp();
    const first = await newOrder(product, person);
    const second = await newOrder(product, person);
    await addDevice(first.id);
    await t.db.query(`UPDATE orders SET license_activation_date = now() - interval '90 days' WHERE person_id = $1`, [person.id]);
    const newOwnerEmail = uniqueEmail('newowner');

    const response = await admin('POST', '/api/order/transfer', { id: [first.id, second.id], newOwnerEmail, newOwnerName: 'Nora New' });
    expect(response.statusCode, response.body).toBe(200);
    const moved = response.json() as Order[];
    expect(moved.map((order) => order.id)).toEqual([first.id, second.id]);

    const newOwner = (await admin('GET', `/api/person/byEmail/${encodeURIComponent(newOwnerEmail)}`)).json() as Person;
    expect(newOwner.name).toBe('Nora New');
    const owned = (await admin('GET', `/api/order/byPerson/${newOwner.id}`)).json() as Order[];
    // New serials from the pool (SER-3, then none: the three-line pool ran out, which the support address hears);
    // the sellers' SER-1 and SER-2 are retired.
    expect(owned.map((order) => order.serial)).toEqual(['SER-3', '']);
    const [poolAlert] = await listRecentMail(t.db, 1, t.config.SUPPORT_EMAIL);
    expect(poolAlert!.body_text).toContain(String(second.id));
    expect(decryptKeyFile(owned[0]!.serialNew, product.publicKey)).toMatchObject({ user: 'Nora New', email: newOwnerEmail });
    expect((await admin('GET', `/api/order/byPerson/${person.id}`)).json()).toEqual([]);
    expect((await admin('GET', `/api/orderDevice/byOrder/${first.id}`)).json()).toEqual([]);
    const { rows } = await t.db.query(
      `SELECT license_activation_date > now() - interval '1 minute' AS is_recent FROM orders WHERE id = $1`,
      [first.id],
    );
    expect(rows[0].is_recent).toBe(true);
    const audit = await t.db.query(
      `SELECT entity_id, before, after FROM audit_log WHERE action = 'transfer' AND entity_id = ANY($1) ORDER BY id`,
      [[String(first.id), String(second.id)]],
    );
    expect(audit.rows).toEqual([
      { entity_id: String(first.id), before: { personId: person.id }, after: { personId: newOwner.id, email: newOwnerEmail } },
      { entity_id: String(second.id), before: { personId: person.id }, after: { personId: newOwner.id, email: newOwnerEmail } },
    ]);
  });

  it('accepts a single id and refuses an unknown licence, changing nothing', async () => {
    const { product, person } = await setUp();
    const order = await newOrder(product, person);
    const refused = await admin('POST', '/api/order/transfer', {
      id: [order.id, 99999999],
      newOwnerEmail: uniqueEmail(),
      newOwnerName: 'X',
    });
    expect(refused.statusCode).toBe(404);
    expect(((await admin('GET', `/api/order/byPerson/${person.id}`)).json() as Order[]).map((each) => each.id)).toEqual([order.id]);
    const single = await admin('POST', '/api/order/transfer', { id: order.id, newOwnerEmail: uniqueEmail(), newOwnerName: 'Solo Owner' });
    expect(single.statusCode, single.body).toBe(200);
    expect((await admin('POST', '/api/order/transfer', { id: order.id, newOwnerEmail: '', newOwnerName: 'X' })).statusCode).toBe(400);
  });
});
