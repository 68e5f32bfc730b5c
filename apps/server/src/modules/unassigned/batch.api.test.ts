import { randomBytes } from 'node:crypto';
import type { ActivationBatch, BatchCode } from '@store/contracts/batch';
import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, uniqueIp } from '../../../test/test-app.js';

const t = await createTestApp();
const admin = async (method: string, url: string, body?: unknown) => t.request({ method, url, token: await t.adminToken(), body });

async function createBatch(count: number) {
  const distributor = `Dist ${randomBytes(3).toString('hex')}`;
  const response = await admin('POST', '/api/order/unassigned/create/', {
    ProductName: 'Punch',
    DistributorName: distributor,
    NumberOfOrders: count,
  });
  expect(response.statusCode, response.body).toBe(200);
  const { batchNumber } = response.json() as { batchNumber: number };
  const keys = (await admin('GET', `/api/order/unassigned/serials/${batchNumber}`)).body.trim().split('\n');
  return { batchNumber, distributor, keys };
}

const redeem = (key: string, email: string) =>
  t.request({
    method: 'POST',
    url: '/api/userinfo/registerproduct',
    ip: uniqueIp(),
    body: { ActivationKey: key, Email: email, FirstName: 'Rita', LastName: 'Redeemer' },
  });
const batchOf = async (batchNumber: number) =>
  ((await admin('GET', '/api/order/unassigned/batches')).json() as ActivationBatch[]).find((batch) => batch.batchNumber === batchNumber);
const codesOf = async (batchNumber: number) =>
  (await admin('GET', `/api/order/unassigned/batches/${batchNumber}/codes`)).json() as BatchCode[];

describe('distributor batches', () => {
  it('lists each batch with product, distributor, date, codes and redeemed, and shows who redeemed each code when', async () => {
    const batch = await createBatch(3);
    expect(await batchOf(batch.batchNumber)).toMatchObject({
      productName: 'Punch',
      distributorName: batch.distributor,
      codes: 3,
      redeemed: 0,
      voided: 0,
    });
    const email = uniqueEmail('redeemer');
    expect((await redeem(batch.keys[1]!, email)).statusCode).toBe(200);

    expect(await batchOf(batch.batchNumber)).toMatchObject({ codes: 3, redeemed: 1 });
    const codes = await codesOf(batch.batchNumber);
    expect(codes.map((code) => code.activationKey)).toEqual(batch.keys);
    expect(codes[1]).toMatchObject({
      personEmail: email,
      personName: 'Rita Redeemer',
      redeemedAt: expect.any(String) as string,
      orderId: expect.any(Number) as number,
    });
    expect(codes[0]).toMatchObject({ redeemedAt: null, personEmail: null, voidedAt: null });
  });

  it('downloads a batch as CSV with each code and its status', async () => {
    const batch = await createBatch(2);
    await redeem(batch.keys[0]!, uniqueEmail('csv'));
    const response = await admin('GET', `/api/order/unassigned/batches/${batch.batchNumber}/csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="Punch-batch-${batch.batchNumber}.csv"`);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Activation code,Batch,Product,Distributor,Status,Redeemed,Redeemed by,Voided');
    expect(lines[1]).toMatch(new RegExp(`^${batch.keys[0]},${batch.batchNumber},Punch,${batch.distributor},redeemed,\\d{4}-`));
    expect(lines[2]).toBe(`${batch.keys[1]},${batch.batchNumber},Punch,${batch.distributor},open,,,`);
  });

  it('writes no cell of the batch a spreadsheet could read as a formula, whatever it splits the line on', async () => {
    const distributor = `;=cmd|' /C calc'!A0;`;
    const created = await admin('POST', '/api/order/unassigned/create/', {
      ProductName: 'Punch',
      DistributorName: distributor,
      NumberOfOrders: 1,
    });
    expect(created.statusCode, created.body).toBe(200);
    const { batchNumber } = created.json() as { batchNumber: number };
    const response = await admin('GET', `/api/order/unassigned/batches/${batchNumber}/csv`);
    const line = response.body.split('\r\n')[1]!;
    expect(line).toMatch(new RegExp(`^[\\w-]+,${batchNumber},Punch,";'=cmd\\|' /C calc'!A0;",open,,,$`));
    for (const separator of [',', ';', '\t']) {
      for (const piece of line.split(separator)) expect(piece.replace(/^[\s"]+/, '')).not.toMatch(/^[=+\-@]/);
    }
  });

  it('voids the unredeemed codes: they redeem no more and leave the open list; the redeemed licence stays', async () => {
    const batch = await createBatch(3);
    expect((await redeem(batch.keys[0]!, uniqueEmail('kept'))).statusCode).toBe(200);
    const voided = await admin('POST', `/api/order/unassigned/batches/${batch.batchNumber}/void`);
    expect(voided.json()).toEqual({ voided: 2 });
    expect(await batchOf(batch.batchNumber)).toMatchObject({ codes: 3, redeemed: 1, voided: 2 });
    const refused = await redeem(batch.keys[1]!, uniqueEmail('late'));
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toBe('This activation key is not valid or has already been used.');
    const open = (await admin('GET', '/api/order/unsassigned')).json() as { batchNumber: number }[];
    expect(open.filter((code) => code.batchNumber === batch.batchNumber)).toEqual([]);
    expect((await admin('POST', `/api/order/unassigned/batches/${batch.batchNumber}/void`)).json()).toEqual({ voided: 0 });
    const audit = await t.db.query(`SELECT after FROM audit_log WHERE action = 'void' AND entity_id = $1 ORDER BY id`, [
      String(batch.batchNumber),
    ]);
    // The second void changed nothing, so it wrote no record (decision 034).
    expect(audit.rows.map((row) => row.after.voided)).toEqual([2]);
  });

  it('answers 404 for a batch that does not exist, and 403 to a customer', async () => {
    expect((await admin('GET', '/api/order/unassigned/batches/99999999/codes')).statusCode).toBe(404);
    expect((await admin('POST', '/api/order/unassigned/batches/99999999/void')).statusCode).toBe(404);
    const customer = await t.registerCustomer();
    expect((await t.request({ method: 'GET', url: '/api/order/unassigned/batches', token: customer.token })).statusCode).toBe(403);
  });
});
