import { randomBytes } from 'node:crypto';
import type { Dashboard } from '@store/contracts/dashboard';
import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail } from '../../../test/test-app.js';
import { wholeMonthsOf } from './dashboard.repository.js';
import { dashboardRange } from './dashboard.service.js';

const t = await createTestApp();
const admin = async (method: string, url: string, body?: unknown) => t.request({ method, url, token: await t.adminToken(), body });
const today = new Date().toISOString().slice(0, 10);

const getDashboard = async (query = '') => {
  const response = await admin('GET', `/api/admin/dashboard${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Dashboard;
};

/** A product of its own, so its numbers are this test's alone. */
async function newProduct(): Promise<{ id: number; name: string }> {
  const name = `Dash ${randomBytes(3).toString('hex')}`;
  const { rows } = await t.db.query<{ id: number }>(`INSERT INTO product (name, path, price) VALUES ($1, $2, 10) RETURNING id`, [
    name,
    name.toLowerCase().replace(' ', '-'),
  ]);
  return { id: rows[0]!.id, name };
}

async function newPerson(country = 'SE'): Promise<number> {
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO person (email, name, country) VALUES ($1, 'Dash Buyer', $2) RETURNING id`,
    [uniqueEmail('dash'), country],
  );
  return rows[0]!.id;
}

/** An order as the webhook makes one, in its own transaction (the rollups are written at its commit). */
async function insertOrder(order: {
  productId: number;
  personId: number;
  amount?: number;
  currency?: string;
  source?: string;
  createdAt?: string;
}) {
  const { rows } = await t.db.query<{ id: number; country: string | null }>(
    `INSERT INTO orders (product_id, person_id, source, amount, currency, creation_date)
     VALUES ($1, $2, $3, $4, $5, coalesce($6::timestamptz, now())) RETURNING id, country`,
    [order.productId, order.personId, order.source ?? 'purchase', order.amount ?? null, order.currency ?? null, order.createdAt ?? null],
  );
  return rows[0]!;
}

const productRows = (dashboard: Dashboard, productId: number) => dashboard.products.filter((row) => row.productId === productId);
/** A product's rollups summed by day and currency: what a rebuild from the tables must reproduce. */
const rollupSnapshot = async (productId: number, table = 'sales_daily') =>
  (
    await t.db.query(
      `SELECT day, product_id, currency, sum(units)::int AS units, sum(revenue)::text AS revenue, sum(purchases)::int AS purchases,
              sum(redemptions)::int AS redemptions, sum(admin_grants)::int AS admin_grants, sum(refunds)::int AS refunds,
              sum(refunded)::text AS refunded, sum(transfers)::int AS transfers
         FROM ${table} WHERE product_id = $1 GROUP BY 1, 2, 3
       HAVING sum(units) <> 0 OR sum(revenue) <> 0 OR sum(refunds) <> 0 OR sum(transfers) <> 0 ORDER BY 1, 2, 3`,
      [productId],
    )
  ).rows;

describe('dashboard', () => {
  it('counts each order, refund and change of owner in its own transaction, per product and currency', async () => {
    const product = await newProduct();
    const buyer = await newPerson('SE');
    const first = await insertOrder({ productId: product.id, personId: buyer, amount: 49, currency: 'EUR' });
    await insertOrder({ productId: product.id, personId: buyer, amount: 39.5, currency: 'EUR' });
    await insertOrder({ productId: product.id, personId: buyer, amount: 59, currency: 'USD' });
    await insertOrder({ productId: product.id, personId: buyer, source: 'activation' });
    expect(first.country).toBe('SE');

    let dashboard = await getDashboard();
    expect(productRows(dashboard, product.id)).toEqual([
      { productId: product.id, productName: product.name, currency: 'EUR', units: 2, revenue: 88.5 },
      { productId: product.id, productName: product.name, currency: '', units: 1, revenue: 0 },
      { productId: product.id, productName: product.name, currency: 'USD', units: 1, revenue: 59 },
    ]);
    const before = dashboard.activity.find((row) => row.start === today)!;

    await t.db.query(`UPDATE orders SET state = 'refunded' WHERE id = $1`, [first.id]);
    await t.db.query(`UPDATE orders SET person_id = $2, source = 'transfer' WHERE id = $1`, [first.id, await newPerson('JP')]);
    dashboard = await getDashboard();
    const after = dashboard.activity.find((row) => row.start === today)!;
    expect(after.refunds - before.refunds).toBe(1);
    expect(after.transfers - before.transfers).toBe(1);
    // A transferred licence still counts as the purchase it was: the sale stays where it was.
    expect(after.purchases).toBe(before.purchases);
    expect(productRows(dashboard, product.id)[0]).toMatchObject({ currency: 'EUR', units: 2, revenue: 88.5 });
    const refunded = (await t.db.query(`SELECT sum(refunded)::text AS amount FROM sales_daily WHERE product_id = $1`, [product.id]))
      .rows[0];
    expect(refunded.amount).toBe('49.00');
  });

  it('leaves no trace of an order whose transaction rolled back, and takes a deleted order back out', async () => {
    const product = await newProduct();
    const buyer = await newPerson();
    const client = await t.db.connect();
    try {
      await client.query('BEGIN');
      await client.query(`INSERT INTO orders (product_id, person_id, source, amount, currency) VALUES ($1, $2, 'purchase', 10, 'USD')`, [
        product.id,
        buyer,
      ]);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    const kept = await insertOrder({ productId: product.id, personId: buyer, amount: 20, currency: 'USD' });
    expect(productRows(await getDashboard(), product.id)).toEqual([
      { productId: product.id, productName: product.name, currency: 'USD', units: 1, revenue: 20 },
    ]);
    await t.db.query('DELETE FROM orders WHERE id = $1', [kept.id]);
    expect(productRows(await getDashboard(), product.id)).toEqual([]);
  });

  it('buckets by week and month, finds the top countries, and counts computers registered', async () => {
    const product = await newProduct();
    const order = await insertOrder({
      productId: product.id,
      personId: await newPerson('IS'),
      amount: 5,
      currency: 'GBP',
      createdAt: '2024-02-14T10:00:00Z',
    });
    await insertOrder({
      productId: product.id,
      personId: await newPerson('IS'),
      amount: 5,
      currency: 'GBP',
      createdAt: '2024-02-12T10:00:00Z',
    });
    const weekly = await getDashboard('?period=week&from=2024-02-01&to=2024-02-29');
    expect(weekly.from).toBe('2024-01-29');
    expect(weekly.sales.filter((row) => row.currency === 'GBP' && row.start === '2024-02-12')).toEqual([
      { start: '2024-02-12', currency: 'GBP', revenue: 10, units: 2 },
    ]);
    const monthly = await getDashboard('?period=month&from=2024-02-10&to=2024-02-20');
    expect(monthly.activity.map((row) => row.start)).toEqual(['2024-02-01']);
    expect(monthly.countries.find((row) => row.country === 'IS')).toEqual({
      country: 'IS',
      units: 2,
      revenue: [{ currency: 'GBP', amount: 10 }],
    });
    expect(monthly.totals.revenue.find((row) => row.currency === 'GBP')?.amount).toBeGreaterThanOrEqual(10);
    // Whole months come from the monthly rollup, the rest of the range from the daily one: the same numbers.
    const quarter = await getDashboard('?period=month&from=2024-01-15&to=2024-03-31');
    expect(quarter.countries.find((row) => row.country === 'IS')).toEqual({
      country: 'IS',
      units: 2,
      revenue: [{ currency: 'GBP', amount: 10 }],
    });
    expect(quarter.activity.map((row) => row.start)).toEqual(expect.arrayContaining(['2024-02-01']));
    expect(productRows(quarter, product.id)).toEqual([
      { productId: product.id, productName: product.name, currency: 'GBP', units: 2, revenue: 10 },
    ]);

    const activationsBefore = (await getDashboard()).totals.activations;
    await t.db.query(
      `INSERT INTO order_device (order_id, slot, device_id_hash, device_name, device_id_hash_encrypted) VALUES ($1, 1, $2, 'Mac', 'k')`,
      [order.id, randomBytes(16).toString('hex')],
    );
    expect((await getDashboard()).totals.activations).toBe(activationsBefore + 1);
  });

  it('matches a rebuild from the tables after orders, refunds, changed amounts and deletions', async () => {
    const product = await newProduct();
    const person = await newPerson();
    const orders = await Promise.all(
      [1, 2, 3, 4].map((n) => insertOrder({ productId: product.id, personId: person, amount: n * 10, currency: 'USD' })),
    );
    await t.db.query(`UPDATE orders SET state = 'refunded' WHERE id = $1`, [orders[0]!.id]);
    await t.db.query(`UPDATE orders SET amount = 99 WHERE id = $1`, [orders[1]!.id]);
    await t.db.query('DELETE FROM orders WHERE id = $1', [orders[2]!.id]);
    const live = await rollupSnapshot(product.id);
    const liveMonthly = await rollupSnapshot(product.id, 'sales_monthly');
    expect(live).toEqual([
      expect.objectContaining({ currency: 'USD', units: 3, revenue: '149.00', purchases: 3, refunds: 1, refunded: '10.00' }),
    ]);
    expect(liveMonthly).toEqual([expect.objectContaining({ currency: 'USD', units: 3, revenue: '149.00', purchases: 3, refunds: 1 })]);
    await t.db.query('SELECT rebuild_sales_rollups()');
    expect(await rollupSnapshot(product.id)).toEqual(live);
    expect(await rollupSnapshot(product.id, 'sales_monthly')).toEqual(liveMonthly);
  });

  it('refuses bad ranges and anyone but the administrator', async () => {
    expect((await admin('GET', '/api/admin/dashboard?from=2024-02-30')).statusCode).toBe(400);
    expect((await admin('GET', '/api/admin/dashboard?from=2024-03-01&to=2024-02-01')).statusCode).toBe(400);
    expect((await admin('GET', '/api/admin/dashboard?period=year')).statusCode).toBe(400);
    const customer = await t.registerCustomer();
    expect((await t.request({ method: 'GET', url: '/api/admin/dashboard', token: customer.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/admin/dashboard' })).statusCode).toBe(401);
  });
});

describe('wholeMonthsOf', () => {
  it('finds the months a range covers whole, and none in a range within one month', () => {
    expect(wholeMonthsOf({ from: '2024-01-01', to: '2024-03-31' })).toEqual(['2024-01-01', '2024-04-01']);
    expect(wholeMonthsOf({ from: '2024-01-15', to: '2024-03-30' })).toEqual(['2024-02-01', '2024-03-01']);
    expect(wholeMonthsOf({ from: '2024-02-10', to: '2024-02-20' })).toEqual(['2024-03-01', '2024-02-01']);
    expect(wholeMonthsOf({ from: '2023-12-01', to: '2024-02-29' })).toEqual(['2023-12-01', '2024-03-01']);
  });
});

describe('dashboardRange', () => {
  const now = new Date('2026-11-24T15:00:00Z');
  it('reaches back 30 days, 26 weeks from a Monday, or 36 months from a first', () => {
    expect(dashboardRange({ period: 'day' }, now)).toEqual({ period: 'day', from: '2026-10-26', to: '2026-11-24' });
    expect(dashboardRange({ period: 'week' }, now)).toEqual({ period: 'week', from: '2026-06-01', to: '2026-11-24' });
    expect(dashboardRange({ period: 'month' }, now)).toEqual({ period: 'month', from: '2023-12-01', to: '2026-11-24' });
  });
});
