import { randomBytes } from 'node:crypto';
import { SERIAL_MAX_LENGTH, SERIALS_MAX_BYTES, serialsByteLength } from '@store/contracts/product';
import { describe, expect, it } from 'vitest';
import { keyBits, validateKeyPair } from '../../licensing/rsa-key.js';
import { createTestApp } from '../../../test/test-app.js';

const t = await createTestApp();
type Product = {
  id: number;
  name: string;
  path: string;
  publicKey: string;
  publickey: string;
  privateKey: string;
  privatekey: string;
  publicKey2048: string;
  privateKey2048: string;
  useRsa2048: boolean;
};
type Keys = { publicKey: string; privateKey: string; publicKey2048: string; privateKey2048: string };

const uniqueName = () => `Plug ${randomBytes(4).toString('hex')}`;
const generateKeys = async (): Promise<Keys> => {
  const response = await t.request({
    method: 'POST',
    url: '/api/product/generatekeys/',
    token: await t.adminToken(),
    body: { useRsa2048: true },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Keys;
};
const saveProduct = async (body: Record<string, unknown>) =>
  t.request({
    method: 'POST',
    url: '/api/product/',
    token: await t.adminToken(),
    body: { description: 'A plug-in', price: '49', ...body },
  });
const countNamed = async (name: string) =>
  (await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM product WHERE name = $1', [name])).rows[0]!.count;

describe('key generation', () => {
  it('answers a 1024-bit and a 2048-bit pair that validate, without saving or auditing anything', async () => {
    const count = async () =>
      (await t.db.query('SELECT (SELECT count(*) FROM product)::int AS products, (SELECT count(*) FROM audit_log)::int AS records'))
        .rows[0];
    const before = await count();
    const keys = await generateKeys();
    expect(validateKeyPair(keys.publicKey, keys.privateKey)).toBeNull();
    expect(validateKeyPair(keys.publicKey2048, keys.privateKey2048)).toBeNull();
    expect([keyBits(keys.publicKey), keyBits(keys.publicKey2048)]).toEqual([1024, 2048]);
    // The keys are the editor's until the product is saved; that save is audited, with the new public keys.
    expect(await count()).toEqual(before);
  });
});

describe('product editor', () => {
  it('answers the admin view with key material in both spellings', async () => {
    const { rows } = await t.db.query<{ id: number }>(`SELECT id FROM product WHERE name = 'Spacey'`);
    const response = await t.request({ method: 'GET', url: `/api/product/${rows[0]!.id}`, token: await t.adminToken() });
    const product = response.json() as Product;
    expect(product).toMatchObject({ name: 'Spacey', useRsa2048: true });
    expect(product.publickey).toBe(product.publicKey);
    expect(product.privatekey).toBe(product.privateKey);
    expect(validateKeyPair(product.publicKey, product.privateKey)).toBeNull();
    expect(validateKeyPair(product.publicKey2048, product.privateKey2048)).toBeNull();
  });

  it('answers the new product defaults for id 0, with the path its name suggests', async () => {
    const response = await t.request({ method: 'GET', url: '/api/product/0', token: await t.adminToken() });
    expect(response.json()).toMatchObject({
      id: 0,
      name: 'New Name',
      path: 'new-name',
      description: 'New Description',
      price: '0',
      publicKey: '',
    });
  });

  it('creates a product with generated keys and seals the private keys at rest', async () => {
    const keys = await generateKeys();
    const name = uniqueName();
    const response = await saveProduct({ id: 0, name, ...keys, useRsa2048: true });
    expect(response.statusCode, response.body).toBe(200);
    const product = response.json() as Product;
    expect(product).toMatchObject({ name, publicKey: keys.publicKey, privateKey: keys.privateKey, privateKey2048: keys.privateKey2048 });
    const { rows } = await t.db.query('SELECT private_key_sealed, private_key_2048_sealed FROM product WHERE id = $1', [product.id]);
    expect(rows[0].private_key_sealed).toMatch(/^v1:/);
    expect(JSON.stringify(rows[0])).not.toContain(keys.privateKey.split(',')[0]);
    const audit = await t.db.query(`SELECT before, after FROM audit_log WHERE entity = 'product' AND entity_id = $1`, [String(product.id)]);
    expect(JSON.stringify(audit.rows)).not.toContain(keys.privateKey.split(',')[0]);
  });

  it('accepts the lower-case key spellings and keeps stored keys when the fields are left out', async () => {
    const keys = await generateKeys();
    const name = uniqueName();
    const created = (await saveProduct({ id: 0, name, publickey: keys.publicKey, privatekey: keys.privateKey })).json() as Product;
    expect(created.publicKey).toBe(keys.publicKey);
    const renamed = await saveProduct({ id: created.id, name: `${name} 2`, description: 'Renamed' });
    expect(renamed.json()).toMatchObject({ name: `${name} 2`, publicKey: keys.publicKey, privateKey: keys.privateKey });
  });

  it('refuses a mismatched key pair with a clear message and saves nothing', async () => {
    const [first, second] = [await generateKeys(), await generateKeys()];
    const name = uniqueName();
    const refused = await saveProduct({ id: 0, name, publicKey: first.publicKey, privateKey: second.privateKey });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toBe('Key pair: The public and private keys do not belong together.');
    expect(await countNamed(name)).toBe(0);

    const created = (await saveProduct({ id: 0, name, ...first, useRsa2048: true })).json() as Product;
    const badUpdate = await saveProduct({
      id: created.id,
      name: 'Changed',
      publicKey2048: second.publicKey2048,
      privateKey2048: first.privateKey2048,
      useRsa2048: true,
    });
    expect(badUpdate.statusCode).toBe(400);
    expect(badUpdate.body).toBe('RSA 2048 key pair: The public and private keys do not belong together.');
    expect(await countNamed(name)).toBe(1);
    const stored = (await t.request({ method: 'GET', url: `/api/product/${created.id}`, token: await t.adminToken() })).json();
    expect(stored.publicKey2048).toBe(first.publicKey2048);
  });

  it('refuses half a pair, malformed keys, and "use RSA 2048" without a 2048-bit pair', async () => {
    const keys = await generateKeys();
    const half = await saveProduct({ id: 0, name: uniqueName(), publicKey: keys.publicKey });
    expect(half.body).toBe('Key pair: paste both the public and the private key, or neither.');
    const malformed = await saveProduct({ id: 0, name: uniqueName(), publicKey: 'xyz', privateKey: keys.privateKey });
    expect(malformed.statusCode).toBe(400);
    const without2048 = await saveProduct({
      id: 0,
      name: uniqueName(),
      publicKey: keys.publicKey,
      privateKey: keys.privateKey,
      useRsa2048: true,
    });
    expect(without2048.statusCode).toBe(400);
    const small2048 = await saveProduct({
      id: 0,
      name: uniqueName(),
      publicKey2048: keys.publicKey,
      privateKey2048: keys.privateKey,
      useRsa2048: true,
    });
    expect(small2048.body).toBe('RSA 2048 key pair: the key must be at least 2048 bits long.');
  });

  it('refuses a duplicate name, a missing name or description and an invalid price', async () => {
    const duplicate = await saveProduct({ id: 0, name: 'spacey' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.body).toBe('A product named spacey already exists.');
    expect((await saveProduct({ id: 0, name: '' })).body).toBe('name: Name is required');
    expect((await saveProduct({ id: 0, name: uniqueName(), description: '' })).statusCode).toBe(400);
    expect((await saveProduct({ id: 0, name: uniqueName(), price: 'ten' })).body).toBe('price: Please enter a valid price');
  });

  it('records a changed public key in the audit', async () => {
    const [first, second] = [await generateKeys(), await generateKeys()];
    const created = (
      await saveProduct({ id: 0, name: uniqueName(), publicKey: first.publicKey, privateKey: first.privateKey })
    ).json() as Product;
    await saveProduct({ id: created.id, name: created.name, publicKey: second.publicKey, privateKey: second.privateKey });
    const { rows } = await t.db.query(
      `SELECT before, after FROM audit_log WHERE entity = 'product' AND action = 'update' AND entity_id = $1`,
      [String(created.id)],
    );
    expect(rows[0].after).toMatchObject({ isPublicKeyChanged: true, publicKey: second.publicKey });
    expect(rows[0].before).toMatchObject({ publicKey: first.publicKey });
  });
});

describe('FastSpring path (decision 026)', () => {
  const hex = () => randomBytes(3).toString('hex');
  const auditOf = async (id: number) =>
    (await t.db.query(`SELECT action, before, after FROM audit_log WHERE entity = 'product' AND entity_id = $1 ORDER BY id`, [String(id)]))
      .rows;

  it("derives a new product's path from its name, keeps it when an update leaves it out, and saves the one set", async () => {
    const suffix = hex();
    const created = await saveProduct({ id: 0, name: `Space Echo ${suffix}` });
    expect(created.statusCode, created.body).toBe(200);
    const product = created.json() as Product;
    expect(product.path).toBe(`space-echo-${suffix}`);

    const renamed = (await saveProduct({ id: product.id, name: `Tape Echo ${suffix}` })).json() as Product;
    expect(renamed).toMatchObject({ name: `Tape Echo ${suffix}`, path: `space-echo-${suffix}` });
    const moved = await saveProduct({ id: product.id, name: renamed.name, path: `tape-echo-${suffix}` });
    expect(moved.json()).toMatchObject({ path: `tape-echo-${suffix}` });
    const stored = await t.request({ method: 'GET', url: `/api/product/${product.id}`, token: await t.adminToken() });
    expect((stored.json() as Product).path).toBe(`tape-echo-${suffix}`);

    const audit = await auditOf(product.id);
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'update', 'update']);
    expect(audit[0].after).toMatchObject({ path: `space-echo-${suffix}` });
    expect(audit[2].before).toMatchObject({ path: `space-echo-${suffix}` });
    expect(audit[2].after).toMatchObject({ path: `tape-echo-${suffix}` });
  });

  it('gives a derived path that is too short, reserved or taken the product id', async () => {
    const short = (await saveProduct({ id: 0, name: 'EQ' })).json() as Product;
    expect(short.path).toBe(`eq-${short.id}`);
    const symbols = (await saveProduct({ id: 0, name: '★★' })).json() as Product;
    expect(symbols.path).toBe(`product-${symbols.id}`);
    const reserved = (await saveProduct({ id: 0, name: 'LicenseTransfer' })).json() as Product;
    expect(reserved.path).toBe(`licensetransfer-${reserved.id}`);
    const taken = (await saveProduct({ id: 0, name: 'Spacey!' })).json() as Product;
    expect(taken.path).toBe(`spacey-${taken.id}`);
  });

  it('refuses a path another product has with 409 naming that product, and saves nothing', async () => {
    const name = uniqueName();
    const taken = await saveProduct({ id: 0, name, path: 'spacey' });
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toBe('FastSpring path: spacey is already the path of Spacey.');
    expect(await countNamed(name)).toBe(0);

    const own = (await saveProduct({ id: 0, name, path: `own-${hex()}` })).json() as Product;
    const clash = await saveProduct({ id: own.id, name, path: 'punch' });
    expect(clash.statusCode).toBe(409);
    expect(clash.body).toBe('FastSpring path: punch is already the path of Punch.');
    // Saving a product under its own path is no clash.
    expect((await saveProduct({ id: own.id, name, path: own.path })).statusCode).toBe(200);
  });

  it("refuses a path that is not a FastSpring product path, or the licence transfer's", async () => {
    const message = 'path: FastSpring path: lower-case letters, digits and dashes, at least 3 characters';
    for (const path of ['Space-Echo', 'space echo', 'se', 'space_echo', 'x'.repeat(256), '']) {
      const refused = await saveProduct({ id: 0, name: uniqueName(), path });
      expect(refused.statusCode, path).toBe(400);
      expect(refused.body, path).toBe(message);
    }
    const reserved = await saveProduct({ id: 0, name: uniqueName(), path: 'licensetransfer' });
    expect(reserved.body).toBe('path: FastSpring path: licensetransfer is reserved for the licence transfer');
    // The database holds the same rule for any writer.
    await expect(t.db.query(`UPDATE product SET path = 'licensetransfer' WHERE name = 'Spacey'`)).rejects.toThrow(/product_path_valid/);
    await expect(t.db.query(`UPDATE product SET path = 'Spacey' WHERE name = 'Spacey'`)).rejects.toThrow(/product_path_valid/);
  });
});

describe('product deletion', () => {
  it('deletes an unused product with its serial pool', async () => {
    const created = (await saveProduct({ id: 0, name: uniqueName() })).json() as Product;
    await t.db.query(`INSERT INTO product_serial (product_id, serial, position) VALUES ($1, 'S-1', 1)`, [created.id]);
    const deleted = await t.request({ method: 'DELETE', url: `/api/product/${created.id}`, token: await t.adminToken() });
    expect(deleted.statusCode).toBe(200);
    expect(await countNamed(created.name)).toBe(0);
    expect((await t.request({ method: 'DELETE', url: `/api/product/${created.id}`, token: await t.adminToken() })).statusCode).toBe(404);
  });

  it('refuses to delete a product with licences or activation codes', async () => {
    const created = (await saveProduct({ id: 0, name: uniqueName() })).json() as Product;
    const { rows } = await t.db.query<{ id: number }>(`INSERT INTO person (email) VALUES ($1) RETURNING id`, [
      `${randomBytes(4).toString('hex')}@example.com`,
    ]);
    await t.db.query(`INSERT INTO orders (product_id, person_id, source) VALUES ($1, $2, 'admin')`, [created.id, rows[0]!.id]);
    await t.db.query(
      `INSERT INTO unassigned_order (product_id, activation_key, distributor_name, batch_number) VALUES ($1, gen_random_uuid(), 'D', 1), ($1, gen_random_uuid(), 'D', 1)`,
      [created.id],
    );
    const refused = await t.request({ method: 'DELETE', url: `/api/product/${created.id}`, token: await t.adminToken() });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toBe(`${created.name} has 1 licence and 2 activation codes and cannot be deleted.`);
    expect(await countNamed(created.name)).toBe(1);
  });
});

describe('serial pool', () => {
  it('replaces the unused lines, keeps handed-out ones once, and ignores blank and repeated lines', async () => {
    const token = await t.adminToken();
    const product = (await saveProduct({ id: 0, name: uniqueName() })).json() as Product;
    const saved = await t.request({
      method: 'POST',
      url: '/api/productserial/',
      token,
      body: { id: product.id, serials: 'A-1\r\nB-2\n\n  B-2 \nC-3\n' },
    });
    expect(saved.json()).toEqual({ id: product.id, serials: 'A-1\nB-2\nC-3' });

    const { rows } = await t.db.query<{ id: number }>(`INSERT INTO person (email) VALUES ($1) RETURNING id`, [
      `${randomBytes(4).toString('hex')}@example.com`,
    ]);
    const order = await t.request({
      method: 'POST',
      url: '/api/order/',
      token,
      body: { id: 0, productId: product.id, personId: rows[0]!.id, serial: '' },
    });
    expect(order.json().serial).toBe('A-1');

    await t.request({ method: 'POST', url: '/api/productserial/', token, body: { id: product.id, serials: 'X-1\nA-1\nY-2' } });
    const read = await t.request({ method: 'GET', url: `/api/productserial/${product.id}`, token });
    expect(read.json()).toEqual({ id: product.id, serials: 'X-1\nA-1\nY-2' });
    await t.request({ method: 'POST', url: '/api/productserial/', token, body: { id: product.id, serials: 'Z-9' } });
    expect((await t.request({ method: 'GET', url: `/api/productserial/${product.id}`, token })).json().serials).toBe('A-1\nZ-9');
    const { rows: pool } = await t.db.query(
      `SELECT serial, order_id IS NOT NULL AS used FROM product_serial WHERE product_id = $1 ORDER BY serial`,
      [product.id],
    );
    expect(pool).toEqual([
      { serial: 'A-1', used: true },
      { serial: 'Z-9', used: false },
    ]);

    const next = await t.request({
      method: 'POST',
      url: '/api/order/',
      token,
      body: { id: 0, productId: product.id, personId: rows[0]!.id },
    });
    expect(next.json().serial).toBe('Z-9');
    const audit = await t.db.query(`SELECT count(*)::int AS count FROM audit_log WHERE entity = 'product-serials' AND entity_id = $1`, [
      String(product.id),
    ]);
    expect(audit.rows[0].count).toBe(3);
  });

  it('saves the largest list one body carries, refuses a larger one with the reason (not 413), and a line over 500 characters', async () => {
    const token = await t.adminToken();
    const product = (await saveProduct({ id: 0, name: uniqueName() })).json() as Product;
    const saveSerials = (serials: string) =>
      t.request({ method: 'POST', url: '/api/productserial/', token, body: { id: product.id, serials } });
    // 36-character serials: 38 bytes each as JSON (the line break escaped), quotes included.
    const listOf = (count: number) => Array.from({ length: count }, (_, index) => `SERIAL-${String(index).padStart(29, '0')}`).join('\n');
    const largest = Math.floor(SERIALS_MAX_BYTES / 38);
    expect(serialsByteLength(listOf(largest))).toBeLessThanOrEqual(SERIALS_MAX_BYTES);

    // Status first, so a failure does not print 2 MB of serials.
    expect((await saveSerials(listOf(largest))).statusCode).toBe(200);
    const tooLarge = await saveSerials(listOf(largest + 1));
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.body).toBe('serials: The serial list is too large: a save sends at most 2 MB (about 55,000 serials)');
    const tooLong = await saveSerials(`A-1\n ${'x'.repeat(SERIAL_MAX_LENGTH + 1)} `);
    expect([tooLong.statusCode, tooLong.body]).toEqual([400, 'serials: A serial is at most 500 characters long']);
    expect((await saveSerials(`A-1\n ${'x'.repeat(SERIAL_MAX_LENGTH)} `)).statusCode).toBe(200);
  });

  it('answers an empty pool for a new product and 404 for an unknown one', async () => {
    const token = await t.adminToken();
    expect((await t.request({ method: 'GET', url: '/api/productserial/0', token })).json()).toEqual({ id: 0, serials: '' });
    expect((await t.request({ method: 'GET', url: '/api/productserial/99999999', token })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: '/api/productserial/', token, body: { id: 99999999, serials: 'A' } })).statusCode).toBe(
      404,
    );
  });
});
