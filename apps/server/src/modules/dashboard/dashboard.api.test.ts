import { randomBytes } from 'node:crypto';
import { transferTag } from '@store/contracts/licence';
import type { Dashboard } from '@store/contracts/dashboard';
import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail } from '../../../test/test-app.js';
import { postWebhook } from '../../../test/webhook-fixtures.js';
import { publishedPost, publishedPurchase, publishedReturn, type SoldItem } from '../../../test/published-samples.js';
import { customerWithLicence } from '../licence/licence.test-factory.js';
import { wholeMonthsOf } from './dashboard.repository.js';
import { dashboardRange } from './dashboard.service.js';

// Every figure comes from purchases, returns and transfers made through the webhook, with FastSpring's published
// samples (decision 029): the path a real sale takes, not rows written into the orders table.

const secret = 'test-webhook-secret';
const t = await createTestApp({ FASTSPRING_WEBHOOK_SECRET: secret });
const admin = async (method: string, url: string, body?: unknown) => t.request({ method, url, token: await t.adminToken(), body });
const today = new Date().toISOString().slice(0, 10);

const getDashboard = async (query = '') => {
  const response = await admin('GET', `/api/admin/dashboard${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Dashboard;
};

/** A product of its own, sold under its own path, so its numbers are this test's alone. */
async function newProduct(): Promise<{ id: number; name: string; path: string }> {
  const name = `Dash ${randomBytes(3).toString('hex')}`;
  const path = name.toLowerCase().replace(' ', '-');
  const { rows } = await t.db.query<{ id: number }>(`INSERT INTO product (name, path, price) VALUES ($1, $2, 10) RETURNING id`, [
    name,
    path,
  ]);
  return { id: rows[0]!.id, name, path };
}

/** A purchase as FastSpring posts it: its licences are issued, and rolled up, in the webhook's transaction. */
async function buy(items: SoldItem[], options: { currency?: string; country?: string; email?: string } = {}) {
  const email = options.email ?? uniqueEmail('dash');
  const purchase = publishedPurchase({ email, items, currency: options.currency, country: options.country ?? 'SE' });
  const response = await postWebhook(t.app, purchase.events, { secret });
  expect(response.statusCode, response.body).toBe(200);
  return { ...purchase, email };
}

/** A return of the purchase: lines with a quantity return units, lines with quantity 0 refund an amount. */
async function refund(
  purchase: { orderId: string; email: string },
  lines: { product: string; quantity: number; subtotal: number }[],
  currency = 'USD',
) {
  const response = await postWebhook(t.app, publishedReturn({ orderId: purchase.orderId, email: purchase.email, lines, currency }), {
    secret,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Puts a purchase's licences on an earlier day, as if bought then (the rollups move the sale with them). */
const backdate = (providerOrderId: string, at: string) =>
  t.db.query('UPDATE orders SET creation_date = $2 WHERE provider_order_id = $1', [providerOrderId, at]);

/** A paid transfer of the owner's licence (30 days old) to a new owner, with the fee `subtotal`, through the webhook. */
async function payTransfer(owner: { email: string; token: string; order: { id: number } }, fee: SoldItem) {
  await t.db.query(`UPDATE orders SET license_activation_date = now() - interval '31 days' WHERE id = $1`, [owner.order.id]);
  const verified = await t.request({ method: 'GET', url: `/api/userinfo/verifyorderfortransfer/${owner.order.id}`, token: owner.token });
  expect(verified.statusCode, verified.body).toBe(200);
  const tag = transferTag({
    token: verified.json() as string,
    orderId: owner.order.id,
    email: uniqueEmail('new-owner'),
    firstName: 'Ada',
    lastName: 'Lovelace',
  });
  const purchase = publishedPurchase({ email: owner.email, items: [fee], tags: { transfer: tag } });
  expect((await postWebhook(t.app, purchase.events, { secret })).statusCode).toBe(200);
  return { ...purchase, email: owner.email };
}

const productRows = (dashboard: Dashboard, productId: number) => dashboard.products.filter((row) => row.productId === productId);
const amountIn = (amounts: { currency: string; amount: number }[], currency: string) =>
  amounts.find((money) => money.currency === currency)?.amount ?? 0;
/** How a money figure of the totals changed in one currency, to the cent. */
const changeIn = (before: { currency: string; amount: number }[], after: { currency: string; amount: number }[], currency: string) =>
  Math.round((amountIn(after, currency) - amountIn(before, currency)) * 100) / 100;

/** A product's rollups summed by day and currency: what a rebuild from the tables must reproduce. */
const rollupSnapshot = async (productId: number, table = 'sales_daily') =>
  (
    await t.db.query(
      `SELECT day, product_id, currency, sum(units)::int AS units, sum(revenue)::text AS revenue, sum(purchases)::int AS purchases,
              sum(redemptions)::int AS redemptions, sum(admin_grants)::int AS admin_grants, sum(refunds)::int AS refunds,
              sum(refunded)::text AS refunded, sum(transfers)::int AS transfers, sum(transfer_fees)::text AS transfer_fees
         FROM ${table} WHERE product_id = $1 GROUP BY 1, 2, 3
       HAVING sum(units) <> 0 OR sum(revenue) <> 0 OR sum(refunds) <> 0 OR sum(refunded) <> 0 OR sum(transfers) <> 0
           OR sum(transfer_fees) <> 0
        ORDER BY 1, 2, 3`,
      [productId],
    )
  ).rows;

describe('dashboard', () => {
  it("counts each purchase's licences with what was paid for them, per product and currency, at once", async () => {
    const product = await newProduct();
    const first = await buy([{ product: product.path, subtotal: 49 }], { currency: 'EUR' });
    await buy([{ product: product.path, quantity: 2, subtotal: 79 }], { currency: 'EUR' });
    await buy([{ product: product.path, subtotal: 59 }], { currency: 'USD' });
    // FastSpring's gift sample: EUR 49.00 after its 10.00 discount, for the recipient.
    const gift = publishedPost('order-completed-gift', {
      payerEmail: uniqueEmail('jane'),
      recipientEmail: uniqueEmail('john'),
      product: product.path,
    });
    expect((await postWebhook(t.app, gift, { secret })).statusCode).toBe(200);
    // The administrator's NEW ORDER for the first buyer: a licence nobody paid for.
    const buyer = (await t.db.query<{ person_id: number }>('SELECT person_id FROM orders WHERE provider_order_id = $1', [first.orderId]))
      .rows[0]!;
    expect((await admin('POST', '/api/order/', { id: 0, productId: product.id, personId: buyer.person_id })).statusCode).toBe(200);

    const dashboard = await getDashboard();
    expect(productRows(dashboard, product.id)).toEqual([
      { productId: product.id, productName: product.name, currency: 'EUR', units: 4, revenue: 177 },
      { productId: product.id, productName: product.name, currency: '', units: 1, revenue: 0 },
      { productId: product.id, productName: product.name, currency: 'USD', units: 1, revenue: 59 },
    ]);
    expect(dashboard.countries.find((row) => row.country === 'SE')?.revenue).toEqual(
      expect.arrayContaining([expect.objectContaining({ currency: 'EUR' }), expect.objectContaining({ currency: 'USD' })]),
    );
    expect(amountIn(dashboard.totals.revenue, 'EUR')).toBeGreaterThanOrEqual(177);
    expect(dashboard.sales.find((row) => row.start === today && row.currency === 'USD')?.revenue).toBeGreaterThanOrEqual(59);
  });

  it('shows refunds, whole and partial, in the refunds and the net revenue', async () => {
    const product = await newProduct();
    const before = (await getDashboard()).totals;
    const purchase = await buy([{ product: product.path, quantity: 2, subtotal: 100 }]);
    // An amount refund of both licences (5.00 each), then the second unit returned: what was paid for it, 50.00.
    await refund(purchase, [{ product: product.path, quantity: 0, subtotal: 10 }]);
    await refund(purchase, [{ product: product.path, quantity: 1, subtotal: 50 }]);

    const after = (await getDashboard()).totals;
    expect(changeIn(before.revenue, after.revenue, 'USD')).toBe(100);
    expect(changeIn(before.refunded, after.refunded, 'USD')).toBe(55);
    expect(changeIn(before.netRevenue, after.netRevenue, 'USD')).toBe(45);
    // Two licences had money back: each counts as a refund once.
    expect(after.refunds - before.refunds).toBe(2);
    expect(amountIn(after.netRevenue, 'USD')).toBe(
      Math.round((amountIn(after.revenue, 'USD') - amountIn(after.refunded, 'USD')) * 100) / 100,
    );
  });

  it("counts a paid transfer's fee as revenue of its own, and its refund in the refunds", async () => {
    const product = await newProduct();
    const owner = await customerWithLicence(t, product.name);
    const before = await getDashboard();
    const transfer = await payTransfer(owner, { product: 'licensetransfer', subtotal: 10 });
    await refund(transfer, [{ product: 'licensetransfer', quantity: 0, subtotal: 2.5 }]);

    const after = await getDashboard();
    expect(changeIn(before.totals.transferFees, after.totals.transferFees, 'USD')).toBe(10);
    expect(changeIn(before.totals.revenue, after.totals.revenue, 'USD')).toBe(10);
    expect(changeIn(before.totals.refunded, after.totals.refunded, 'USD')).toBe(2.5);
    expect(changeIn(before.totals.netRevenue, after.totals.netRevenue, 'USD')).toBe(7.5);
    expect(after.totals.transfers - before.totals.transfers).toBe(1);
    expect(after.totals.refunds).toBe(before.totals.refunds);
    // The fee belongs to the product whose licence moved; the licence itself stays the unpaid grant it was.
    expect(productRows(after, product.id)).toEqual([
      { productId: product.id, productName: product.name, currency: '', units: 1, revenue: 0 },
      { productId: product.id, productName: product.name, currency: 'USD', units: 0, revenue: 10 },
    ]);
  });

  it('leaves no trace of a delivery whose transaction failed, counts its retry once, and takes a deleted licence back out', async () => {
    const product = await newProduct();
    const email = uniqueEmail('failing');
    const purchase = publishedPurchase({ email, items: [{ product: product.path, subtotal: 20 }] });
    // The order confirmation cannot be written: the webhook's transaction fails after issuing the licence.
    await t.db.query(`CREATE FUNCTION refuse_test_mail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.recipient = '${email}' THEN RAISE EXCEPTION 'mail refused by the test'; END IF; RETURN NEW; END $$`);
    await t.db.query('CREATE TRIGGER refuse_test_mail BEFORE INSERT ON mail_outbox FOR EACH ROW EXECUTE FUNCTION refuse_test_mail()');
    try {
      expect((await postWebhook(t.app, purchase.events, { secret })).statusCode).not.toBe(200);
    } finally {
      await t.db.query('DROP TRIGGER refuse_test_mail ON mail_outbox');
      await t.db.query('DROP FUNCTION refuse_test_mail()');
    }
    expect(productRows(await getDashboard(), product.id)).toEqual([]);

    // FastSpring retries the post, and again: one licence, counted once.
    expect((await postWebhook(t.app, purchase.events, { secret })).statusCode).toBe(200);
    expect((await postWebhook(t.app, purchase.events, { secret })).statusCode).toBe(200);
    expect(productRows(await getDashboard(), product.id)).toEqual([
      { productId: product.id, productName: product.name, currency: 'USD', units: 1, revenue: 20 },
    ]);
    const { rows } = await t.db.query<{ id: number }>('SELECT id FROM orders WHERE provider_order_id = $1', [purchase.orderId]);
    expect((await admin('DELETE', `/api/order/${rows[0]!.id}`)).statusCode).toBe(200);
    expect(productRows(await getDashboard(), product.id)).toEqual([]);
  });

  it('buckets by week and month, finds the top countries, and counts computers registered', async () => {
    const product = await newProduct();
    const first = await buy([{ product: product.path, subtotal: 5 }], { currency: 'GBP', country: 'IS' });
    const second = await buy([{ product: product.path, subtotal: 5 }], { currency: 'GBP', country: 'IS' });
    await backdate(first.orderId, '2024-02-14T10:00:00Z');
    await backdate(second.orderId, '2024-02-12T10:00:00Z');
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
    const { rows } = await t.db.query<{ id: number }>('SELECT id FROM orders WHERE provider_order_id = $1', [first.orderId]);
    await t.db.query(
      `INSERT INTO order_device (order_id, slot, device_id_hash, device_name, device_id_hash_encrypted) VALUES ($1, 1, $2, 'Mac', 'k')`,
      [rows[0]!.id, randomBytes(16).toString('hex')],
    );
    expect((await getDashboard()).totals.activations).toBe(activationsBefore + 1);
  });

  it('matches a rebuild from the tables after purchases, refunds whole and partial, a paid transfer and a deletion', async () => {
    const product = await newProduct();
    const purchase = await buy([{ product: product.path, quantity: 4, subtotal: 100 }]);
    await refund(purchase, [{ product: product.path, quantity: 0, subtotal: 8 }]);
    await refund(purchase, [{ product: product.path, quantity: 1, subtotal: 25 }]);
    const owner = await customerWithLicence(t, product.name);
    await payTransfer(owner, { product: 'licensetransfer', subtotal: 10 });
    // The administrator deletes a licence, a mistake corrected: its sale and its refund are taken back out.
    const { rows } = await t.db.query<{ id: number }>(`SELECT id FROM orders WHERE provider_order_id = $1 ORDER BY id LIMIT 1`, [
      purchase.orderId,
    ]);
    expect((await admin('DELETE', `/api/order/${rows[0]!.id}`)).statusCode).toBe(200);

    const live = await rollupSnapshot(product.id);
    const liveMonthly = await rollupSnapshot(product.id, 'sales_monthly');
    expect(live).toEqual([
      expect.objectContaining({ currency: '', units: 1, revenue: '0.00', admin_grants: 1, transfers: 1 }),
      expect.objectContaining({
        currency: 'USD',
        units: 3,
        revenue: '75.00',
        purchases: 3,
        refunds: 3,
        refunded: '29.00',
        transfer_fees: '10.00',
      }),
    ]);
    expect(liveMonthly).toEqual([
      expect.objectContaining({ currency: '', units: 1, transfers: 1 }),
      expect.objectContaining({ currency: 'USD', units: 3, revenue: '75.00', refunds: 3, transfer_fees: '10.00' }),
    ]);
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
