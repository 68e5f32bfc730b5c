import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail } from '../../../test/test-app.js';
import { postWebhook, providerId, type TestEvent } from '../../../test/webhook-fixtures.js';
import { publishedPost } from '../../../test/published-samples.js';
import { giveLicence } from '../licence/licence.test-factory.js';

// "Complete your bundle" (decision 054): a customer who owns some of a bundle's products pays the rest through a
// quote bound to them, and the webhook issues licences only for what they did not own.

const secret = 'test-webhook-secret';
const t = await createTestApp({ FASTSPRING_WEBHOOK_SECRET: secret });
const parts = { part1: 'spacey', part2: 'punch', part3: 'tapewarm' };

/** Studio Bundle (Spacey, Punch, Tapewarm) at 99 USD; owning one costs 69, owning two 39 (a fixed rule). */
async function createBundle() {
  const admin = await t.adminToken();
  const name = `Studio Bundle ${Math.random().toString(36).slice(2, 8)}`;
  const created = await t.request({
    method: 'POST',
    url: '/api/product/',
    token: admin,
    body: { id: 0, name, description: 'Three', price: '99' },
  });
  expect(created.statusCode, created.body).toBe(200);
  const bundle = created.json() as { id: number; path: string };
  const ids = (await t.db.query<{ id: number }>('SELECT id::int AS id FROM product WHERE path = ANY($1::text[])', [Object.values(parts)]))
    .rows;
  const saved = await t.request({
    method: 'POST',
    url: '/api/bundle/',
    token: admin,
    body: {
      bundleProductId: bundle.id,
      partProductIds: ids.map((row) => row.id),
      rule: 'fixed',
      prices: { USD: '99' },
      ownedPrices: { '1': { USD: '69' }, '2': { USD: '39' } },
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json()).toMatchObject({ rule: 'fixed', prices: { USD: '99.00' }, ownedPrices: { '1': { USD: '69.00' } } });
  return bundle;
}

type Quote = {
  quoteId: string;
  price: string;
  currency: string;
  ownedProductIds: number[];
  session: { items: { product: string }[]; tags: Record<string, string> };
};

async function quoteFor(token: string | undefined, bundleProductId: number) {
  return t.request({ method: 'POST', url: '/api/userinfo/bundles/quote', token, body: { bundleProductId, currency: 'USD' } });
}

/** The bundle bought as FastSpring sends it (its item and its products), with the quote's tag and `paid` on the bundle. */
function bundleOrder(email: string, bundlePath: string, tags: Record<string, string>, paid: number): TestEvent[] {
  return publishedPost('order-completed-bundle', { email, bundle: bundlePath, ...parts }, (data) => {
    data.tags = tags;
    (data.items as { subtotal: number }[])[0]!.subtotal = paid;
  });
}

const licencesOf = async (providerOrderId: string) =>
  (
    await t.db.query<{ path: string; state: string; amount: string | null }>(
      `SELECT p.path, o.state, o.amount::text FROM orders o JOIN product p ON p.id = o.product_id WHERE o.provider_order_id = $1 ORDER BY p.path`,
      [providerOrderId],
    )
  ).rows;
const attentionOf = async (eventId: string) =>
  (await t.db.query('SELECT attention FROM webhook_event WHERE id = $1', [eventId])).rows[0]?.attention;

async function ownerOfSpacey() {
  const customer = await t.registerCustomer();
  const spacey = await giveLicence(t, { email: customer.email });
  return { ...customer, spacey };
}

describe('complete your bundle', () => {
  it('sells an owner of one product the rest at the reduced price, issues only the missing licences, and a refund reverts them', async () => {
    const bundle = await createBundle();
    const customer = await ownerOfSpacey();
    const quoted = await quoteFor(customer.token, bundle.id);
    expect(quoted.statusCode, quoted.body).toBe(200);
    const quote = quoted.json() as Quote;
    expect(quote).toMatchObject({ price: '69.00', currency: 'USD', ownedProductIds: [customer.spacey.product.id] });
    expect(quote.session.items).toEqual([{ product: bundle.path, quantity: 1, pricing: { price: { USD: 69 } } }]);

    const events = bundleOrder(customer.email, bundle.path, quote.session.tags, 69);
    expect((await postWebhook(t.app, events, { secret })).statusCode).toBeLessThan(300);
    const orderId = events[0]!.data.id as string;
    // Punch and Tapewarm only, sharing the 69.00 paid; Spacey is not issued twice.
    expect(await licencesOf(orderId)).toEqual([
      { path: 'punch', state: 'active', amount: '34.50' },
      { path: 'tapewarm', state: 'active', amount: '34.50' },
    ]);

    const refund = publishedPost('return-created-bundle', { email: customer.email, bundle: bundle.path, orderId });
    expect((await postWebhook(t.app, refund, { secret })).statusCode).toBeLessThan(300);
    expect((await licencesOf(orderId)).map((licence) => licence.state)).toEqual(['refunded', 'refunded']);
    const { rows } = await t.db.query('SELECT state FROM orders WHERE id = $1', [customer.spacey.order.id]);
    expect(rows[0].state).toBe('active');
  });

  it('issues nothing twice, nor what the customer owned, when its order comes again under a new event id', async () => {
    const bundle = await createBundle();
    const customer = await ownerOfSpacey();
    const quote = (await quoteFor(customer.token, bundle.id)).json() as Quote;
    const events = bundleOrder(customer.email, bundle.path, quote.session.tags, 69);
    await postWebhook(t.app, events, { secret });
    const orderId = events[0]!.data.id as string;
    const issued = [
      { path: 'punch', state: 'active', amount: '34.50' },
      { path: 'tapewarm', state: 'active', amount: '34.50' },
    ];
    expect(await licencesOf(orderId)).toEqual(issued);

    const resent = events.map((event) => ({ ...event, id: providerId() }));
    expect((await postWebhook(t.app, resent, { secret })).statusCode).toBeLessThan(300);
    expect(await attentionOf(resent[0]!.id)).toBeNull();
    expect(await licencesOf(orderId)).toEqual(issued);
  });

  it('quotes nothing to a visitor, nor to a customer who owns none of it', async () => {
    const bundle = await createBundle();
    expect((await quoteFor(undefined, bundle.id)).statusCode).toBe(401);
    const stranger = await t.registerCustomer();
    expect((await quoteFor(stranger.token, bundle.id)).statusCode).toBe(404);
  });

  it("refuses an order of another customer paying someone's bundle price", async () => {
    const bundle = await createBundle();
    const customer = await ownerOfSpacey();
    const quote = (await quoteFor(customer.token, bundle.id)).json() as Quote;
    const events = bundleOrder(uniqueEmail('other'), bundle.path, quote.session.tags, 69);
    await postWebhook(t.app, events, { secret });
    expect(await licencesOf(events[0]!.data.id as string)).toEqual([]);
    expect(await attentionOf(events[0]!.id)).toMatch(/another customer/);
  });

  it('refuses a replayed quote, an altered price and an unknown quote', async () => {
    const bundle = await createBundle();
    const customer = await ownerOfSpacey();
    const quote = (await quoteFor(customer.token, bundle.id)).json() as Quote;

    const cheaper = bundleOrder(customer.email, bundle.path, quote.session.tags, 39);
    await postWebhook(t.app, cheaper, { secret });
    expect(await licencesOf(cheaper[0]!.data.id as string)).toEqual([]);
    expect(await attentionOf(cheaper[0]!.id)).toMatch(/paid 39.00, quoted 69.00/);

    const altered = bundleOrder(customer.email, bundle.path, { offerQuote: `${quote.quoteId.slice(0, -1)}x` }, 69);
    await postWebhook(t.app, altered, { secret });
    expect(await attentionOf(altered[0]!.id)).toMatch(/unknown quote/);

    const first = bundleOrder(customer.email, bundle.path, quote.session.tags, 69);
    await postWebhook(t.app, first, { secret });
    expect(await licencesOf(first[0]!.data.id as string)).toHaveLength(2);
    const replayed = bundleOrder(customer.email, bundle.path, quote.session.tags, 69);
    await postWebhook(t.app, replayed, { secret });
    expect(await licencesOf(replayed[0]!.data.id as string)).toEqual([]);
    expect(await attentionOf(replayed[0]!.id)).toMatch(/used by an earlier order|owns changed/);
  });
});

describe('GET /api/userinfo/bundles', () => {
  const bundlesOf = (token: string | undefined, productId?: number) =>
    t.request({ method: 'GET', url: `/api/userinfo/bundles${productId === undefined ? '' : `?productId=${productId}`}`, token });

  it('shows an owner of some of a bundle what it holds, what they own and their price beside the whole price', async () => {
    const bundle = await createBundle();
    const customer = await ownerOfSpacey();
    const response = await bundlesOf(customer.token, bundle.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([
      {
        bundleProductId: bundle.id,
        bundleName: expect.stringMatching(/^Studio Bundle /),
        bundlePath: bundle.path,
        normalPrices: { USD: '99.00' },
        prices: { USD: '69.00' },
        isComplete: false,
        products: [
          { productId: customer.spacey.product.id, name: 'Spacey', isOwned: true },
          { productId: expect.any(Number), name: 'Punch', isOwned: false },
          { productId: expect.any(Number), name: 'Tapewarm', isOwned: false },
        ],
      },
    ]);
    // Without a product, every bundle they own some of (the demo's Studio Bundle among them).
    const all = (await bundlesOf(customer.token)).json() as { bundleName: string }[];
    expect(all.map((entry) => entry.bundleName)).toEqual(expect.arrayContaining(['Studio Bundle']));
  });

  it('tells an owner of all of it so, with no price; shows nothing to a customer who owns none; refuses a visitor', async () => {
    const bundle = await createBundle();
    const customer = await ownerOfSpacey();
    await giveLicence(t, { email: customer.email, productName: 'Punch' });
    await giveLicence(t, { email: customer.email, productName: 'Tapewarm' });
    expect((await bundlesOf(customer.token, bundle.id)).json()).toEqual([
      expect.objectContaining({ isComplete: true, prices: {}, normalPrices: { USD: '99.00' } }),
    ]);
    const stranger = await t.registerCustomer();
    expect((await bundlesOf(stranger.token, bundle.id)).json()).toEqual([]);
    expect((await bundlesOf(undefined, bundle.id)).statusCode).toBe(401);
  });
});
