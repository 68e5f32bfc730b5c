import { randomBytes } from 'node:crypto';
import type { OrderListRow } from '@store/contracts/order-list';
import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, uniqueIp } from '../../../test/test-app.js';
import { postWebhook, type TestEvent } from '../../../test/webhook-fixtures.js';
import { publishedPurchase, publishedReturn } from '../../../test/published-samples.js';
import { buyBundle, buyOffer, createBundle, createOffer } from '../../../test/offer-sales.js';
import { utcRangeOf } from './order-list.repository.js';

const secret = 'test-webhook-secret';
const t = await createTestApp({ FASTSPRING_WEBHOOK_SECRET: secret });
type Page = { rows: OrderListRow[]; total: number; page: number; pageSize: number };
const admin = async (method: string, url: string, body?: unknown) => t.request({ method, url, token: await t.adminToken(), body });
const list = async (params: Record<string, string>) => {
  const response = await admin('GET', `/api/admin/orders?${new URLSearchParams(params)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
};
const post = async (events: TestEvent[]) => {
  const response = await postWebhook(t.app, events, { secret });
  expect(response.statusCode, response.body).toBe(200);
};

/** Redeems one code of a new Punch batch for the address, as /activate does. */
async function redeemCode(email: string) {
  const created = await admin('POST', '/api/order/unassigned/create/', {
    ProductName: 'Punch',
    DistributorName: 'List',
    NumberOfOrders: 1,
  });
  const { batchNumber } = created.json() as { batchNumber: number };
  const [key] = (await admin('GET', `/api/order/unassigned/serials/${batchNumber}`)).body.trim().split('\n');
  const redeemed = await t.request({
    method: 'POST',
    url: '/api/userinfo/registerproduct',
    body: { ActivationKey: key, Email: email, FirstName: 'Lisa', LastName: 'Code' },
    ip: uniqueIp(),
  });
  expect(redeemed.statusCode, redeemed.body).toBe(200);
}

/**
 * A buyer with a unique name and three Punch licences, each made the way a real one is: a purchase paid EUR 49.00, a
 * redeemed activation code, and a purchase paid USD 19.90 and returned (webhooks in FastSpring's published shape).
 * Each is then put on a day of its own, as if made then.
 */
async function setUp() {
  const tag = randomBytes(4).toString('hex');
  const buyer = { email: uniqueEmail(`list${tag}`), first: 'Lisa', last: tag, country: 'DE' };
  const paid = publishedPurchase({ ...buyer, currency: 'EUR', reference: `FSREF${tag}-1`, items: [{ product: 'punch', subtotal: 49 }] });
  await post(paid.events);
  await redeemCode(buyer.email);
  const returned = publishedPurchase({
    ...buyer,
    currency: 'USD',
    reference: `FSREF${tag}-2`,
    items: [{ product: 'punch', subtotal: 19.9 }],
  });
  await post(returned.events);
  await post(
    publishedReturn({ orderId: returned.orderId, email: buyer.email, lines: [{ product: 'punch', quantity: 1, subtotal: 19.9 }] }),
  );

  const { rows: people } = await t.db.query<{ id: number; email: string }>('SELECT id, email FROM person WHERE email = $1', [buyer.email]);
  const person = people[0]!;
  const { rows } = await t.db.query<{ id: number }>('SELECT id FROM orders WHERE person_id = $1 ORDER BY id', [person.id]);
  const ids = rows.map((row) => row.id);
  for (const [index, day] of ['2025-03-04T10:00:00Z', '2025-03-05T10:00:00Z', '2025-04-01T10:00:00Z'].entries()) {
    await t.db.query('UPDATE orders SET creation_date = $2 WHERE id = $1', [ids[index], day]);
  }
  return { tag, person, ids };
}

describe('all orders', () => {
  it('shows every licence with reference, date, person, product, amount, currency, source and status', async () => {
    const { tag, person, ids } = await setUp();
    const page = await list({ page: '0', pageSize: '10', sort: 'id', filter: JSON.stringify({ person: `lisa ${tag}` }) });
    expect(page.total).toBe(3);
    expect(page.rows[0]).toEqual({
      id: ids[0],
      creationDate: '2025-03-04T10:00:00.000Z',
      providerReference: `FSREF${tag}-1`,
      personId: person.id,
      personEmail: person.email,
      personName: `Lisa ${tag}`,
      productId: expect.any(Number) as number,
      productName: 'Punch',
      amount: 49,
      currency: 'EUR',
      source: 'purchase',
      state: 'active',
      kind: null,
      kindFrom: null,
    });
    expect(page.rows.map((row) => row.source)).toEqual(['purchase', 'activation', 'purchase']);
  });

  it('shows upgrades, crossgrades and bundles as what they are, with what was paid (bought through the webhook)', async () => {
    const rowOf = async (id: number) => (await list({ filter: JSON.stringify({ id: String(id) }) })).rows[0]!;
    const upgrade = await createOffer(t, { kind: 'upgrade', sourceName: 'Spacey', prices: { USD: '29', EUR: '27' } });
    const upgraded = await buyOffer(t, secret, upgrade, 'EUR');
    expect(await rowOf(upgraded.licenceId)).toMatchObject({
      productName: upgrade.targetName,
      amount: 27,
      currency: 'EUR',
      kind: 'upgrade',
      kindFrom: 'Spacey',
    });

    const crossgrade = await createOffer(t, { kind: 'crossgrade', sourceName: 'Punch', prices: { USD: '19' } });
    const crossgraded = await buyOffer(t, secret, crossgrade);
    expect(await rowOf(crossgraded.licenceId)).toMatchObject({ amount: 19, currency: 'USD', kind: 'crossgrade', kindFrom: 'Punch' });

    const bundle = await createBundle(t);
    const bought = await buyBundle(t, secret, bundle, 99);
    const rows = await Promise.all(bought.licenceIds.map(rowOf));
    expect(rows.map((row) => [row.productName, row.kind, row.kindFrom])).toEqual([
      ['Spacey', 'bundle', bundle.name],
      ['Punch', 'bundle', bundle.name],
      ['Tapewarm', 'bundle', bundle.name],
    ]);
    expect(rows.reduce((sum, row) => sum + row.amount! * 100, 0)).toBe(9900);
  });

  it('filters by reference prefix, status, source, currency, date and product, and sorts both ways', async () => {
    const { tag, ids } = await setUp();
    const ofTag = (rows: OrderListRow[]) => rows.filter((row) => ids.includes(row.id)).map((row) => row.id);
    expect(ofTag((await list({ filter: JSON.stringify({ providerReference: `fsref${tag}` }) })).rows)).toEqual([ids[0], ids[2]]);
    expect(ofTag((await list({ filter: JSON.stringify({ person: tag, state: 'refunded' }) })).rows)).toEqual([ids[2]]);
    expect(ofTag((await list({ filter: JSON.stringify({ person: tag, source: 'activation' }) })).rows)).toEqual([ids[1]]);
    expect(ofTag((await list({ filter: JSON.stringify({ person: tag, source: 'Activation Code' }) })).rows)).toEqual([ids[1]]);
    expect(ofTag((await list({ filter: JSON.stringify({ person: tag, source: 'fastspring', state: 'Active' }) })).rows)).toEqual([ids[0]]);
    expect(ofTag((await list({ filter: JSON.stringify({ person: tag, currency: 'usd' }) })).rows)).toEqual([ids[2]]);
    expect(ofTag((await list({ filter: JSON.stringify({ person: tag, creationDate: '2025-03' }) })).rows)).toEqual([ids[0], ids[1]]);
    expect(ofTag((await list({ filter: JSON.stringify({ person: tag, creationDate: '2025-03-05' }) })).rows)).toEqual([ids[1]]);
    expect(ofTag((await list({ filter: JSON.stringify({ person: tag, productName: 'unc' }) })).rows)).toHaveLength(3);
    expect(ofTag((await list({ filter: JSON.stringify({ person: tag, productName: 'spacey' }) })).rows)).toEqual([]);
    const byAmount = await list({ sort: 'amount', desc: 'true', filter: JSON.stringify({ person: tag, source: 'purchase' }) });
    expect(byAmount.rows.map((row) => row.amount)).toEqual([49, 19.9]);
    // The amount as typed from an invoice or as the list shows it (outside test 2026-11-29, money finding 5).
    for (const typed of ['49', '49.00', ' 49.0 ']) {
      expect(ofTag((await list({ filter: JSON.stringify({ person: tag, amount: typed }) })).rows), typed).toEqual([ids[0]]);
    }
    expect(ofTag((await list({ filter: JSON.stringify({ person: tag, amount: '19.9' }) })).rows)).toHaveLength(1);
    for (const typed of ['49.001', 'forty', '4 9']) {
      expect(ofTag((await list({ filter: JSON.stringify({ person: tag, amount: typed }) })).rows), typed).toEqual([]);
    }
    const byDate = await list({ sort: 'creationDate', desc: 'true', filter: JSON.stringify({ person: tag }) });
    expect(byDate.rows.map((row) => row.id)).toEqual([ids[2], ids[1], ids[0]]);
  });

  it('pages through the whole list and refuses unknown columns', async () => {
    const { person } = await setUp();
    await t.db.query(
      `INSERT INTO orders (product_id, person_id, source) SELECT (SELECT id FROM product WHERE name = 'Punch'), $1, 'admin' FROM generate_series(1, 20)`,
      [person.id],
    );
    const first = await list({ page: '0', pageSize: '10' });
    const second = await list({ page: '1', pageSize: '10' });
    expect(first.rows).toHaveLength(10);
    expect(second.rows[0]!.id).toBeGreaterThan(first.rows[9]!.id);
    expect((await admin('GET', '/api/admin/orders?sort=serial')).statusCode).toBe(400);
    expect((await admin('GET', '/api/admin/orders?sort=currency')).statusCode).toBe(400);
    expect((await admin('GET', `/api/admin/orders?filter=${encodeURIComponent('{"serial":"x"}')}`)).statusCode).toBe(400);
  });

  it('exports the filtered rows as CSV, in list order', async () => {
    const { tag, ids } = await setUp();
    await t.db.query(`UPDATE person SET name = $2 WHERE id = (SELECT person_id FROM orders WHERE id = $1)`, [ids[0], `=Lisa, "${tag}"`]);
    const response = await admin(
      'GET',
      `/api/admin/orders.csv?${new URLSearchParams({ sort: 'id', desc: 'true', filter: JSON.stringify({ person: tag }) })}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="orders.csv"');
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Order,Date,Provider reference,Person,Email,Name,Product,Amount,Currency,Source,Status');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      new RegExp(`^${ids[2]},2025-04-01T10:00:00.000Z,FSREF${tag}-2,\\d+,[^,]+,"'=Lisa, ""${tag}""",Punch,19.90,USD,FastSpring,refunded$`),
    );
    expect(lines[2]).toContain(',Activation code,active');
  });

  it('writes no cell a spreadsheet could read as a formula, whatever it splits the line on', async () => {
    const { tag, ids } = await setUp();
    const name = `;=cmd|' /C calc'!A0;`;
    await t.db.query(`UPDATE person SET name = $2 WHERE id = (SELECT person_id FROM orders WHERE id = $1)`, [ids[0], name]);
    await t.db.query(`UPDATE orders SET provider_reference = $2 WHERE id = $1`, [ids[0], `FS\t@SUM(1+1)*cmd|' /C calc'!A0`]);
    const response = await admin('GET', `/api/admin/orders.csv?${new URLSearchParams({ filter: JSON.stringify({ person: tag }) })}`);
    expect(response.statusCode).toBe(200);
    const line = response.body.split('\r\n').find((row) => row.startsWith(`${ids[0]},`))!;
    expect(line).toContain(`,"FS\t'@SUM(1+1)*cmd|' /C calc'!A0",`);
    expect(line).toContain(`,";'=cmd|' /C calc'!A0;",`);
    for (const separator of [',', ';', '\t']) {
      for (const piece of line.split(separator)) expect(piece.replace(/^[\s"]+/, '')).not.toMatch(/^[=+\-@]/);
    }
  });

  it('streams a large export in batches through a cursor', async () => {
    const { tag, person } = await setUp();
    await t.db.query(
      `INSERT INTO orders (product_id, person_id, source) SELECT (SELECT id FROM product WHERE name = 'Punch'), $1, 'admin' FROM generate_series(1, 4500)`,
      [person.id],
    );
    const response = await admin('GET', `/api/admin/orders.csv?${new URLSearchParams({ filter: JSON.stringify({ person: tag }) })}`);
    expect(response.body.trimEnd().split('\r\n')).toHaveLength(1 + 4503);
  });

  it('is for the administrator only', async () => {
    const customer = await t.registerCustomer();
    expect((await t.request({ method: 'GET', url: '/api/admin/orders', token: customer.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/admin/orders.csv' })).statusCode).toBe(401);
  });
});

describe('utcRangeOf', () => {
  it('turns a year, month or day into its UTC range and anything else into an empty one', () => {
    expect(utcRangeOf('2025')).toBe('[2025-01-01T00:00:00.000Z,2026-01-01T00:00:00.000Z)');
    expect(utcRangeOf('2025-12')).toBe('[2025-12-01T00:00:00.000Z,2026-01-01T00:00:00.000Z)');
    expect(utcRangeOf('2025-02-28')).toBe('[2025-02-28T00:00:00.000Z,2025-03-01T00:00:00.000Z)');
    expect(utcRangeOf('2025-02-30')).toBe('empty');
    expect(utcRangeOf('March')).toBe('empty');
  });
});
