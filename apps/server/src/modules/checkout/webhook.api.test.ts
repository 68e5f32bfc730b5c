import { describe, expect, it } from 'vitest';
import { decryptKeyFile } from '../../licensing/juce-key-file.js';
import { listRecentMail } from '../../mail/outbox.js';
import { signWebhookBody } from './webhook-signature.js';
import { createTestApp, uniqueEmail, licenceMailsTo } from '../../../test/test-app.js';
import { orderCompleted, postWebhook, providerId, returnCreated } from '../../../test/webhook-fixtures.js';

const secret = 'test-webhook-secret';
const t = await createTestApp({ FASTSPRING_WEBHOOK_SECRET: secret });

const ordersOf = async (providerOrderId: string) =>
  (
    await t.db.query(
      `SELECT o.*, p.name AS product_name, p.public_key, p.public_key_2048, pe.email, pe.name AS person_name, pe.country
         FROM orders o JOIN product p ON p.id = o.product_id JOIN person pe ON pe.id = o.person_id
        WHERE o.provider_order_id = $1 ORDER BY o.provider_item`,
      [providerOrderId],
    )
  ).rows;
const countRows = async (table: string) => (await t.db.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n as number;

describe('webhook signature', () => {
  it('refuses a missing or wrong signature with 401 and writes nothing', async () => {
    const before = { events: await countRows('webhook_event'), orders: await countRows('orders') };
    const event = orderCompleted({ email: uniqueEmail(), items: [{ product: 'punch' }] });
    for (const signature of ['missing', 'wrong'] as const) {
      const response = await postWebhook(t.app, [event], { secret, signature });
      expect(response.statusCode, signature).toBe(401);
      expect(response.body).toMatch(/signature/);
    }
    const original = JSON.stringify({ events: [event] });
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/fastspring/webhook',
      headers: { 'content-type': 'application/json', 'x-fs-signature': signWebhookBody(secret, original) },
      payload: original.replace('punch', 'spacey'),
    });
    expect(tampered.statusCode).toBe(401);
    expect({ events: await countRows('webhook_event'), orders: await countRows('orders') }).toEqual(before);
  });

  it('refuses a signed body that is not a list of events with 400', async () => {
    const response = await postWebhook(t.app, '{"nope":true}', { secret });
    expect(response.statusCode).toBe(400);
  });
});

describe('order.completed', () => {
  it('creates the person and a licence whose key files decrypt with the product key and name the customer', async () => {
    const email = uniqueEmail('buyer');
    const event = orderCompleted({ email, first: 'Ada', last: 'Lovelace', country: 'GB', items: [{ product: 'spacey' }] });
    const response = await postWebhook(t.app, [event], { secret });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(event.id);

    const [order, ...rest] = await ordersOf(event.data.id as string);
    expect(rest).toHaveLength(0);
    expect(order).toMatchObject({
      email,
      person_name: 'Ada Lovelace',
      country: 'GB',
      source: 'purchase',
      state: 'active',
      provider_item: 'spacey#0',
    });
    const key2048 = decryptKeyFile(order.serial_2048, order.public_key_2048);
    const key1024 = decryptKeyFile(order.serial_new, order.public_key);
    for (const key of [key2048, key1024]) expect(key).toMatchObject({ user: 'Ada Lovelace', email, app: 'Spacey', mach: '' });

    const mails = await licenceMailsTo(t.db, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.attachments).toEqual([{ filename: 'Spacey_SerialKey.txt', content: order.serial_2048, contentType: 'text/plain' }]);
    const stored = await t.db.query('SELECT processed_at, error FROM webhook_event WHERE id = $1', [event.id]);
    expect(stored.rows[0].processed_at).toBeInstanceOf(Date);
    expect(stored.rows[0].error).toBeNull();
  });

  it('makes one licence per unit (quantity 2 gives 2 licences) and one confirmation listing them all', async () => {
    const email = uniqueEmail();
    const event = orderCompleted({ email, items: [{ product: 'Punch', quantity: 2 }, { product: 'spacey' }] });
    expect((await postWebhook(t.app, [event], { secret })).statusCode).toBe(200);
    const orders = await ordersOf(event.data.id as string);
    expect(orders.map((order) => order.provider_item).sort()).toEqual(['punch#0', 'punch#1', 'spacey#0']);
    const punches = orders.filter((order) => order.provider_item.startsWith('punch'));
    const punchKey = decryptKeyFile(punches[0].serial_new, punches[0].public_key);
    expect(punchKey?.app).toBe('Punch');
    expect(punches[0].serial_2048).toBe('');
    const mails = await licenceMailsTo(t.db, email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.body_html).toMatch(/^<!DOCTYPE html/);
    expect(mail!.attachments.map((file) => file.filename).sort()).toEqual(
      [`Punch_SerialKey_${punches[0].id}.txt`, `Punch_SerialKey_${punches[1].id}.txt`, 'Spacey_SerialKey.txt'].sort(),
    );
    expect(mail!.attachments.find((file) => file.filename === `Punch_SerialKey_${punches[1].id}.txt`)?.content).toBe(punches[1].serial_new);
    for (const order of orders) expect(mail!.body_text).toContain(`Licence: #${order.id}`);
  });

  it('takes the same event posted 10 times at once as one order', async () => {
    const email = uniqueEmail();
    const event = orderCompleted({ email, items: [{ product: 'tapewarm' }] });
    const responses = await Promise.all(Array.from({ length: 10 }, () => postWebhook(t.app, [event], { secret })));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    expect(await ordersOf(event.data.id as string)).toHaveLength(1);
    expect(await licenceMailsTo(t.db, email)).toHaveLength(1);
  });

  it('makes no second licence from a manual resend (new event id, same order)', async () => {
    const email = uniqueEmail();
    const event = orderCompleted({ email, items: [{ product: 'punch' }] });
    expect((await postWebhook(t.app, [event], { secret })).statusCode).toBe(200);
    const resends = [
      { ...event, id: providerId() },
      { ...event, id: providerId() },
    ];
    const answers = await Promise.all(resends.map((resend) => postWebhook(t.app, [resend], { secret })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await ordersOf(event.data.id as string)).toHaveLength(1);
    expect(await licenceMailsTo(t.db, email)).toHaveLength(1);
  });

  it('processes several events of one post, noting unknown product paths without failing', async () => {
    const first = orderCompleted({ email: uniqueEmail(), items: [{ product: 'punch' }, { product: 'no-such-plugin' }] });
    const second = orderCompleted({ email: uniqueEmail(), items: [{ product: 'tapewarm' }] });
    const other = { id: providerId(), type: 'account.created', live: false, processed: false, created: Date.now(), data: {} };
    const response = await postWebhook(t.app, [first, second, other], { secret });
    expect(response.statusCode).toBe(200);
    expect(response.body.split('\n')).toEqual([first.id, second.id, other.id]);
    expect(await ordersOf(first.data.id as string)).toHaveLength(1);
    expect(await ordersOf(second.data.id as string)).toHaveLength(1);
    const { rows } = await t.db.query('SELECT error FROM webhook_event WHERE id = $1', [first.id]);
    expect(rows[0].error).toBe('unknown product path: no-such-plugin');
    const [alert] = await listRecentMail(t.db, 1, t.config.SUPPORT_EMAIL);
    expect(alert!.subject).toBe(`Order ${first.data.id} names unknown products`);
    expect(alert!.body_text).toContain('no-such-plugin');
  });

  it('answers 202 with the processed ids when an event fails, records the error, and takes its retry later', async () => {
    const good = orderCompleted({ email: uniqueEmail(), items: [{ product: 'punch' }] });
    const failing = orderCompleted({ email: uniqueEmail(), items: [{ product: 'punch' }] });
    // A passing failure (here: the licence table refuses this order for a moment) is retried by the provider.
    const guard = `CREATE OR REPLACE FUNCTION refuse_order() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        IF NEW.provider_order_id = '${failing.data.id as string}' THEN RAISE EXCEPTION 'database unavailable'; END IF; RETURN NEW; END $$`;
    await t.db.query(guard);
    await t.db.query('CREATE TRIGGER refuse_order BEFORE INSERT ON orders FOR EACH ROW EXECUTE FUNCTION refuse_order()');
    const response = await postWebhook(t.app, [failing, good], { secret });
    await t.db.query('DROP TRIGGER refuse_order ON orders');
    expect(response.statusCode).toBe(202);
    expect(response.body).toBe(good.id);
    const { rows } = await t.db.query('SELECT processed_at, error FROM webhook_event WHERE id = $1', [failing.id]);
    expect(rows[0]).toMatchObject({ processed_at: null, error: expect.stringMatching(/database unavailable/) });

    const retry = await postWebhook(t.app, [failing], { secret });
    expect(retry.statusCode).toBe(200);
    expect((await ordersOf(failing.data.id as string)).map((row) => row.state)).toEqual(['active']);
  });

  it("finds each item's product by its FastSpring path, not its name, and a return by the path the licence was sold under", async () => {
    const token = await t.adminToken();
    const created = await t.request({
      method: 'POST',
      url: '/api/product/',
      token,
      body: { id: 0, name: 'Space Echo', description: 'Tape echo', price: '39' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const product = created.json() as { id: number; path: string };
    expect(product.path).toBe('space-echo');

    const email = uniqueEmail();
    const event = orderCompleted({ email, items: [{ product: 'space-echo' }] });
    expect((await postWebhook(t.app, [event], { secret })).statusCode).toBe(200);
    const [licence] = await ordersOf(event.data.id as string);
    expect(licence).toMatchObject({ product_name: 'Space Echo', provider_item: 'space-echo#0', state: 'active' });
    expect((await licenceMailsTo(t.db, email))[0]!.attachments[0]!.filename).toBe('Space Echo_SerialKey.txt');

    // The store renames the item: new orders carry the new path; the old licence still answers to its own.
    const moved = await t.request({
      method: 'POST',
      url: '/api/product/',
      token,
      body: { id: product.id, name: 'Space Echo', description: 'Tape echo', path: 'space-echo-2' },
    });
    expect(moved.json()).toMatchObject({ path: 'space-echo-2' });
    const newer = orderCompleted({ email, items: [{ product: 'space-echo-2' }] });
    await postWebhook(t.app, [newer], { secret });
    expect((await ordersOf(newer.data.id as string)).map((order) => order.product_name)).toEqual(['Space Echo']);
    const stale = orderCompleted({ email, items: [{ product: 'space-echo' }] });
    await postWebhook(t.app, [stale], { secret });
    expect(await ordersOf(stale.data.id as string)).toEqual([]);
    expect((await t.db.query('SELECT attention FROM webhook_event WHERE id = $1', [stale.id])).rows[0].attention).toBe(
      'unknown product path: space-echo',
    );
    const refund = returnCreated(event.data.id as string, { items: [{ product: 'space-echo', quantity: 1 }] });
    expect((await postWebhook(t.app, [refund], { secret })).statusCode).toBe(200);
    expect((await ordersOf(event.data.id as string)).map((order) => order.state)).toEqual(['refunded']);

    // The product's name is no path: such an item waits in "needs attention".
    const byName = orderCompleted({ email, items: [{ product: 'Space Echo' }] });
    await postWebhook(t.app, [byName], { secret });
    expect(await ordersOf(byName.data.id as string)).toEqual([]);
    const { rows } = await t.db.query('SELECT attention FROM webhook_event WHERE id = $1', [byName.id]);
    expect(rows[0].attention).toBe('unknown product path: space echo');
  });

  it('hands a paid licence transfer to the transfer module and makes no licence of it', async () => {
    const tag = 'token;1;new@example.com;New;Owner';
    const event = orderCompleted({ email: uniqueEmail(), items: [{ product: 'licensetransfer' }], tags: { licensetransfer: tag } });
    const response = await postWebhook(t.app, [event], { secret });
    expect(response.statusCode).toBe(200);
    expect(await ordersOf(event.data.id as string)).toHaveLength(0);
  });
});

describe('return.created', () => {
  it('marks the purchase refunded and deletes its devices', async () => {
    const event = orderCompleted({ email: uniqueEmail(), items: [{ product: 'punch', quantity: 2 }] });
    await postWebhook(t.app, [event], { secret });
    const orders = await ordersOf(event.data.id as string);
    for (const [index, order] of orders.entries()) {
      await t.db.query(
        `INSERT INTO order_device (order_id, slot, device_id_hash, device_name, device_id_hash_encrypted) VALUES ($1, 1, $2, 'Studio', 'key')`,
        [order.id, `device-${index}-${order.id}`.padEnd(32, '0')],
      );
    }
    const refund = returnCreated(event.data.id as string);
    expect((await postWebhook(t.app, [refund], { secret })).statusCode).toBe(200);
    const after = await ordersOf(event.data.id as string);
    expect(after.map((order) => order.state)).toEqual(['refunded', 'refunded']);
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM order_device WHERE order_id = ANY($1::bigint[])', [
      orders.map((o) => o.id),
    ]);
    expect(rows[0].n).toBe(0);
    // A second refund event of the same purchase is acknowledged without work.
    expect((await postWebhook(t.app, [returnCreated(event.data.id as string)], { secret })).statusCode).toBe(200);
  });

  it('refunds only the returned units of a partial return, the last issued first, and a resent return once', async () => {
    const event = orderCompleted({ email: uniqueEmail(), items: [{ product: 'punch', quantity: 3 }, { product: 'tapewarm' }] });
    await postWebhook(t.app, [event], { secret });
    const orderId = event.data.id as string;
    const states = async () => (await ordersOf(orderId)).map((order) => `${order.provider_item} ${order.state}`);
    const partial = returnCreated(orderId, { items: [{ product: 'punch', quantity: 1 }] });
    expect((await postWebhook(t.app, [partial], { secret })).statusCode).toBe(200);
    expect(await states()).toEqual(['punch#0 active', 'punch#1 active', 'punch#2 refunded', 'tapewarm#0 active']);

    // The same return resent with a new event id refunds nothing more.
    const resent = { ...returnCreated(orderId, { items: [{ product: 'punch', quantity: 1 }], returnId: partial.data.return as string }) };
    expect((await postWebhook(t.app, [resent], { secret })).statusCode).toBe(200);
    expect(await states()).toEqual(['punch#0 active', 'punch#1 active', 'punch#2 refunded', 'tapewarm#0 active']);

    // A second return of the rest of the line, and one with no items (the whole purchase), refund the rest.
    await postWebhook(t.app, [returnCreated(orderId, { items: [{ product: 'Punch', quantity: 5 }] })], { secret });
    expect(await states()).toEqual(['punch#0 refunded', 'punch#1 refunded', 'punch#2 refunded', 'tapewarm#0 active']);
    await postWebhook(t.app, [returnCreated(orderId)], { secret });
    expect(await states()).toEqual(['punch#0 refunded', 'punch#1 refunded', 'punch#2 refunded', 'tapewarm#0 refunded']);
  });
});
