import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail } from '../../../test/test-app.js';
import { orderCompleted, partialReturnCreated, postWebhook, providerId, returnCreated } from '../../../test/webhook-fixtures.js';

// A return is carried out in full whatever the order of events: before its order, while its order needs attention,
// resent under new event ids, with the missing licences issued later by an administrator's replay (decision 014).
const secret = 'test-webhook-secret';
const t = await createTestApp({ FASTSPRING_WEBHOOK_SECRET: secret });

const statesOf = async (providerOrderId: string) =>
  (
    await t.db.query('SELECT provider_item, state FROM orders WHERE provider_order_id = $1 ORDER BY provider_item', [providerOrderId])
  ).rows.map((row: { provider_item: string; state: string }) => `${row.provider_item} ${row.state}`);
const refundsOf = async (providerOrderId: string) =>
  (
    await t.db.query<{ return_id: string; revoked: number }>(
      'SELECT return_id, cardinality(revoked_order_ids) AS revoked FROM provider_refund WHERE provider_order_id = $1 ORDER BY return_id',
      [providerOrderId],
    )
  ).rows;
const moneyOf = async (providerOrderId: string) =>
  (
    await t.db.query<{ provider_item: string; state: string; amount: string | null; refunded: string | null }>(
      'SELECT provider_item, state, amount::text, refunded::text FROM orders WHERE provider_order_id = $1 ORDER BY provider_item',
      [providerOrderId],
    )
  ).rows;
const eventRow = async (id: string) => (await t.db.query('SELECT * FROM webhook_event WHERE id = $1', [id])).rows[0];
const replay = async (id: string, productOfPath: Record<string, string>) =>
  t.request({ method: 'POST', url: `/api/webhookEvent/${id}/replay`, token: await t.adminToken(), body: { productOfPath } });

describe('a return of an order that needs attention', () => {
  it("revokes the licences an administrator's replay issues after the refund", async () => {
    const order = orderCompleted({ email: uniqueEmail(), items: [{ product: 'spacey' }, { product: 'space-echo' }] });
    const orderId = order.data.id as string;
    await postWebhook(t.app, [order], { secret });
    expect(await statesOf(orderId)).toEqual(['spacey#0 active']);
    expect((await eventRow(order.id)).attention).toBe('unknown product path: space-echo');

    const refund = returnCreated(orderId, {
      items: [
        { product: 'spacey', quantity: 1 },
        { product: 'space-echo', quantity: 1 },
      ],
    });
    expect((await postWebhook(t.app, [refund], { secret })).statusCode).toBe(200);
    expect(await statesOf(orderId)).toEqual(['spacey#0 refunded']);
    // The note says the returned line that revoked nothing yet.
    expect((await eventRow(refund.id)).error).toMatch(/space-echo/);

    const replayed = await replay(order.id, { 'space-echo': 'Punch' });
    expect(replayed.json()).toMatchObject({ result: 'resolved' });
    expect(await statesOf(orderId)).toEqual(['space-echo#0 refunded', 'spacey#0 refunded']);
    expect(await refundsOf(orderId)).toEqual([{ return_id: refund.data.return, revoked: 2 }]);

    // A resend of the order and the refund's resend change nothing.
    await postWebhook(
      t.app,
      [
        { ...order, id: providerId() },
        { ...refund, id: providerId() },
      ],
      { secret },
    );
    expect(await statesOf(orderId)).toEqual(['space-echo#0 refunded', 'spacey#0 refunded']);
    expect(await refundsOf(orderId)).toEqual([{ return_id: refund.data.return, revoked: 2 }]);
  });

  it('revokes the whole purchase, and only the units returned, whichever came first', async () => {
    // A return of the whole purchase, before the order, whose item then needs attention.
    const whole = orderCompleted({ email: uniqueEmail(), items: [{ product: 'tapewarm' }, { product: 'space-echo', quantity: 2 }] });
    const wholeId = whole.data.id as string;
    const early = returnCreated(wholeId);
    await postWebhook(t.app, [early, whole], { secret });
    expect(await statesOf(wholeId)).toEqual(['tapewarm#0 refunded']);
    expect((await eventRow(early.id)).resolved_by).toBe('its order arrived');
    await replay(whole.id, { 'space-echo': 'Spacey' });
    expect(await statesOf(wholeId)).toEqual(['space-echo#0 refunded', 'space-echo#1 refunded', 'tapewarm#0 refunded']);

    // One unit of two returned while the item waits: one licence of the two issued later is revoked.
    const part = orderCompleted({ email: uniqueEmail(), items: [{ product: 'space-echo', quantity: 2 }] });
    const partId = part.data.id as string;
    await postWebhook(t.app, [part], { secret });
    await postWebhook(t.app, [returnCreated(partId, { items: [{ product: 'space-echo', quantity: 1 }] })], { secret });
    expect(await statesOf(partId)).toEqual([]);
    await replay(part.id, { 'space-echo': 'Spacey' });
    expect(await statesOf(partId)).toEqual(['space-echo#0 active', 'space-echo#1 refunded']);
  });
});

describe('an amount refund of an order that needs attention', () => {
  it("is recorded on the licences an administrator's replay issues after it, alone or beside returned units", async () => {
    // An amount-only return while the order's only item waits for its product.
    const order = orderCompleted({ email: uniqueEmail(), items: [{ product: 'space-echo' }] });
    (order.data.items as Record<string, unknown>[])[0]!.subtotal = 50;
    const orderId = order.data.id as string;
    await postWebhook(t.app, [order], { secret });
    expect((await eventRow(order.id)).attention).toBe('unknown product path: space-echo');
    const partial = partialReturnCreated(orderId, 'space-echo', 10);
    expect((await postWebhook(t.app, [partial], { secret })).statusCode).toBe(200);
    expect((await eventRow(partial.id)).attention).toBeNull();

    expect((await replay(order.id, { 'space-echo': 'Spacey' })).json()).toMatchObject({ result: 'resolved' });
    const refunded = [{ provider_item: 'space-echo#0', state: 'active', amount: '50.00', refunded: '10.00' }];
    expect(await moneyOf(orderId)).toEqual(refunded);
    // The return's note said where the amount went.
    expect((await eventRow(partial.id)).error).toMatch(/space-echo had no licence to refund: its amount is refunded when one is issued/);
    // The order and the return resent: nothing is refunded twice.
    await postWebhook(
      t.app,
      [
        { ...order, id: providerId() },
        { ...partial, id: providerId() },
      ],
      { secret },
    );
    expect(await moneyOf(orderId)).toEqual(refunded);

    // A return of a unit of the item issued and an amount of the item that waits.
    const mixed = orderCompleted({ email: uniqueEmail(), items: [{ product: 'spacey' }, { product: 'space-echo' }] });
    (mixed.data.items as Record<string, unknown>[])[0]!.subtotal = 40;
    (mixed.data.items as Record<string, unknown>[])[1]!.subtotal = 50;
    const mixedId = mixed.data.id as string;
    await postWebhook(t.app, [mixed], { secret });
    const mixedReturn = partialReturnCreated(mixedId, 'space-echo', 10);
    mixedReturn.data.items = [
      { product: 'spacey', quantity: 1, subtotal: 40, refundType: 'Full Refund' },
      { product: 'space-echo', quantity: 0, subtotal: 10, refundType: 'Partial Refund' },
    ];
    mixedReturn.data.totalReturn = 50;
    expect((await postWebhook(t.app, [mixedReturn], { secret })).statusCode).toBe(200);
    await replay(mixed.id, { 'space-echo': 'Punch' });
    expect(await moneyOf(mixedId)).toEqual([
      { provider_item: 'space-echo#0', state: 'active', amount: '50.00', refunded: '10.00' },
      { provider_item: 'spacey#0', state: 'refunded', amount: '40.00', refunded: '40.00' },
    ]);
  });
});

describe('a return resent under a new event id', () => {
  it('is carried out once when it came before its order', async () => {
    const order = orderCompleted({ email: uniqueEmail(), items: [{ product: 'spacey', quantity: 2 }] });
    const orderId = order.data.id as string;
    const first = returnCreated(orderId, { items: [{ product: 'spacey', quantity: 2 }] });
    const resent = { ...first, id: providerId() };
    expect((await postWebhook(t.app, [first], { secret })).body).toBe(first.id);
    expect((await postWebhook(t.app, [resent], { secret })).body).toBe(resent.id);
    expect((await postWebhook(t.app, [order], { secret })).statusCode).toBe(200);

    expect(await statesOf(orderId)).toEqual(['spacey#0 refunded', 'spacey#1 refunded']);
    expect(await refundsOf(orderId)).toEqual([{ return_id: first.data.return, revoked: 2 }]);
    expect((await eventRow(first.id)).resolved_by).toBe('its order arrived');

    // The reconciliation's copy of the same return, later, changes nothing.
    const copy = { ...first, id: `reconcile:return:${first.data.return as string}` };
    expect((await postWebhook(t.app, [copy], { secret })).statusCode).toBe(200);
    expect((await eventRow(copy.id)).error).toBe('return already processed');
    expect(await refundsOf(orderId)).toEqual([{ return_id: first.data.return, revoked: 2 }]);
  });
});

describe('a refund', () => {
  it('mails the payer once what was refunded and which licences ended, and a partial refund that none did', async () => {
    const email = uniqueEmail('refunded');
    const order = orderCompleted({ email, items: [{ product: 'spacey', quantity: 2 }] });
    const orderId = order.data.id as string;
    await postWebhook(t.app, [order], { secret });
    const refund = returnCreated(orderId, { items: [{ product: 'spacey', quantity: 1 }] });
    await postWebhook(t.app, [refund], { secret });
    await postWebhook(t.app, [{ ...refund, id: providerId() }], { secret }); // resent: no second mail
    const ended = (await t.db.query<{ id: number }>(`SELECT id FROM orders WHERE provider_order_id = $1 AND state = 'refunded'`, [orderId]))
      .rows[0]!.id;
    const refundMails = async () =>
      (
        await t.db.query<{ subject: string; body_text: string }>(
          `SELECT subject, body_text FROM mail_outbox WHERE recipient = $1 ORDER BY id`,
          [email],
        )
      ).rows.filter((mail) => mail.subject.startsWith('Refund of your order'));
    expect(await refundMails()).toHaveLength(1);
    const [mail] = await refundMails();
    expect(mail!.subject).toBe(`Refund of your order ${order.data.reference as string}`);
    expect(mail!.body_text).toContain(`Licences ended: Spacey (licence #${ended})`);

    await postWebhook(t.app, [partialReturnCreated(orderId, 'spacey', 5)], { secret });
    const mails = await refundMails();
    expect(mails).toHaveLength(2);
    expect(mails[1]!.body_text).toContain('USD 5.00 of your order');
    expect(mails[1]!.body_text).toContain('Licences ended: none: your licences stay active');
  });
});
