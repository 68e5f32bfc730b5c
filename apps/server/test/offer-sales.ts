import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { giveLicence } from '../src/modules/licence/licence.test-factory.js';
import { publishedPost } from './published-samples.js';
import type { TestApp } from './test-app.js';
import { orderCompleted, postWebhook } from './webhook-fixtures.js';

// Upgrades, crossgrades and bundles sold the way a real one is (decisions 036 and 054): made through the admin API,
// quoted to an owner, bought through the signed webhook. Never rows written into `orders`.

const hex = () => randomBytes(3).toString('hex');
const asAdmin = async (t: TestApp, method: string, url: string, body?: unknown) => {
  const response = await t.request({ method, url, token: await t.adminToken(), body });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response.json() as Record<string, unknown>;
};
const productIdOf = async (t: TestApp, name: string) =>
  ((await asAdmin(t, 'GET', '/api/product/')) as unknown as { id: number; name: string }[]).find((product) => product.name === name)!.id;

export type TestOffer = { offerId: number; name: string; targetName: string; targetPath: string; sourceName: string };

/** An upgrade or crossgrade from `sourceName` to a new product of its own, at `prices`. */
export async function createOffer(
  t: TestApp,
  options: { kind: 'upgrade' | 'crossgrade'; sourceName?: string; prices: Record<string, string> },
): Promise<TestOffer> {
  const sourceName = options.sourceName ?? 'Spacey';
  const targetName = `Target ${hex()}`;
  const target = (await asAdmin(t, 'POST', '/api/product/', { id: 0, name: targetName, description: 'Next', price: '99' })) as {
    id: number;
    path: string;
  };
  const name = `${options.kind === 'upgrade' ? 'Upgrade to' : 'Crossgrade to'} ${targetName}`;
  const offer = (await asAdmin(t, 'POST', '/api/offer/', {
    id: 0,
    kind: options.kind,
    name,
    targetProductId: target.id,
    sourceProductIds: [await productIdOf(t, sourceName)],
    prices: options.prices,
  })) as { id: number };
  return { offerId: offer.id, name, targetName, targetPath: target.path, sourceName };
}

/**
 * The customer quotes the offer on their licence `sourceOrderId` in the customer area and pays the quote in the
 * checkout (the webhook), in `currency`; answers the provider order id and the new licence's id.
 */
export async function buyOfferOn(
  t: TestApp,
  secret: string,
  purchase: { customer: { email: string; token: string }; offerId: number; sourceOrderId: number; currency?: string },
) {
  const { customer, offerId, sourceOrderId, currency = 'USD' } = purchase;
  const quoted = await t.request({
    method: 'POST',
    url: '/api/userinfo/offers/quote',
    token: customer.token,
    body: { offerId, sourceOrderId, currency },
  });
  expect(quoted.statusCode, quoted.body).toBe(200);
  const quote = quoted.json() as {
    price: string;
    currency: string;
    session: { items: { product: string }[]; tags: Record<string, string> };
  };
  const event = orderCompleted({ email: customer.email, items: [{ product: quote.session.items[0]!.product }], tags: quote.session.tags });
  (event.data.items as Record<string, unknown>[])[0]!.subtotal = Number(quote.price);
  event.data.currency = quote.currency;
  expect((await postWebhook(t.app, [event], { secret })).statusCode).toBeLessThan(300);
  const { rows } = await t.db.query<{ id: number }>('SELECT id::int AS id FROM orders WHERE provider_order_id = $1', [event.data.id]);
  expect(rows, 'the upgrade licence').toHaveLength(1);
  return { providerOrderId: event.data.id as string, licenceId: rows[0]!.id };
}

/**
 * A new customer who owns a licence of the offer's source buys the offer through their quote and the webhook, in
 * `currency`; answers the provider order id and the new licence's id.
 */
export async function buyOffer(t: TestApp, secret: string, offer: TestOffer, currency = 'USD') {
  const customer = await t.registerCustomer();
  const { order: source } = await giveLicence(t, { email: customer.email, productName: offer.sourceName });
  const bought = await buyOfferOn(t, secret, { customer, offerId: offer.offerId, sourceOrderId: source.id, currency });
  return { ...bought, email: customer.email };
}

export type TestBundle = { bundleProductId: number; name: string; path: string };

/** A bundle of Spacey, Punch and Tapewarm, made on the BUNDLES screen's call (its product created with it). */
export async function createBundle(t: TestApp, prices: Record<string, string> = { USD: '99' }): Promise<TestBundle> {
  const name = `Studio ${hex()}`;
  const partProductIds = [await productIdOf(t, 'Spacey'), await productIdOf(t, 'Punch'), await productIdOf(t, 'Tapewarm')];
  return (await asAdmin(t, 'POST', '/api/bundle/', { bundleProductId: 0, name, partProductIds, prices })) as unknown as TestBundle;
}

/** The bundle bought whole as FastSpring sends it (its item and its products), `paid` on the bundle's item, in USD. */
export async function buyBundle(t: TestApp, secret: string, bundle: TestBundle, paid: number) {
  const email = `bundle-${hex()}@example.com`;
  const events = publishedPost(
    'order-completed-bundle',
    { email, bundle: bundle.path, part1: 'spacey', part2: 'punch', part3: 'tapewarm' },
    (data) => {
      (data.items as { subtotal: number }[])[0]!.subtotal = paid;
    },
  );
  expect((await postWebhook(t.app, events, { secret })).statusCode).toBeLessThan(300);
  const providerOrderId = events[0]!.data.id as string;
  const { rows } = await t.db.query<{ id: number }>('SELECT id::int AS id FROM orders WHERE provider_order_id = $1 ORDER BY id', [
    providerOrderId,
  ]);
  expect(rows, 'the bundle licences').toHaveLength(3);
  return { providerOrderId, email, licenceIds: rows.map((row) => row.id) };
}
