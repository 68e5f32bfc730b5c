import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, uniqueIp } from '../../../test/test-app.js';

// Decision 104 (outside test 2026-11-29, finding 1): a bundle issues licences of its products, never of itself
// (decision 054), whatever gives it: NEW ORDER, an activation code or a trial.
const t = await createTestApp();
const admin = async (method: string, url: string, body?: unknown) => t.request({ method, url, token: await t.adminToken(), body });
const licenceCount = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders')).rows[0]!.n;

describe('a bundle is no product of a licence, an activation code or a trial', () => {
  it('is flagged in the product lists, so the forms do not offer it', async () => {
    const listed = (await admin('GET', '/api/product/')).json() as { name: string; isBundle: boolean }[];
    const publicList = (await t.request({ method: 'GET', url: '/api/product/' })).json() as { name: string; isBundle: boolean }[];
    for (const list of [listed, publicList]) {
      expect(list.find((product) => product.name === 'Studio Bundle')?.isBundle).toBe(true);
      expect(list.find((product) => product.name === 'Spacey')?.isBundle).toBe(false);
    }
  });

  it('refuses NEW ORDER, a batch of codes, a code of an older batch and a trial of it, issuing nothing', async () => {
    const bundle = (await t.db.query<{ id: number }>(`SELECT id FROM product WHERE name = 'Studio Bundle'`)).rows[0]!;
    const person = (
      await admin('POST', '/api/person/', { id: 0, email: uniqueEmail('bea'), name: 'Bea Bundle', country: 'CH' })
    ).json() as {
      id: number;
    };
    const before = await licenceCount();

    const order = await admin('POST', '/api/order/', {
      id: 0,
      productId: bundle.id,
      personId: person.id,
      serial: '',
      creationDate: '0001-01-01T00:00:00',
    });
    expect({ status: order.statusCode, body: order.body }).toEqual({
      status: 400,
      body: 'This product is a bundle: give its products one by one.',
    });

    const batch = await admin('POST', '/api/order/unassigned/create/', {
      ProductName: 'Studio Bundle',
      DistributorName: 'Dist',
      NumberOfOrders: 2,
    });
    expect({ status: batch.statusCode, body: batch.body }).toEqual({
      status: 400,
      body: 'ProductName: Studio Bundle is a bundle: make a batch for each of its products.',
    });

    // A code of a batch made before bundles were refused there stays unused, for support.
    const { rows } = await t.db.query<{ activation_key: string }>(
      `INSERT INTO unassigned_order (product_id, activation_key, distributor_name, batch_number)
       VALUES ($1, gen_random_uuid(), 'Old Distributor', nextval('activation_batch_number')) RETURNING activation_key`,
      [bundle.id],
    );
    const redeemed = await t.request({
      method: 'POST',
      url: '/api/userinfo/registerproduct',
      body: { FirstName: 'Ada', LastName: 'Lovelace', ActivationKey: rows[0]!.activation_key, Email: uniqueEmail('ada') },
      ip: uniqueIp(),
    });
    expect({ status: redeemed.statusCode, body: redeemed.body }).toEqual({
      status: 400,
      body: 'This activation code is for a bundle, which cannot be activated here. Please contact support.',
    });
    const code = await t.db.query('SELECT redeemed_at FROM unassigned_order WHERE activation_key = $1', [rows[0]!.activation_key]);
    expect(code.rows).toEqual([{ redeemed_at: null }]);

    const trial = await t.request({
      method: 'POST',
      url: '/api/trial',
      body: { ProductName: 'Studio Bundle', DeviceIdHash: '0123456789ABCDEF0123456789ABCDEF' },
      ip: uniqueIp(),
    });
    expect({ status: trial.statusCode, body: trial.body }).toEqual({
      status: 400,
      body: 'Studio Bundle is a bundle: start the trial of one of its plug-ins.',
    });
    expect(await licenceCount()).toBe(before);
    expect((await t.db.query(`SELECT 1 FROM trial WHERE product_id = $1`, [bundle.id])).rows).toEqual([]);
  });
});
