import { randomBytes } from 'node:crypto';
import { transferTag } from '@store/contracts/licence';
import { describe, expect, it } from 'vitest';
import { splitAmount } from '../../lib/money.js';
import { createTestApp, uniqueEmail, uniqueIp } from '../../../test/test-app.js';
import { postWebhook } from '../../../test/webhook-fixtures.js';
import { paidTransferPurchase, publishedPost, publishedPurchase, publishedReturn, type SoldItem } from '../../../test/published-samples.js';
import { customerWithLicence, giveLicence } from '../licence/licence.test-factory.js';
import { finalizeSandboxSession } from '../../sandbox/sandbox.test-factory.js';

// What each licence a purchase creates carries (decision 029): its share of its item's amount, in the order's
// currency, and what was refunded of it; a paid transfer's fee on the transfer. Bought through the webhook, with
// FastSpring's published samples, and through the sandbox's checkout.

const secret = 'test-webhook-secret';
// The sandbox posts its webhooks to this server's own listening address, so it must listen.
const t = await createTestApp({ FASTSPRING_WEBHOOK_SECRET: secret });
await t.app.listen({ port: 0, host: '127.0.0.1' });

/** A product of its own, sold under its own path, so a test's figures are its alone. */
async function newProduct(): Promise<{ id: number; path: string }> {
  const path = `money-${randomBytes(4).toString('hex')}`;
  const { rows } = await t.db.query<{ id: number }>(`INSERT INTO product (name, path, price) VALUES ($1, $1, 10) RETURNING id`, [path]);
  return { id: rows[0]!.id, path };
}

async function buy(items: SoldItem[], options: { currency?: string; email?: string } = {}) {
  const email = options.email ?? uniqueEmail('money');
  const purchase = publishedPurchase({ email, items, currency: options.currency });
  const response = await postWebhook(t.app, purchase.events, { secret });
  expect(response.statusCode, response.body).toBe(200);
  return { ...purchase, email };
}

const money = async (providerOrderId: string) =>
  (
    await t.db.query<{ provider_item: string; amount: string | null; currency: string | null; refunded: string | null; state: string }>(
      `SELECT provider_item, amount::text, currency, refunded::text, state FROM orders WHERE provider_order_id = $1 ORDER BY id`,
      [providerOrderId],
    )
  ).rows;

describe('a purchase through the webhook', () => {
  it("gives each licence its share of its item, in the order's currency, and the buyer's country", async () => {
    const email = uniqueEmail('ada');
    const events = publishedPost('order-completed-no-expansion', { email, product1: 'punch', product2: 'spacey' });
    expect((await postWebhook(t.app, events, { secret })).statusCode).toBe(200);
    const { rows } = await t.db.query(
      `SELECT provider_item, amount::text, currency, country FROM orders WHERE provider_order_id = $1 ORDER BY id`,
      [events[0]!.data.id],
    );
    // The sample: punch ×1 for 49.00, spacey ×2 for 79.00 together (USD), paid from GB.
    expect(rows).toEqual([
      { provider_item: 'punch#0', amount: '49.00', currency: 'USD', country: 'GB' },
      { provider_item: 'spacey#0', amount: '39.50', currency: 'USD', country: 'GB' },
      { provider_item: 'spacey#1', amount: '39.50', currency: 'USD', country: 'GB' },
    ]);
  });

  it('splits an item to the cent, the remainder on the first licences; yen in whole yen; a path sold twice in one order', async () => {
    const product = await newProduct();
    const dollars = await buy([{ product: product.path, quantity: 3, subtotal: 100 }]);
    expect((await money(dollars.orderId)).map((row) => [row.provider_item, row.amount, row.currency])).toEqual([
      [`${product.path}#0`, '33.34', 'USD'],
      [`${product.path}#1`, '33.33', 'USD'],
      [`${product.path}#2`, '33.33', 'USD'],
    ]);
    const yen = await buy(
      [
        { product: product.path, quantity: 3, subtotal: 10_000 },
        { product: product.path, quantity: 2, subtotal: 5001 },
      ],
      { currency: 'JPY' },
    );
    expect((await money(yen.orderId)).map((row) => [row.provider_item, row.amount, row.currency])).toEqual([
      [`${product.path}#0`, '3334.00', 'JPY'],
      [`${product.path}#1`, '3333.00', 'JPY'],
      [`${product.path}#2`, '3333.00', 'JPY'],
      [`${product.path}#3`, '2501.00', 'JPY'],
      [`${product.path}#4`, '2500.00', 'JPY'],
    ]);
  });

  it("gives a gift's licence what the payer paid, net of the discount, and records no money an item does not state", async () => {
    const payerEmail = uniqueEmail('jane');
    const recipientEmail = uniqueEmail('john');
    const gift = publishedPost('order-completed-gift', { payerEmail, recipientEmail, product: 'spacey' });
    expect((await postWebhook(t.app, gift, { secret })).statusCode).toBe(200);
    const { rows } = await t.db.query(
      `SELECT o.amount::text, o.currency, o.country, pe.email FROM orders o JOIN person pe ON pe.id = o.person_id WHERE provider_order_id = $1`,
      [gift[0]!.data.id],
    );
    // The sample: EUR 49.00 after a 10.00 discount, before 9.80 tax; paid from CH for the recipient in DE.
    expect(rows).toEqual([{ amount: '49.00', currency: 'EUR', country: 'CH', email: recipientEmail }]);

    const unstated = publishedPost(
      'order-completed-no-expansion',
      { email: uniqueEmail(), product1: 'punch', product2: 'spacey' },
      (data) => {
        for (const item of data.items as Record<string, unknown>[]) delete item.subtotal;
      },
    );
    expect((await postWebhook(t.app, unstated, { secret })).statusCode).toBe(200);
    expect((await money(unstated[0]!.data.id as string)).map((row) => [row.amount, row.currency])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
  });
});

describe('refunds', () => {
  it('give back what was paid for each returned unit, and spread an amount refund over the licences of its item', async () => {
    const product = await newProduct();
    const purchase = await buy([{ product: product.path, quantity: 3, subtotal: 100 }]);
    const refund = (lines: { product: string; quantity: number; subtotal: number }[]) =>
      postWebhook(t.app, publishedReturn({ orderId: purchase.orderId, email: purchase.email, lines }), { secret });

    expect((await refund([{ product: product.path, quantity: 0, subtotal: 5 }])).statusCode).toBe(200);
    expect((await money(purchase.orderId)).map((row) => [row.state, row.refunded])).toEqual([
      ['active', '1.67'],
      ['active', '1.67'],
      ['active', '1.66'],
    ]);
    // One unit returned: the last issued, refunded in full (what was paid for it, the amount refund included).
    expect((await refund([{ product: product.path, quantity: 1, subtotal: 33.33 }])).statusCode).toBe(200);
    expect((await money(purchase.orderId)).map((row) => [row.state, row.refunded])).toEqual([
      ['active', '1.67'],
      ['active', '1.67'],
      ['refunded', '33.33'],
    ]);
    // A second amount refund goes to the licences still active.
    expect((await refund([{ product: product.path, quantity: 0, subtotal: 0.01 }])).statusCode).toBe(200);
    expect((await money(purchase.orderId)).map((row) => row.refunded)).toEqual(['1.68', '1.67', '33.33']);
  });
});

describe('refunds of licences the administrator revoked (decision 080)', () => {
  const revoke = async (orderId: number) => {
    const response = await t.request({
      method: 'POST',
      url: `/api/order/${orderId}/revoke`,
      token: await t.adminToken(),
      body: { reason: 'suspected fraud', removeDevices: true },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const rollupOf = async (productId: number) =>
    (
      await t.db.query<{ refunds: number; refunded: string }>(
        'SELECT sum(refunds)::int AS refunds, sum(refunded)::text AS refunded FROM sales_daily WHERE product_id = $1',
        [productId],
      )
    ).rows[0];

  it('record the money given back on the revoked licence, which stays revoked, and count it as refunded', async () => {
    const product = await newProduct();
    const purchase = await buy([{ product: product.path, quantity: 2, subtotal: 80 }]);
    const [revoked] = (
      await t.db.query<{ id: number }>('SELECT id FROM orders WHERE provider_order_id = $1 ORDER BY id', [purchase.orderId])
    ).rows;
    await revoke(revoked!.id);
    const refund = (lines: { product: string; quantity: number; subtotal: number }[]) =>
      postWebhook(t.app, publishedReturn({ orderId: purchase.orderId, email: purchase.email, lines }), { secret });

    // One unit returned: the one support ended, not the one the customer keeps.
    expect((await refund([{ product: product.path, quantity: 1, subtotal: 40 }])).statusCode).toBe(200);
    expect((await money(purchase.orderId)).map((row) => [row.provider_item, row.state, row.refunded])).toEqual([
      [`${product.path}#0`, 'revoked', '40.00'],
      [`${product.path}#1`, 'active', null],
    ]);
    // An amount refund then goes to the licence not given back yet.
    expect((await refund([{ product: product.path, quantity: 0, subtotal: 5 }])).statusCode).toBe(200);
    expect((await money(purchase.orderId)).map((row) => [row.state, row.refunded])).toEqual([
      ['revoked', '40.00'],
      ['active', '5.00'],
    ]);
    expect(await rollupOf(product.id)).toEqual({ refunds: 2, refunded: '45.00' });
  });

  it('record an amount refund of a revoked licence, and then its return in full', async () => {
    const product = await newProduct();
    const purchase = await buy([{ product: product.path, quantity: 1, subtotal: 40 }]);
    const [licence] = (await t.db.query<{ id: number }>('SELECT id FROM orders WHERE provider_order_id = $1', [purchase.orderId])).rows;
    await revoke(licence!.id);
    const refund = (lines: { product: string; quantity: number; subtotal: number }[]) =>
      postWebhook(t.app, publishedReturn({ orderId: purchase.orderId, email: purchase.email, lines }), { secret });

    expect((await refund([{ product: product.path, quantity: 0, subtotal: 10 }])).statusCode).toBe(200);
    expect((await money(purchase.orderId)).map((row) => [row.state, row.refunded])).toEqual([['revoked', '10.00']]);
    expect((await refund([{ product: product.path, quantity: 1, subtotal: 30 }])).statusCode).toBe(200);
    expect((await money(purchase.orderId)).map((row) => [row.state, row.refunded])).toEqual([['revoked', '40.00']]);
    expect(await rollupOf(product.id)).toEqual({ refunds: 1, refunded: '40.00' });
  });
});

describe('the sandbox checkout', () => {
  const payInSandbox = async (cart: object, email: string) => {
    const ip = uniqueIp();
    const { token: session } = await finalizeSandboxSession(t, cart, { ip });
    const paid = await t.request({
      method: 'POST',
      url: '/sandbox/api/pay',
      body: { session, email, firstName: 'Sam', lastName: 'Sandbox', country: 'DE' },
      ip,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return (paid.json() as { id: string }).id;
  };

  it("records each licence net of the loyalty code's and the product's discounts", async () => {
    const customer = await t.registerCustomer();
    await giveLicence(t, { email: customer.email });
    const code = (await t.request({ method: 'POST', url: '/api/fastspring/loyaltycoupon', token: customer.token })).json() as string;
    const orderId = await payInSandbox(
      {
        items: [
          { path: 'spacey', quantity: 2 },
          { path: 'tapewarm', quantity: 1 },
        ],
        coupon: code,
      },
      customer.email,
    );
    // Spacey 49.00 with the code's 15 %, Tapewarm 29.00 with its own 20 % (they do not stack); tax is not revenue.
    expect((await money(orderId)).map((row) => [row.provider_item, row.amount, row.currency])).toEqual([
      ['spacey#0', '41.65', 'USD'],
      ['spacey#1', '41.65', 'USD'],
      ['tapewarm#0', '23.20', 'USD'],
    ]);
  });

  it("records a paid transfer's fee on the transfer, not on the licence it moves", async () => {
    const owner = await customerWithLicence(t, 'Punch');
    await t.db.query(`UPDATE orders SET license_activation_date = now() - interval '31 days' WHERE id = $1`, [owner.order.id]);
    const token = (
      await t.request({ method: 'GET', url: `/api/userinfo/verifyorderfortransfer/${owner.order.id}`, token: owner.token })
    ).json() as string;
    const newOwner = uniqueEmail('new-owner');
    const tag = transferTag({ token, orderId: owner.order.id, email: newOwner, firstName: 'Ada', lastName: 'Lovelace' });
    const orderId = await payInSandbox({ items: [{ path: 'licensetransfer', quantity: 1 }], tags: { transfer: tag } }, owner.email);

    const { rows } = await t.db.query(
      `SELECT t.amount::text, t.currency, t.product_id, o.amount::text AS licence_amount
         FROM licence_transfer t JOIN orders o ON o.id = t.order_id WHERE t.provider_order_id = $1`,
      [orderId],
    );
    expect(rows).toEqual([{ amount: '10.00', currency: 'USD', product_id: owner.product.id, licence_amount: null }]);

    // Its return gives the fee back, on the transfer.
    const replay = await t.request({
      method: 'POST',
      url: '/sandbox/api/replay',
      token: await t.adminToken(),
      body: { orderId, kind: 'return' },
    });
    expect(replay.json()).toMatchObject({ status: 200 });
    const { rows: refunded } = await t.db.query(`SELECT refunded::text FROM licence_transfer WHERE provider_order_id = $1`, [orderId]);
    expect(refunded).toEqual([{ refunded: '10.00' }]);
  });
});

describe('licence_share, the split of migration 067', () => {
  it('gives each licence the share the webhook gives it', async () => {
    const cases: [number, number, string][] = [
      [100, 3, 'USD'],
      [19.9, 7, 'EUR'],
      [10_000, 3, 'JPY'],
      [1001, 4, 'KRW'],
      [0.05, 3, 'GBP'],
      [999.99, 11, 'CHF'],
    ];
    for (const [amount, count, currency] of cases) {
      const { rows } = await t.db.query<{ share: string }>(
        `SELECT licence_share($1::numeric, $2, n, $3)::numeric(12, 2)::text AS share FROM generate_series(0, $2 - 1) AS n ORDER BY n`,
        [amount, count, currency],
      );
      // As the orders table keeps them (numeric(12, 2)).
      const expected = splitAmount(amount, count, currency).map((share) => Number(share).toFixed(2));
      expect(
        rows.map((row) => row.share),
        `${currency} ${amount} over ${count}`,
      ).toEqual(expected);
    }
  });
});

describe('migration 067', () => {
  it('fills licences and transfers stored before it from their provider orders and returns, as the webhook fills them', async () => {
    const product = await newProduct();
    const split = await buy([
      { product: product.path, quantity: 3, subtotal: 100 },
      { product: 'punch', quantity: 1, subtotal: 49 },
    ]);
    const refund = (lines: { product: string; quantity: number; subtotal: number }[]) =>
      postWebhook(t.app, publishedReturn({ orderId: split.orderId, email: split.email, lines }), { secret });
    expect((await refund([{ product: product.path, quantity: 0, subtotal: 5 }])).statusCode).toBe(200);
    expect((await refund([{ product: product.path, quantity: 1, subtotal: 33.33 }])).statusCode).toBe(200);
    expect((await refund([{ product: product.path, quantity: 0, subtotal: 1 }])).statusCode).toBe(200);
    const yen = await buy([{ product: product.path, quantity: 2, subtotal: 5001 }], { currency: 'JPY' });

    const owner = await customerWithLicence(t, 'Punch');
    const tagged = await paidTransferPurchase(t, owner);
    expect((await postWebhook(t.app, tagged.events, { secret })).statusCode).toBe(200);
    expect(
      (
        await postWebhook(
          t.app,
          publishedReturn({
            orderId: tagged.orderId,
            email: owner.email,
            lines: [{ product: 'licensetransfer', quantity: 0, subtotal: 2.5 }],
          }),
          { secret },
        )
      ).statusCode,
    ).toBe(200);

    const providerOrderIds = [split.orderId, yen.orderId, tagged.orderId];
    const snapshot = async () => ({
      licences: (
        await t.db.query(
          `SELECT id, amount::text, currency, refunded::text FROM orders WHERE provider_order_id = ANY($1::text[]) ORDER BY id`,
          [providerOrderIds],
        )
      ).rows,
      transfers: (
        await t.db.query(
          `SELECT id, amount::text, currency, refunded::text, product_id FROM licence_transfer WHERE provider_order_id = ANY($1::text[]) ORDER BY id`,
          [providerOrderIds],
        )
      ).rows,
    });
    const recorded = await snapshot();
    expect(recorded.licences.map((row) => [row.amount, row.currency, row.refunded])).toEqual([
      ['33.34', 'USD', '2.17'],
      ['33.33', 'USD', '2.17'],
      ['33.33', 'USD', '33.33'],
      ['49.00', 'USD', null],
      ['2501.00', 'JPY', null],
      ['2500.00', 'JPY', null],
    ]);
    expect(recorded.transfers.map((row) => [row.amount, row.currency, row.refunded])).toEqual([['10.00', 'USD', '2.50']]);

    // As they were stored before migration 067: no money on them.
    await t.db.query(`UPDATE orders SET amount = NULL, currency = NULL, refunded = NULL WHERE provider_order_id = ANY($1::text[])`, [
      providerOrderIds,
    ]);
    await t.db.query(
      `UPDATE licence_transfer SET amount = NULL, currency = NULL, refunded = NULL WHERE provider_order_id = ANY($1::text[])`,
      [providerOrderIds],
    );
    await t.db.query('SELECT fill_money_from_provider_orders()');
    expect(await snapshot()).toEqual(recorded);
  });
});
