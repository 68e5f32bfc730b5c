import { describe, expect, it } from 'vitest';
import { customerWithLicence } from '../licence/licence.test-factory.js';
import { paidTransferPurchase, publishedPost, publishedPurchase, publishedReturn } from '../../../test/published-samples.js';
import { createTestApp, uniqueEmail } from '../../../test/test-app.js';
import { orderCompleted, partialReturnCreated, postWebhook, type TestEvent } from '../../../test/webhook-fixtures.js';

// A chargeback's money (decision 107): what the card issuer took back is given back on the purchase's licences, so the
// dashboard's refunded and net revenue count it, once, whether FastSpring also sends a return before or after it.

const secret = 'test-webhook-secret';
const t = await createTestApp({ FASTSPRING_WEBHOOK_SECRET: secret });

type Money = { currency: string; amount: number }[];
const usd = (list: Money) => list.find((money) => money.currency === 'USD')?.amount ?? 0;
/** The dashboard's USD figures over its default range (the last 30 days). */
async function dashboard() {
  const response = await t.request({ method: 'GET', url: '/api/admin/dashboard?period=day', token: await t.adminToken() });
  expect(response.statusCode, response.body).toBe(200);
  const { totals } = response.json() as { totals: { refunds: number; revenue: Money; refunded: Money; netRevenue: Money } };
  return { refunds: totals.refunds, revenue: usd(totals.revenue), refunded: usd(totals.refunded), netRevenue: usd(totals.netRevenue) };
}
/** How the dashboard's figures moved while `act` ran. */
async function dashboardChange(act: () => Promise<unknown>) {
  const before = await dashboard();
  await act();
  const after = await dashboard();
  const round = (amount: number) => Math.round(amount * 100) / 100;
  return {
    refunds: after.refunds - before.refunds,
    revenue: round(after.revenue - before.revenue),
    refunded: round(after.refunded - before.refunded),
    netRevenue: round(after.netRevenue - before.netRevenue),
  };
}

const post = async (events: TestEvent[]) => {
  const response = await postWebhook(t.app, events, { secret });
  expect(response.statusCode, response.body).toBe(200);
};
const licencesOf = async (providerOrderId: string) =>
  (
    await t.db.query<{ provider_item: string; state: string; refunded: string | null }>(
      'SELECT provider_item, state, refunded::text FROM orders WHERE provider_order_id = $1 ORDER BY id',
      [providerOrderId],
    )
  ).rows;
const chargebackOf = (orderId: string, change?: (data: Record<string, unknown>) => void) =>
  publishedPost('chargeback-created', { orderId }, change);

/** A purchase of Tapewarm at 49.00 USD (FastSpring's published order without expansion, no tax). */
async function buyTapewarm(items = [{ product: 'tapewarm', subtotal: 49 }]) {
  const email = uniqueEmail('disputed');
  const purchase = publishedPurchase({ email, items });
  await post(purchase.events);
  return { ...purchase, email };
}

describe('a chargeback', () => {
  it('takes the money out of net revenue on the dashboard', async () => {
    // The outside test's case (docs/reviews/2026-11-29-money-outside.md, finding 3).
    const order = orderCompleted({ email: uniqueEmail(), items: [{ product: 'tapewarm' }] });
    (order.data.items as Record<string, unknown>[])[0]!.subtotal = 49;
    await post([order]);
    // FastSpring's published sample: chargebackAmount 49.00 USD, taken back from the vendor's payout.
    expect(await dashboardChange(() => post(chargebackOf(order.data.id as string)))).toEqual({
      refunds: 1,
      revenue: 0,
      refunded: 49,
      netRevenue: -49,
    });
    expect(await licencesOf(order.data.id as string)).toEqual([{ provider_item: 'tapewarm#0', state: 'revoked', refunded: '49.00' }]);
  });

  it('counts once when FastSpring also sends a return after it, of the unit or of an amount', async () => {
    const purchase = await buyTapewarm();
    expect(await dashboardChange(() => post(chargebackOf(purchase.orderId)))).toEqual({
      refunds: 1,
      revenue: 0,
      refunded: 49,
      netRevenue: -49,
    });
    const returns = await dashboardChange(async () => {
      await post(
        publishedReturn({ orderId: purchase.orderId, email: purchase.email, lines: [{ product: 'tapewarm', quantity: 1, subtotal: 49 }] }),
      );
      await post([partialReturnCreated(purchase.orderId, 'tapewarm', 10)]);
    });
    expect(returns).toEqual({ refunds: 0, revenue: 0, refunded: 0, netRevenue: 0 });
    expect(await licencesOf(purchase.orderId)).toEqual([{ provider_item: 'tapewarm#0', state: 'revoked', refunded: '49.00' }]);
  });

  it('counts once after a return of the unit, and gives back what an amount refund left', async () => {
    const returned = await buyTapewarm();
    const whole = await dashboardChange(async () => {
      await post(
        publishedReturn({ orderId: returned.orderId, email: returned.email, lines: [{ product: 'tapewarm', quantity: 1, subtotal: 49 }] }),
      );
      await post(chargebackOf(returned.orderId));
    });
    expect(whole).toEqual({ refunds: 1, revenue: 0, refunded: 49, netRevenue: -49 });
    expect(await licencesOf(returned.orderId)).toEqual([{ provider_item: 'tapewarm#0', state: 'refunded', refunded: '49.00' }]);

    const partly = await buyTapewarm();
    const rest = await dashboardChange(async () => {
      await post([partialReturnCreated(partly.orderId, 'tapewarm', 10)]);
      await post(chargebackOf(partly.orderId));
    });
    expect(rest).toEqual({ refunds: 1, revenue: 0, refunded: 49, netRevenue: -49 });
    expect(await licencesOf(partly.orderId)).toEqual([{ provider_item: 'tapewarm#0', state: 'revoked', refunded: '49.00' }]);
  });

  it('counts once when it is delivered again, resent under a new event id, or replayed by an administrator', async () => {
    const purchase = await buyTapewarm();
    const chargeback = chargebackOf(purchase.orderId);
    const change = await dashboardChange(async () => {
      await post(chargeback);
      await post(chargeback);
      await post(chargeback.map((event) => ({ ...event, id: `${event.id}-resent` })));
      const replayed = await t.request({
        method: 'POST',
        url: `/api/webhookEvent/${chargeback[0]!.id}/replay`,
        token: await t.adminToken(),
        body: {},
      });
      expect(replayed.statusCode, replayed.body).toBe(200);
    });
    expect(change).toEqual({ refunds: 1, revenue: 0, refunded: 49, netRevenue: -49 });
  });

  it('gives back a part of the purchase when it takes back less than it paid, net of tax, and the whole in another currency', async () => {
    // 49.00 and 30.00 with 20 % tax: the order's total is 94.80. A chargeback of 47.40 takes back half of it.
    const purchase = await buyTapewarm([
      { product: 'tapewarm', subtotal: 49 },
      { product: 'punch', subtotal: 30 },
    ]);
    await t.db.query('UPDATE provider_order SET tax = 15.80, total = 94.80 WHERE provider_order_id = $1', [purchase.orderId]);
    const half = await dashboardChange(() =>
      post(
        chargebackOf(purchase.orderId, (data) => {
          data.chargebackAmount = 47.4;
        }),
      ),
    );
    // Half of the subtotal (79.00), on the licences in the order they were issued.
    expect(half).toEqual({ refunds: 1, revenue: 0, refunded: 39.5, netRevenue: -39.5 });
    expect(await licencesOf(purchase.orderId)).toEqual([
      { provider_item: 'tapewarm#0', state: 'revoked', refunded: '39.50' },
      { provider_item: 'punch#0', state: 'revoked', refunded: null },
    ]);

    // A chargeback stated in another currency than the purchase's cannot be compared: it takes back the whole.
    const other = await buyTapewarm();
    const whole = await dashboardChange(() =>
      post(
        chargebackOf(other.orderId, (data) => {
          data.chargebackAmount = 12;
          data.currency = 'EUR';
        }),
      ),
    );
    expect(whole).toEqual({ refunds: 1, revenue: 0, refunded: 49, netRevenue: -49 });
  });

  it('gives back the money of licences issued after it, on its own day, and the rest of a partial one', async () => {
    // The order waits for a mapping (the vendor renamed the product); the customer, who got nothing, disputes it.
    const order = orderCompleted({ email: uniqueEmail('waiting'), items: [{ product: 'tapewarm' }, { product: 'space-echo' }] });
    const items = order.data.items as Record<string, unknown>[];
    items[0]!.subtotal = 30;
    items[1]!.subtotal = 40;
    Object.assign(order.data, { subtotal: 70, total: 70 });
    await post([order]);
    const orderId = order.data.id as string;
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    const chargeback = chargebackOf(orderId, (data) => {
      data.chargebackAmount = 50;
      data.creationDate = twoDaysAgo.toUTCString().replace('GMT', 'UTC');
    });
    await post(chargeback);
    const replay = async () => {
      const replayed = await t.request({
        method: 'POST',
        url: `/api/webhookEvent/${order.id}/replay`,
        token: await t.adminToken(),
        body: { productOfPath: { 'space-echo': 'Punch' } },
      });
      expect(replayed.statusCode, replayed.body).toBe(200);
    };
    const change = await dashboardChange(replay);
    // 50.00 of 70.00: 30.00 given back on Tapewarm when the chargeback came, the other 20.00 on Punch once issued.
    expect(change).toEqual({ refunds: 1, revenue: 40, refunded: 20, netRevenue: 20 });
    expect(await licencesOf(orderId)).toEqual([
      { provider_item: 'tapewarm#0', state: 'revoked', refunded: '30.00' },
      { provider_item: 'space-echo#0', state: 'revoked', refunded: '20.00' },
    ]);
    const { rows } = await t.db.query<{ refunded_at: Date }>('SELECT DISTINCT refunded_at FROM orders WHERE provider_order_id = $1', [
      orderId,
    ]);
    expect(rows.map((row) => row.refunded_at.toISOString().slice(0, 19))).toEqual([twoDaysAgo.toISOString().slice(0, 19)]);
  });

  it("gives back a paid transfer's fee", async () => {
    const owner = await customerWithLicence(t, 'Punch');
    const transfer = await paidTransferPurchase(t, owner);
    await post(transfer.events);
    const chargeback = chargebackOf(transfer.orderId, (data) => {
      data.chargebackAmount = 10;
    });
    const change = await dashboardChange(async () => {
      await post(chargeback);
      await post(chargeback.map((event) => ({ ...event, id: `${event.id}-resent` })));
    });
    expect(change).toMatchObject({ revenue: 0, refunded: 10, netRevenue: -10 });
    const { rows } = await t.db.query('SELECT refunded::text FROM licence_transfer WHERE provider_order_id = $1', [transfer.orderId]);
    expect(rows).toEqual([{ refunded: '10.00' }]);
    // The licence stays with its new owner: support looks at it.
    const { rows: events } = await t.db.query('SELECT attention FROM webhook_event WHERE id = $1', [chargeback[0]!.id]);
    expect(events[0].attention).toMatch(/its transfer fee is counted as given back \(10\.00\)$/);
  });
});
