import { describe, expect, it } from 'vitest';
import { createTestApp, licenceMailsTo, uniqueEmail } from '../../../test/test-app.js';
import { orderCompleted, postWebhook, providerId, returnCreated, sampleGiftOrderCompleted } from '../../../test/webhook-fixtures.js';

const secret = 'test-webhook-secret';
const t = await createTestApp({ FASTSPRING_WEBHOOK_SECRET: secret });

const licencesOf = async (providerOrderId: string) =>
  (
    await t.db.query(
      `SELECT o.provider_item, o.state, pe.email FROM orders o JOIN person pe ON pe.id = o.person_id
        WHERE o.provider_order_id = $1 ORDER BY o.provider_item`,
      [providerOrderId],
    )
  ).rows;
const eventRow = async (id: string) => (await t.db.query('SELECT * FROM webhook_event WHERE id = $1', [id])).rows[0];
const admin = async (method: string, url: string, body?: unknown) => t.request({ method, url, token: await t.adminToken(), body });

// The published gift sample (recipient, receipt) and the published partial and full returns are replayed in
// webhook-published-samples.api.test.ts; this hand-built gift also carries per-item tax and total.
describe('gifts', () => {
  it('keeps the money of the order: amounts per item, currency, coupon, invoice and payout currency', async () => {
    const event = sampleGiftOrderCompleted({
      payerEmail: uniqueEmail(),
      recipientEmail: uniqueEmail(),
      product: 'punch',
      quantity: 2,
    });
    await postWebhook(t.app, [event], { secret });
    const { rows } = await t.db.query('SELECT * FROM provider_order WHERE provider_order_id = $1', [event.data.id]);
    expect(rows[0]).toMatchObject({
      currency: 'USD',
      payout_currency: 'USD',
      invoice_url: event.data.invoiceUrl,
      coupons: ['SPRING10'],
      total: '119.98',
      tax: '4.80',
      discount: '10.00',
    });
    expect(rows[0].items).toEqual([
      {
        product: 'punch',
        quantity: 2,
        subtotal: 119.98,
        discount: 10,
        tax: 4.8,
        total: 54.79,
      },
    ]);
  });
});

describe('needs attention', () => {
  it('accepts a return of an unknown purchase, lists it, and carries it out when its order arrives', async () => {
    const order = orderCompleted({
      email: uniqueEmail(),
      items: [{ product: 'punch' }],
    });
    const early = returnCreated(order.data.id as string);
    const response = await postWebhook(t.app, [early], { secret });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(early.id);
    const listed = (await admin('GET', '/api/webhookEvent/?status=attention')).json() as { id: string; result: string }[];
    expect(listed.find((row) => row.id === early.id)).toMatchObject({
      result: 'attention',
    });

    expect((await postWebhook(t.app, [order], { secret })).statusCode).toBe(200);
    expect((await licencesOf(order.data.id as string)).map((row) => row.state)).toEqual(['refunded']);
    expect((await eventRow(early.id)).resolved_by).toBe('its order arrived');
    const after = (await admin('GET', '/api/webhookEvent/?status=attention')).json() as { id: string }[];
    expect(after.map((row) => row.id)).not.toContain(early.id);
  });

  it('accepts a malformed event into the list instead of refusing it', async () => {
    const event = orderCompleted({
      email: uniqueEmail(),
      items: [{ product: 'punch' }],
    });
    (event.data as Record<string, unknown>).items = { product: 'punch' };
    const response = await postWebhook(t.app, [event], { secret });
    expect(response.statusCode).toBe(200);
    const row = (await admin('GET', `/api/webhookEvent/${event.id}`)).json() as { result: string; attention: string };
    expect(row.result).toBe('attention');
    expect(row.attention).toMatch(/^malformed order.completed: items:/);
    const resolved = await admin('POST', `/api/webhookEvent/${event.id}/resolve`, { note: 'sold by hand' });
    expect(resolved.json()).toMatchObject({
      result: 'resolved',
      error: 'sold by hand',
    });
  });

  it('lists an unknown product path; the admin maps it to a product (by name) and the licences are issued then', async () => {
    const email = uniqueEmail();
    const event = orderCompleted({ email, items: [{ product: 'punch' }, { product: 'space-echo', quantity: 2 }] });
    expect((await postWebhook(t.app, [event], { secret })).statusCode).toBe(200);
    // The known item is issued at once; the unknown one waits.
    expect(await licencesOf(event.data.id as string)).toEqual([{ provider_item: 'punch#0', state: 'active', email }]);
    expect((await eventRow(event.id)).attention).toBe('unknown product path: space-echo');

    const unmapped = await admin('POST', `/api/webhookEvent/${event.id}/replay`, {});
    expect(unmapped.json()).toMatchObject({ result: 'attention' });
    const mapped = await admin('POST', `/api/webhookEvent/${event.id}/replay`, {
      productOfPath: { 'space-echo': 'Spacey' },
    });
    expect(mapped.statusCode).toBe(200);
    expect(mapped.json()).toMatchObject({ result: 'resolved' });
    expect(await licencesOf(event.data.id as string)).toEqual([
      { provider_item: 'punch#0', state: 'active', email },
      { provider_item: 'space-echo#0', state: 'active', email },
      { provider_item: 'space-echo#1', state: 'active', email },
    ]);
    const { rows: products } = await t.db.query(
      `SELECT p.name FROM orders o JOIN product p ON p.id = o.product_id WHERE o.provider_order_id = $1 AND o.provider_item LIKE 'space-echo#%'`,
      [event.data.id],
    );
    expect(products.map((row) => row.name)).toEqual(['Spacey', 'Spacey']);
    expect(await licenceMailsTo(t.db, email)).toHaveLength(2);
    // A return of that item revokes it through the same path.
    await postWebhook(
      t.app,
      [
        returnCreated(event.data.id as string, {
          items: [{ product: 'space-echo', quantity: 2 }],
        }),
      ],
      { secret },
    );
    expect((await licencesOf(event.data.id as string)).map((row) => row.state)).toEqual(['active', 'refunded', 'refunded']);
  });

  it('lists an order whose buyer or gift recipient has an address the store refuses, instead of failing it for FastSpring to retry', async () => {
    const own = orderCompleted({ email: 'user@localhost', items: [{ product: 'punch' }] });
    const gift = sampleGiftOrderCompleted({ payerEmail: uniqueEmail(), recipientEmail: 'friend@localhost', product: 'punch' });
    const response = await postWebhook(t.app, [own, gift], { secret });
    expect(response.statusCode).toBe(200);
    expect(response.body.split('\n')).toEqual([own.id, gift.id]);
    for (const event of [own, gift]) {
      const row = await eventRow(event.id);
      expect(row).toMatchObject({ attention: expect.stringMatching(/email/), resolved_at: null });
      expect(row.processed_at).toBeInstanceOf(Date);
      // Nothing of the order was kept: a replay after fixing the address starts from scratch.
      expect(await licencesOf(event.data.id as string)).toEqual([]);
      const kept = await t.db.query('SELECT 1 FROM provider_order WHERE provider_order_id = $1', [event.data.id]);
      expect(kept.rowCount).toBe(0);
    }
  });

  it('is for administrators only, and answers 404 for an unknown event', async () => {
    const customer = await t.registerCustomer();
    expect(
      (
        await t.request({
          method: 'GET',
          url: '/api/webhookEvent/',
          token: customer.token,
        })
      ).statusCode,
    ).toBe(403);
    expect((await admin('GET', `/api/webhookEvent/${providerId()}`)).statusCode).toBe(404);
    expect((await admin('POST', `/api/webhookEvent/${providerId()}/replay`, {})).statusCode).toBe(404);
  });
});
