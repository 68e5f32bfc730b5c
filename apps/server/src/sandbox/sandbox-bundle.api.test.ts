import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail } from '../../test/test-app.js';
import { giveLicence } from '../modules/licence/licence.test-factory.js';
import { finalizeSandboxSession } from './sandbox.test-factory.js';

// The demo's Studio Bundle in the stand-in (decisions 054 and 056): the catalogue sells it, its popup shows what it
// holds, its signed `order.completed` carries the bundle's item and one item per product whose `driver` names the
// bundle (the shape of test/fixtures/fastspring/order-completed-bundle.json), and its `return.created` returns the
// bundle's item, as test/fixtures/fastspring/return-created-bundle.json.
const t = await createTestApp();
await t.app.listen({ port: 0, host: '127.0.0.1' });

type OrderItem = { product: string; quantity: number; subtotal: number; driver?: { type: string; path: string } };

const checkout = (cart: object) => finalizeSandboxSession(t, cart, { origin: 'http://localhost:3000/products/studio-bundle' });
const pay = async (token: string, email: string) => {
  const paid = await t.request({
    method: 'POST',
    url: '/sandbox/api/pay',
    body: { session: token, email, firstName: 'Sam', lastName: 'Sandbox', country: 'DE' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return (paid.json() as { id: string }).id;
};
const refund = async (orderId: string) => {
  const replayed = await t.request({
    method: 'POST',
    url: '/sandbox/api/replay',
    token: await t.adminToken(),
    body: { orderId, kind: 'return' },
  });
  expect(replayed.json()).toMatchObject({ status: 200 });
};
const storedEvent = async (type: string, orderId: string) =>
  (
    await t.db.query(
      `SELECT payload FROM webhook_event WHERE type = $1 AND coalesce(payload->'data'->>'id', payload->'data'->'original'->>'id') = $2`,
      [type, orderId],
    )
  ).rows[0]?.payload as { data: { items: OrderItem[] } } | undefined;
const licencesOf = async (orderId: string) =>
  (
    await t.db.query<{ product: string; provider_item: string; state: string; amount: string | null }>(
      `SELECT p.name AS product, o.provider_item, o.state, o.amount::text FROM orders o JOIN product p ON p.id = o.product_id
        WHERE o.provider_order_id = $1 ORDER BY o.provider_item`,
      [orderId],
    )
  ).rows;

describe('the Studio Bundle in the sandbox', () => {
  it('sells the bundle: one licence per product it holds, in FastSpring’s bundle shape, and its return refunds them all', async () => {
    const { url, token } = await checkout({ items: [{ path: 'studio-bundle', quantity: 1 }] });
    const popup = await t.request({ method: 'GET', url });
    expect(popup.body).toContain('Studio Bundle × 1');
    expect(popup.body).toContain('Includes Spacey, Punch and Tapewarm');

    const email = uniqueEmail('bundle');
    const orderId = await pay(token, email);
    const completed = await storedEvent('order.completed', orderId);
    const bundleDriver = { type: 'bundle', path: 'studio-bundle' };
    expect(completed!.data.items).toEqual([
      expect.objectContaining({ product: 'studio-bundle', quantity: 1, subtotal: 119 }),
      expect.objectContaining({ product: 'spacey', quantity: 1, subtotal: 0, driver: bundleDriver }),
      expect.objectContaining({ product: 'punch', quantity: 1, subtotal: 0, driver: bundleDriver }),
      expect.objectContaining({ product: 'tapewarm', quantity: 1, subtotal: 0, driver: bundleDriver }),
    ]);
    // One licence per product, none of the bundle itself, sharing the 119.00 paid to the cent.
    const licences = await licencesOf(orderId);
    expect(licences.map(({ product, provider_item, state }) => ({ product, provider_item, state }))).toEqual([
      { product: 'Punch', provider_item: 'studio-bundle/punch#0', state: 'active' },
      { product: 'Spacey', provider_item: 'studio-bundle/spacey#0', state: 'active' },
      { product: 'Tapewarm', provider_item: 'studio-bundle/tapewarm#0', state: 'active' },
    ]);
    expect(licences.reduce((sum, licence) => sum + Number(licence.amount), 0)).toBeCloseTo(119, 2);

    await refund(orderId);
    const returned = await storedEvent('return.created', orderId);
    expect(returned!.data.items).toEqual([expect.objectContaining({ product: 'studio-bundle', quantity: 1 })]);
    expect((await licencesOf(orderId)).map((licence) => licence.state)).toEqual(['refunded', 'refunded', 'refunded']);
  });

  it('completes an owner’s bundle at their quoted price: licences of the missing products only, and the refund keeps the first', async () => {
    const customer = await t.registerCustomer();
    const spacey = await giveLicence(t, { email: customer.email, productName: 'Spacey', source: 'purchase' });
    const bundleId = (await t.db.query<{ id: number }>(`SELECT id::int AS id FROM product WHERE path = 'studio-bundle'`)).rows[0]!.id;
    const quoted = await t.request({
      method: 'POST',
      url: '/api/userinfo/bundles/quote',
      token: customer.token,
      body: { bundleProductId: bundleId, currency: 'USD' },
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const quote = quoted.json() as {
      price: string;
      session: { contact: { email: string }; items: { product: string; quantity: number; pricing: { price: Record<string, number> } }[] };
    } & { session: { tags: Record<string, string> } };
    // 119.00 less Spacey's share (49 of 157 by the products' own prices).
    expect(quote.price).toBe('81.86');

    const { url, token } = await checkout({
      items: quote.session.items.map((item) => ({ path: item.product, quantity: item.quantity, price: item.pricing.price })),
      tags: quote.session.tags,
      contact: quote.session.contact,
      paymentContact: quote.session.contact,
    });
    expect((await t.request({ method: 'GET', url })).body).toContain('USD 81.86');
    const orderId = await pay(token, customer.email);
    const licences = await licencesOf(orderId);
    expect(licences).toEqual([
      { product: 'Punch', provider_item: 'studio-bundle/punch#0', state: 'active', amount: '40.93' },
      { product: 'Tapewarm', provider_item: 'studio-bundle/tapewarm#0', state: 'active', amount: '40.93' },
    ]);

    await refund(orderId);
    expect((await licencesOf(orderId)).map((licence) => licence.state)).toEqual(['refunded', 'refunded']);
    const { rows } = await t.db.query('SELECT state FROM orders WHERE id = $1', [spacey.order.id]);
    expect(rows[0].state).toBe('active');
  });
});
