import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail } from '../../../test/test-app.js';
import { partialReturnCreated, postWebhook } from '../../../test/webhook-fixtures.js';
import { publishedPost } from '../../../test/published-samples.js';

// Bundles in FastSpring's shapes (test/fixtures/fastspring/README.md, decision 054): the bundle's item with its
// products as items whose `driver` names it, or its products only.

const secret = 'test-webhook-secret';
const t = await createTestApp({ FASTSPRING_WEBHOOK_SECRET: secret });
const parts = { part1: 'spacey', part2: 'punch', part3: 'tapewarm' };

/** A bundle product holding Spacey, Punch and Tapewarm (the demo seed's products). */
async function createBundle(): Promise<string> {
  const admin = await t.adminToken();
  const name = `Studio Bundle ${Math.random().toString(36).slice(2, 8)}`;
  const created = await t.request({
    method: 'POST',
    url: '/api/product/',
    token: admin,
    body: { id: 0, name, description: 'Three plug-ins', price: '99' },
  });
  expect(created.statusCode, created.body).toBe(200);
  const bundle = created.json() as { id: number; path: string };
  await t.db.query(`INSERT INTO bundle_part (bundle_product_id, part_product_id) SELECT $1, id FROM product WHERE path = ANY($2::text[])`, [
    bundle.id,
    Object.values(parts),
  ]);
  return bundle.path;
}

const licencesOf = async (providerOrderId: string) =>
  (
    await t.db.query<{ path: string; provider_item: string; state: string; amount: string | null; refunded: string | null }>(
      `SELECT p.path, o.provider_item, o.state, o.amount::text, o.refunded::text FROM orders o JOIN product p ON p.id = o.product_id
        WHERE o.provider_order_id = $1 ORDER BY p.path`,
      [providerOrderId],
    )
  ).rows;

async function buyBundle(
  sample: 'order-completed-bundle' | 'order-completed-bundle-parts-only',
  bundle: string,
  email = uniqueEmail('bundle'),
) {
  const events = publishedPost(sample, { email, bundle, ...parts });
  const response = await postWebhook(t.app, events, { secret });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return { orderId: events[0]!.data.id as string, email, events };
}

describe('a bundle bought through the webhook', () => {
  it('issues one licence per product it holds, not one of itself, when its own item comes with its products', async () => {
    const bundle = await createBundle();
    const { orderId } = await buyBundle('order-completed-bundle', bundle);
    const licences = await licencesOf(orderId);
    expect(licences.map((licence) => licence.path)).toEqual(['punch', 'spacey', 'tapewarm']);
    expect(licences.map((licence) => licence.provider_item).sort()).toEqual(
      [`${bundle}/punch#0`, `${bundle}/spacey#0`, `${bundle}/tapewarm#0`].sort(),
    );
    // 99.00 over three licences, to the cent.
    expect(licences.map((licence) => licence.amount).sort()).toEqual(['33.00', '33.00', '33.00']);
  });

  it('issues the same licences when only its products come, sharing what they were paid in all', async () => {
    const bundle = await createBundle();
    const { orderId } = await buyBundle('order-completed-bundle-parts-only', bundle);
    const licences = await licencesOf(orderId);
    expect(licences.map((licence) => licence.path)).toEqual(['punch', 'spacey', 'tapewarm']);
    expect(licences.map((licence) => licence.provider_item).sort()).toEqual(
      [`${bundle}/punch#0`, `${bundle}/spacey#0`, `${bundle}/tapewarm#0`].sort(),
    );
    // 40 + 30 + 29 paid for the bundle's products, spread over its licences (decision 054).
    expect(licences.map((licence) => licence.amount)).toEqual(['33.00', '33.00', '33.00']);
  });

  it('issues nothing twice when the order is sent again', async () => {
    const bundle = await createBundle();
    const { orderId, events } = await buyBundle('order-completed-bundle', bundle);
    const again = events.map((event) => ({ ...event, id: `${event.id}-resent` }));
    expect((await postWebhook(t.app, again, { secret })).statusCode).toBeLessThan(300);
    expect(await licencesOf(orderId)).toHaveLength(3);
  });

  it('splits an amount that does not divide evenly so the licences add up to the cent', async () => {
    const bundle = await createBundle();
    const email = uniqueEmail('bundle');
    const events = publishedPost('order-completed-bundle', { email, bundle, ...parts }, (data) => {
      (data.items as { subtotal: number }[])[0]!.subtotal = 100;
    });
    await postWebhook(t.app, events, { secret });
    const amounts = (await licencesOf(events[0]!.data.id as string)).map((licence) => licence.amount).sort();
    expect(amounts).toEqual(['33.33', '33.33', '33.34']);
  });
});

describe('a bundle returned', () => {
  it('revokes every licence of the bundle when the bundle is returned', async () => {
    const bundle = await createBundle();
    const { orderId, email } = await buyBundle('order-completed-bundle', bundle);
    const refund = publishedPost('return-created-bundle', { email, bundle, orderId });
    expect((await postWebhook(t.app, refund, { secret })).statusCode).toBeLessThan(300);
    const licences = await licencesOf(orderId);
    expect(licences.map((licence) => licence.state)).toEqual(['refunded', 'refunded', 'refunded']);
  });

  it('revokes the licences of a bundle bought as products only', async () => {
    const bundle = await createBundle();
    const { orderId, email } = await buyBundle('order-completed-bundle-parts-only', bundle);
    const refund = publishedPost('return-created-bundle', { email, bundle, orderId });
    await postWebhook(t.app, refund, { secret });
    expect((await licencesOf(orderId)).map((licence) => licence.state)).toEqual(['refunded', 'refunded', 'refunded']);
  });

  it('keeps the licences on an amount refund of the bundle and spreads the amount over them (decision 014)', async () => {
    const bundle = await createBundle();
    const { orderId } = await buyBundle('order-completed-bundle', bundle);
    await postWebhook(t.app, [partialReturnCreated(orderId, bundle, 10)], { secret });
    const licences = await licencesOf(orderId);
    expect(licences.map((licence) => licence.state)).toEqual(['active', 'active', 'active']);
    expect(licences.map((licence) => licence.refunded).sort()).toEqual(['3.33', '3.33', '3.34']);
  });

  it("records an amount refund of one of its products on that product's licence of the bundle, not on one bought alone", async () => {
    const bundle = await createBundle();
    // The bundle's products, and Spacey bought alone beside them.
    const events = publishedPost('order-completed-bundle-parts-only', { email: uniqueEmail('bundle'), bundle, ...parts }, (data) => {
      const items = data.items as Record<string, unknown>[];
      const alone: Record<string, unknown> = { ...items[0], product: 'spacey', display: 'spacey', quantity: 1, subtotal: 40 };
      delete alone.driver;
      items.push(alone);
    });
    expect((await postWebhook(t.app, events, { secret })).statusCode).toBeLessThan(300);
    const orderId = events[0]!.data.id as string;
    const partial = partialReturnCreated(orderId, 'spacey', 6);
    (partial.data.items as Record<string, unknown>[])[0]!.driver = { type: 'bundle', path: bundle };
    expect((await postWebhook(t.app, [partial], { secret })).statusCode).toBe(200);
    const refunded = Object.fromEntries((await licencesOf(orderId)).map((licence) => [licence.provider_item, licence.refunded]));
    expect(refunded).toEqual({
      [`${bundle}/punch#0`]: null,
      [`${bundle}/spacey#0`]: '6.00',
      [`${bundle}/tapewarm#0`]: null,
      'spacey#0': null,
    });
  });
});
