import { randomBytes } from 'node:crypto';
import type { SearchResponse } from '@store/contracts/search';
import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail } from '../../../test/test-app.js';
import { giveLicence, randomDeviceId } from '../licence/licence.test-factory.js';

const t = await createTestApp();
const search = async (q: string) => {
  const response = await t.request({ method: 'GET', url: `/api/admin/search?${new URLSearchParams({ q })}`, token: await t.adminToken() });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SearchResponse;
};

/** A customer with a licence that has a serial, key files, a computer, a provider reference and a redeemed code. */
async function setUp() {
  const tag = randomBytes(4).toString('hex');
  const email = uniqueEmail(`find${tag}`);
  const licence = await giveLicence(t, { email, productName: 'Punch', name: `Fiona Finder${tag}`, serial: `SER-${tag}` });
  const deviceId = randomDeviceId();
  await t.db.query(
    `INSERT INTO order_device (order_id, slot, device_id_hash, device_name, device_id_hash_encrypted) VALUES ($1, 1, $2, 'Mac', 'k')`,
    [licence.order.id, deviceId],
  );
  await t.db.query(`UPDATE orders SET provider_reference = $2, provider_order_id = $3 WHERE id = $1`, [
    licence.order.id,
    `REF${tag}-X`,
    `fsorder-${tag}`,
  ]);
  const { rows } = await t.db.query<{ key: string }>(
    `INSERT INTO unassigned_order (product_id, activation_key, distributor_name, batch_number, redeemed_at, redeemed_order_id)
     VALUES ($1, gen_random_uuid(), 'D', nextval('activation_batch_number'), now(), $2) RETURNING activation_key::text AS key`,
    [licence.product.id, licence.order.id],
  );
  return { tag, email, licence, deviceId, activationKey: rows[0]!.key };
}

describe('admin search', () => {
  it('finds the person and the licence from any identifying text in one step', async () => {
    const { tag, email, licence, deviceId, activationKey } = await setUp();
    const licenceHit = { personId: licence.personId, personEmail: email, orderId: licence.order.id, productName: 'Punch' };
    expect((await search(`SER-${tag}`)).hits).toEqual([expect.objectContaining({ match: 'serial', ...licenceHit })]);
    expect((await search(licence.order.serial_new)).hits).toEqual([expect.objectContaining({ match: 'key', ...licenceHit })]);
    // Pasted from a mail with other line breaks.
    expect((await search(licence.order.serial_new.replace(/\s+/g, '\r\n'))).hits).toEqual([
      expect.objectContaining({ match: 'key', ...licenceHit }),
    ]);
    expect((await search(deviceId.toLowerCase())).hits).toEqual([expect.objectContaining({ match: 'device', ...licenceHit })]);
    expect((await search(`ref${tag}`)).hits).toEqual([expect.objectContaining({ match: 'provider reference', ...licenceHit })]);
    expect((await search(`FSORDER-${tag}`)).hits).toEqual([expect.objectContaining({ match: 'provider reference', ...licenceHit })]);
    expect((await search(activationKey.toUpperCase())).hits).toEqual([
      expect.objectContaining({ match: 'activation code', ...licenceHit }),
    ]);
  });

  it('finds persons by email (exactly or in part) and by name', async () => {
    const { tag, email, licence } = await setUp();
    expect((await search(email.toUpperCase())).hits).toEqual([
      {
        match: 'email',
        personId: licence.personId,
        personEmail: email,
        personName: `Fiona Finder${tag}`,
        orderId: null,
        productName: null,
        batchNumber: null,
      },
    ]);
    expect((await search(`finder${tag}`)).hits).toEqual([expect.objectContaining({ match: 'name', personId: licence.personId })]);
    expect((await search(`find${tag}`)).hits).toEqual([expect.objectContaining({ match: 'email', personId: licence.personId })]);
    expect((await search(`nobody-${tag}`)).hits).toEqual([]);
  });

  it('shows an unredeemed activation code with its batch and no person', async () => {
    const { rows } = await t.db.query<{ key: string; batch_number: number }>(
      `INSERT INTO unassigned_order (product_id, activation_key, distributor_name, batch_number)
       SELECT id, gen_random_uuid(), 'D', nextval('activation_batch_number') FROM product WHERE name = 'Punch'
       RETURNING activation_key::text AS key, batch_number`,
    );
    expect((await search(rows[0]!.key)).hits).toEqual([
      {
        match: 'activation code',
        personId: 0,
        personEmail: '',
        personName: '',
        orderId: null,
        productName: 'Punch',
        batchNumber: rows[0]!.batch_number,
      },
    ]);
  });

  it('says when there were more hits than it shows, treats LIKE characters literally, and refuses a single character', async () => {
    const tag = randomBytes(4).toString('hex');
    await t.db.query(
      `INSERT INTO person (email, name) SELECT 'many' || g || '-${tag}@example.com', 'Many' FROM generate_series(1, 25) AS g`,
    );
    const many = await search(`-${tag}@`);
    expect(many.hits).toHaveLength(20);
    expect(many.isTruncated).toBe(true);
    expect((await search('%_%')).hits).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/admin/search?q=a', token: await t.adminToken() })).statusCode).toBe(400);
    const customer = await t.registerCustomer();
    expect((await t.request({ method: 'GET', url: '/api/admin/search?q=abc', token: customer.token })).statusCode).toBe(403);
  });
});
