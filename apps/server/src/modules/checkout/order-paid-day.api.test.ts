import { describe, expect, it } from 'vitest';
import { giveLicence } from '../licence/licence.test-factory.js';
import { createBundle, createOffer } from '../../../test/offer-sales.js';
import { publishedPost } from '../../../test/published-samples.js';
import { createTestApp, uniqueEmail } from '../../../test/test-app.js';
import { orderCompleted, postWebhook, returnCreated, type TestEvent } from '../../../test/webhook-fixtures.js';

// A sale counts on the day the customer paid, a refund on the day it was made (decision 106): the order's time
// (`orderTimeOf`: FastSpring's `changed`, else the event's `created`, bounded to 30 days), not the time its webhook was
// processed: an order replayed from "needs attention", found by the reconciliation or retried across midnight.

const secret = 'test-webhook-secret';
const t = await createTestApp({ FASTSPRING_WEBHOOK_SECRET: secret });
const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Noon (UTC) `days` days ago. */
const noonDaysAgo = (days: number) => new Date(Math.floor((Date.now() - days * DAY) / DAY) * DAY + 12 * HOUR);
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

type Money = { currency: string; amount: number }[];
type Totals = { units: number; refunds: number; revenue: Money; refunded: Money };
const totalsOn = async (day: string): Promise<Totals> => {
  const response = await t.request({
    method: 'GET',
    url: `/api/admin/dashboard?period=day&from=${day}&to=${day}`,
    token: await t.adminToken(),
  });
  expect(response.statusCode, response.body).toBe(200);
  const { units, refunds, revenue, refunded } = (response.json() as { totals: Totals }).totals;
  return { units, refunds, revenue, refunded };
};

/** An order of one unit of `product` at `subtotal` USD, paid (FastSpring's `changed` and the event's `created`) at `paidAt`. */
function paidOrder(options: { email: string; product: string; subtotal: number; paidAt: Date }): TestEvent {
  const order = orderCompleted({ email: options.email, items: [{ product: options.product }] });
  (order.data.items as Record<string, unknown>[])[0]!.subtotal = options.subtotal;
  order.data.changed = options.paidAt.getTime();
  order.created = options.paidAt.getTime();
  return order;
}

/** The order's event replayed with `space-echo` (a path the vendor renamed) mapped to Punch, as support does. */
async function mapAndReplay(eventId: string) {
  const replayed = await t.request({
    method: 'POST',
    url: `/api/webhookEvent/${eventId}/replay`,
    token: await t.adminToken(),
    body: { productOfPath: { 'space-echo': 'Punch' } },
  });
  expect(replayed.statusCode, replayed.body).toBe(200);
}

const creationDatesOf = async (providerOrderId: string) =>
  (
    await t.db.query<{ creation_date: Date }>('SELECT creation_date FROM orders WHERE provider_order_id = $1 ORDER BY id', [
      providerOrderId,
    ])
  ).rows.map((row) => row.creation_date.toISOString());

describe('an order processed days after it was paid', () => {
  it('counts its sale on the day the customer paid, and shows that date to the customer and to support', async () => {
    // Paid three days ago at noon UTC; its webhook waited in "needs attention" (unknown path) until support mapped it today.
    const paidAt = noonDaysAgo(3);
    const customer = await t.registerCustomer();
    const order = paidOrder({ email: customer.email, product: 'space-echo', subtotal: 40, paidAt });
    await postWebhook(t.app, [order], { secret });
    const today = dayOf(new Date());
    const todayBefore = await totalsOn(today);
    await mapAndReplay(order.id);

    // FastSpring's reports and payout count this sale on the day it was paid, and so does the dashboard.
    const onPaidDay = await totalsOn(dayOf(paidAt));
    expect({ units: onPaidDay.units, revenue: onPaidDay.revenue }).toEqual({ units: 1, revenue: [{ currency: 'USD', amount: 40 }] });
    expect((await totalsOn(today)).units).toBe(todayBefore.units);

    // The licence's date is the day of payment: in the customer's licences and orders, and in the back office.
    const licences = (await t.request({ method: 'GET', url: '/api/userinfo/products', token: customer.token })).json() as {
      purchaseDate: string;
    }[];
    expect(licences.map((licence) => licence.purchaseDate)).toEqual([paidAt.toISOString()]);
    const orders = (await t.request({ method: 'GET', url: '/api/userinfo/orders', token: customer.token })).json() as { date: string }[];
    expect(orders.map((purchase) => purchase.date)).toEqual([paidAt.toISOString()]);
    const filter = JSON.stringify({ person: customer.email });
    const listed = (
      await t.request({ method: 'GET', url: `/api/admin/orders?${new URLSearchParams({ filter })}`, token: await t.adminToken() })
    ).json() as { rows: { creationDate: string }[] };
    expect(listed.rows.map((row) => row.creationDate)).toEqual([paidAt.toISOString()]);
  });

  it("adds to a day's rollup that exists already, folded or not, and to its month", async () => {
    const paidAt = noonDaysAgo(5);
    const day = dayOf(paidAt);
    const foldAll = () => t.db.query('SELECT fold_rollup_shards(rollup) FROM unnest(rollup_tables()) AS rollup');
    const monthOfPunch = async () =>
      (
        await t.db.query<{ units: number; revenue: string }>(
          `SELECT coalesce(sum(s.units), 0)::int AS units, coalesce(sum(s.revenue), 0)::text AS revenue
             FROM sales_monthly s JOIN product p ON p.id = s.product_id
            WHERE p.name = 'Punch' AND s.currency = 'USD' AND s.day = date_trunc('month', $1::date)::date`,
          [day],
        )
      ).rows[0]!;
    const before = await totalsOn(day);
    const monthBefore = await monthOfPunch();
    // A sale of that day processed in time (FastSpring's first delivery), its rollup row folded by the hourly job.
    const onTime = paidOrder({ email: uniqueEmail('on-time'), product: 'tapewarm', subtotal: 30, paidAt });
    expect((await postWebhook(t.app, [onTime], { secret })).statusCode).toBe(200);
    await foldAll();
    // Another sale of that day, processed only today.
    const late = paidOrder({ email: uniqueEmail('late'), product: 'space-echo', subtotal: 40, paidAt: new Date(paidAt.getTime() + HOUR) });
    await postWebhook(t.app, [late], { secret });
    await mapAndReplay(late.id);

    const usd = (money: Money) => money.find((entry) => entry.currency === 'USD')?.amount ?? 0;
    const after = await totalsOn(day);
    expect({ units: after.units - before.units, revenue: usd(after.revenue) - usd(before.revenue) }).toEqual({ units: 2, revenue: 70 });
    const monthAfter = await monthOfPunch();
    expect({ units: monthAfter.units - monthBefore.units, revenue: Number(monthAfter.revenue) - Number(monthBefore.revenue) }).toEqual({
      units: 1,
      revenue: 40,
    });
    // Folded again, the day keeps its figures.
    await foldAll();
    expect(await totalsOn(day)).toEqual(after);
  });

  it('issues the licences of a bundle and of an upgrade with the time the order was paid', async () => {
    const paidAt = new Date(noonDaysAgo(2).getTime() + 17 * 60_000);
    const bundle = await createBundle(t);
    const bundleOrder = publishedPost(
      'order-completed-bundle',
      { email: uniqueEmail('bundle'), bundle: bundle.path, part1: 'spacey', part2: 'punch', part3: 'tapewarm' },
      (data) => {
        data.changed = paidAt.getTime();
      },
    );
    expect((await postWebhook(t.app, bundleOrder, { secret })).statusCode).toBe(200);
    expect(await creationDatesOf(bundleOrder[0]!.data.id as string)).toEqual(Array(3).fill(paidAt.toISOString()));

    // An upgrade quoted 27 hours ago and paid a minute later; its webhook is processed now (decision 099).
    const offer = await createOffer(t, { kind: 'upgrade', prices: { USD: '29' } });
    const customer = await t.registerCustomer();
    const { order: source } = await giveLicence(t, { email: customer.email, productName: offer.sourceName });
    const quoted = await t.request({
      method: 'POST',
      url: '/api/userinfo/offers/quote',
      token: customer.token,
      body: { offerId: offer.offerId, sourceOrderId: source.id, currency: 'USD' },
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const quote = quoted.json() as { quoteId: string; price: string; session: { tags: Record<string, string> } };
    await t.db.query(`UPDATE offer_quote SET expires_at = expires_at - interval '27 hours' WHERE id = $1`, [quote.quoteId]);
    const upgradePaidAt = new Date(Date.now() - 27 * HOUR + 60_000);
    const upgrade = orderCompleted({ email: customer.email, items: [{ product: offer.targetPath }], tags: quote.session.tags });
    (upgrade.data.items as Record<string, unknown>[])[0]!.subtotal = Number(quote.price);
    upgrade.data.changed = upgradePaidAt.getTime();
    expect((await postWebhook(t.app, [upgrade], { secret })).statusCode).toBe(200);
    expect(await creationDatesOf(upgrade.data.id as string)).toEqual([upgradePaidAt.toISOString()]);
  });

  it('takes the time of an order too old for its webhook as 30 days ago, and a time ahead of the clock as now', async () => {
    const old = paidOrder({ email: uniqueEmail('old'), product: 'tapewarm', subtotal: 10, paidAt: new Date(Date.now() - 90 * DAY) });
    await postWebhook(t.app, [old], { secret });
    const [oldDate] = await creationDatesOf(old.data.id as string);
    expect(Math.abs(new Date(oldDate!).getTime() - (Date.now() - 30 * DAY))).toBeLessThan(60_000);
    const ahead = paidOrder({ email: uniqueEmail('ahead'), product: 'tapewarm', subtotal: 10, paidAt: new Date(Date.now() + 2 * DAY) });
    await postWebhook(t.app, [ahead], { secret });
    const [aheadDate] = await creationDatesOf(ahead.data.id as string);
    expect(Math.abs(new Date(aheadDate!).getTime() - Date.now())).toBeLessThan(60_000);
  });
});

describe('a return processed after it was made', () => {
  it("counts the money given back on the return's day, also on a licence issued after the return", async () => {
    // Paid four days ago, returned two days ago, both processed now.
    const paidAt = noonDaysAgo(4);
    const returnedAt = noonDaysAgo(2);
    const customer = await t.registerCustomer();
    const order = paidOrder({ email: customer.email, product: 'tapewarm', subtotal: 25, paidAt });
    expect((await postWebhook(t.app, [order], { secret })).statusCode).toBe(200);
    const returnedDayBefore = await totalsOn(dayOf(returnedAt));
    const refund = returnCreated(order.data.id as string);
    refund.data.changed = returnedAt.getTime();
    expect((await postWebhook(t.app, [refund], { secret })).statusCode).toBe(200);
    const returnedDay = await totalsOn(dayOf(returnedAt));
    const usd = (money: Money) => money.find((entry) => entry.currency === 'USD')?.amount ?? 0;
    expect({
      refunds: returnedDay.refunds - returnedDayBefore.refunds,
      refunded: usd(returnedDay.refunded) - usd(returnedDayBefore.refunded),
    }).toEqual({
      refunds: 1,
      refunded: 25,
    });
    // The customer reads the refund's date as the return's.
    const orders = (await t.request({ method: 'GET', url: '/api/userinfo/orders', token: customer.token })).json() as {
      refunds: { date: string }[];
    }[];
    expect(orders.flatMap((purchase) => purchase.refunds.map((refund) => refund.date))).toEqual([returnedAt.toISOString()]);

    // An order waiting for a mapping is returned (the customer got nothing); support maps it today.
    const waiting = paidOrder({ email: uniqueEmail('waiting'), product: 'space-echo', subtotal: 40, paidAt });
    await postWebhook(t.app, [waiting], { secret });
    const early = returnCreated(waiting.data.id as string);
    early.data.changed = returnedAt.getTime();
    expect((await postWebhook(t.app, [early], { secret })).statusCode).toBe(200);
    const paidDayBefore = await totalsOn(dayOf(paidAt));
    const returnedDayBeforeReplay = await totalsOn(dayOf(returnedAt));
    await mapAndReplay(waiting.id);
    const { rows } = await t.db.query<{ state: string; creation_date: Date; refunded_at: Date; refunded: string }>(
      'SELECT state, creation_date, refunded_at, refunded::text FROM orders WHERE provider_order_id = $1',
      [waiting.data.id],
    );
    expect(rows).toEqual([{ state: 'refunded', creation_date: paidAt, refunded_at: returnedAt, refunded: '40.00' }]);
    const paidDay = await totalsOn(dayOf(paidAt));
    expect({ units: paidDay.units - paidDayBefore.units, revenue: usd(paidDay.revenue) - usd(paidDayBefore.revenue) }).toEqual({
      units: 1,
      revenue: 40,
    });
    const returnedDayAfter = await totalsOn(dayOf(returnedAt));
    expect(usd(returnedDayAfter.refunded) - usd(returnedDayBeforeReplay.refunded)).toBe(40);
  });
});
