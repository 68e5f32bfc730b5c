import { randomBytes } from 'node:crypto';
import { ACTIVATION_KEY_PATTERN } from '@store/contracts/fields';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';

const t = await createTestApp();
type Code = {
  id: number;
  productId: number;
  activationKey: string;
  creationDate: string;
  distributorName: string;
  batchNumber: number;
  productName: string;
};
type Page = { rows: Code[]; total: number; page: number; pageSize: number };

const admin = async (method: string, url: string, body?: unknown) => t.request({ method, url, token: await t.adminToken(), body });
const createBatch = async (count: number, distributor = `Dist ${randomBytes(3).toString('hex')}`) => {
  const response = await admin('POST', '/api/order/unassigned/create/', {
    ProductName: 'Punch',
    DistributorName: distributor,
    NumberOfOrders: count,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { ...(response.json() as { batchNumber: number; count: number }), distributor };
};
const openCodesOfBatch = async (batchNumber: number) =>
  ((await admin('GET', '/api/order/unsassigned')).json() as Code[]).filter((code) => code.batchNumber === batchNumber);

describe('activation code batches', () => {
  it('creates a batch, downloads it as one key a line, lists it, and drops redeemed codes from the list', async () => {
    const batch = await createBatch(5);
    expect(batch.count).toBe(5);
    const file = await admin('GET', `/api/order/unassigned/serials/${batch.batchNumber}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/plain/);
    const keys = file.body.trim().split('\n');
    expect(keys).toHaveLength(5);
    expect(keys.every((key) => ACTIVATION_KEY_PATTERN.test(key))).toBe(true);
    expect((await admin('GET', `/api/order/unassigned/productname/${batch.batchNumber}`)).json()).toBe('Punch');

    const listed = await openCodesOfBatch(batch.batchNumber);
    expect(listed).toHaveLength(5);
    expect(listed[0]).toMatchObject({ productName: 'Punch', distributorName: batch.distributor });
    expect(listed.map((code) => code.activationKey).sort()).toEqual([...keys].sort());

    await t.db.query(`UPDATE unassigned_order SET redeemed_at = now() WHERE activation_key = $1`, [keys[0]]);
    expect(await openCodesOfBatch(batch.batchNumber)).toHaveLength(4);
    const audit = await t.db.query(`SELECT after FROM audit_log WHERE entity = 'activation-batch' AND entity_id = $1`, [
      String(batch.batchNumber),
    ]);
    expect(audit.rows[0].after).toMatchObject({ productName: 'Punch', count: 5, distributorName: batch.distributor });
  });

  it('numbers each batch anew', async () => {
    const [first, second] = [await createBatch(1), await createBatch(1)];
    expect(second.batchNumber).toBeGreaterThan(first.batchNumber);
  });

  it('pages, sorts and filters the open codes like the persons list', async () => {
    const batch = await createBatch(12);
    const query = (params: Record<string, string>) => admin('GET', `/api/order/unsassigned?${new URLSearchParams(params)}`);
    const first = (
      await query({ page: '0', pageSize: '10', filter: JSON.stringify({ batchNumber: String(batch.batchNumber) }) })
    ).json() as Page;
    expect(first).toMatchObject({ total: 12, page: 0, pageSize: 10 });
    expect(first.rows).toHaveLength(10);
    const second = (
      await query({
        page: '1',
        pageSize: '10',
        sort: 'id',
        desc: 'true',
        filter: JSON.stringify({ distributorName: batch.distributor.toUpperCase() }),
      })
    ).json() as Page;
    expect(second.rows).toHaveLength(2);
    expect(second.rows[0]!.id).toBeGreaterThan(second.rows[1]!.id);
    const byKey = (await query({ filter: JSON.stringify({ activationKey: first.rows[3]!.activationKey.slice(0, 13) }) })).json() as Page;
    expect(byKey.rows.map((code) => code.id)).toContain(first.rows[3]!.id);
    expect((await query({ sort: 'secret' })).statusCode).toBe(400);
  });

  it('deletes an open code, refuses a redeemed one, and answers 404 for unknown ones', async () => {
    const batch = await createBatch(2);
    const [open, redeemed] = await openCodesOfBatch(batch.batchNumber);
    await t.db.query(`UPDATE unassigned_order SET redeemed_at = now() WHERE id = $1`, [redeemed!.id]);
    const refused = await admin('DELETE', `/api/order/unassigned/${redeemed!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toBe('This activation code was redeemed and cannot be deleted.');
    expect((await admin('DELETE', `/api/order/unassigned/${open!.id}`)).statusCode).toBe(200);
    expect(await openCodesOfBatch(batch.batchNumber)).toEqual([]);
    expect((await admin('DELETE', `/api/order/unassigned/${open!.id}`)).statusCode).toBe(404);
    const audit = await t.db.query(`SELECT before FROM audit_log WHERE entity = 'activation-code' AND entity_id = $1`, [String(open!.id)]);
    expect(audit.rows[0].before).toMatchObject({ activationKey: open!.activationKey, batchNumber: batch.batchNumber });
  });

  it('refuses an unknown product, a missing count and an unknown batch', async () => {
    const unknown = await admin('POST', '/api/order/unassigned/create/', { ProductName: 'Nope', DistributorName: 'D', NumberOfOrders: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toBe('ProductName: There is no product named Nope.');
    const noCount = await admin('POST', '/api/order/unassigned/create/', { ProductName: 'Punch', DistributorName: 'D', NumberOfOrders: 0 });
    expect(noCount.body).toBe('NumberOfOrders: Required');
    expect((await admin('GET', '/api/order/unassigned/productname/99999')).statusCode).toBe(404);
    expect((await admin('GET', '/api/order/unassigned/serials/99999')).statusCode).toBe(404);
    // Past PostgreSQL's integer range: a clear 400, and a filter that matches nothing, never a 500.
    expect((await admin('GET', '/api/order/unassigned/serials/3000000000')).statusCode).toBe(400);
    const filtered = await admin(
      'GET',
      `/api/order/unsassigned?page=0&pageSize=10&filter=${encodeURIComponent('{"batchNumber":"99999999999"}')}`,
    );
    expect(filtered.statusCode, filtered.body).toBe(200);
    expect(filtered.json()).toMatchObject({ rows: [], total: 0 });
  });
});
