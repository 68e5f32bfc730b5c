import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail } from '../../test/test-app.js';
import { giveLicence } from '../modules/licence/licence.test-factory.js';
import { encryptSecurePayload } from '../modules/offer/secure-payload.js';
import { finalizeSandboxSession } from './sandbox.test-factory.js';

// Per-customer prices in the stand-in (decision 036): what `fastspring.builder.secure()` puts into the cart (a price
// per item and currency, the locked contact, the tags) is what the popup charges and the order webhook carries.
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const t = await createTestApp({ FASTSPRING_SECURE_PRIVATE_KEY: privatePem.replace(/\n/g, '\\n') });
await t.app.listen({ port: 0, host: '127.0.0.1' });
const keyless = await createTestApp();

type Item = { path: string; selected: boolean; priceValue: number; priceValueWithoutTax: number; discountPercentValue: number };
type Data = { currency: string; groups: { items: Item[] }[]; totalValue: number; taxValue: number };
type Session = {
  contact: { email: string };
  items: { product: string; quantity: number; pricing: { price: Record<string, number> } }[];
  tags: Record<string, string>;
};

const session = async (cart: object) => {
  const response = await t.request({ method: 'POST', url: '/sandbox/api/session', body: { cart } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Data;
};
const itemOf = (data: Data, path: string) => data.groups[0]!.items.find((item) => item.path === path)!;

const checkout = (cart: object) => finalizeSandboxSession(t, cart, { origin: 'http://localhost:3000/products/spacey' });
const pay = (token: string, email: string) =>
  t.request({
    method: 'POST',
    url: '/sandbox/api/pay',
    body: { session: token, email, firstName: 'Sam', lastName: 'Sandbox', country: 'DE' },
  });
const storedOrder = async (orderId: string) =>
  (await t.db.query(`SELECT payload FROM webhook_event WHERE type = 'order.completed' AND payload->'data'->>'id' = $1`, [orderId])).rows[0]
    ?.payload as { data: { currency: string; tags: Record<string, string>; items: { product: string; subtotal: number }[] } };

/** The cart the stand-in's script keeps after `secure(session)`: each item's price, the contact locked, the tags. */
const cartOfSession = (secured: Session) => ({
  items: secured.items.map((item) => ({ path: item.product, quantity: item.quantity, price: item.pricing.price })),
  tags: secured.tags,
  contact: secured.contact,
  paymentContact: secured.contact,
});

describe('a secure session in the sandbox', () => {
  it('prices an item at the price it was given, in its currency, and leaves the others at the product table’s', async () => {
    const usd = await session({
      items: [
        { path: 'punch', quantity: 1, price: { USD: 19 } },
        { path: 'spacey', quantity: 1 },
      ],
    });
    expect(usd.currency).toBe('USD');
    expect(itemOf(usd, 'punch')).toMatchObject({ selected: true, priceValue: 19, priceValueWithoutTax: 19, discountPercentValue: 0 });
    expect(itemOf(usd, 'spacey')).toMatchObject({ priceValue: 49 });
    expect(usd.totalValue).toBe(68);
    // Priced only in euros: the order is in euros, as for a buyer FastSpring charges in that currency.
    const eur = await session({ items: [{ path: 'punch', quantity: 1, price: { EUR: 17.5 } }] });
    expect(eur.currency).toBe('EUR');
    expect(itemOf(eur, 'punch')).toMatchObject({ priceValue: 17.5 });
  });

  it('charges that price: the webhook carries it as the item’s subtotal, with the currency and the tags', async () => {
    const email = uniqueEmail('secure');
    const { url, token } = await checkout({
      items: [{ path: 'tapewarm', quantity: 1, price: { EUR: 12.5 } }],
      tags: { offerQuote: 'not-a-quote-of-ours' },
      contact: { email },
      paymentContact: { email },
    });
    const popup = await t.request({ method: 'GET', url });
    // The currency written as the site writes it (decision 061), not a symbol.
    expect(popup.body).toContain('<td>Tapewarm × 1</td><td class="amount">EUR 12.50</td>');
    // The contact of a secure session is locked, as FastSpring locks it.
    expect(popup.body).toMatch(new RegExp(`id="email" name="email" type="email" value="${email}"[^>]* readonly`));
    const other = await pay(token, uniqueEmail('someone-else'));
    expect(other.statusCode).toBe(400);
    expect(other.body).toBe(`This checkout is for ${email}.`);

    const paid = await pay(token, email);
    expect(paid.statusCode, paid.body).toBe(200);
    const order = await storedOrder((paid.json() as { id: string }).id);
    expect(order.data).toMatchObject({ currency: 'EUR', tags: { offerQuote: 'not-a-quote-of-ours' } });
    expect(order.data.items).toEqual([expect.objectContaining({ product: 'tapewarm', subtotal: 12.5 })]);
  });

  it('sells an upgrade at the customer’s quoted price through the real webhook, which honours the quote', async () => {
    const admin = await t.adminToken();
    const products = (await t.request({ method: 'GET', url: '/api/product/', token: admin })).json() as { id: number; name: string }[];
    const target = products.find((product) => product.name === 'Tapewarm')!;
    const source = products.find((product) => product.name === 'Punch')!;
    const saved = await t.request({
      method: 'POST',
      url: '/api/offer/',
      token: admin,
      body: {
        id: 0,
        kind: 'crossgrade',
        name: 'Tapewarm for Punch owners',
        targetProductId: target.id,
        sourceProductIds: [source.id],
        prices: { USD: 9 },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const customer = await t.registerCustomer();
    const { order: licence } = await giveLicence(t, { email: customer.email, productName: 'Punch' });
    const quoted = await t.request({
      method: 'POST',
      url: '/api/userinfo/offers/quote',
      token: customer.token,
      body: { offerId: (saved.json() as { id: number }).id, sourceOrderId: licence.id },
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const quote = quoted.json() as { session: Session; secure: { securePayload: string; secureKey: string } | null };
    // With a key configured the server encrypts the session too; the stand-in opens it to the same object.
    const opened = await t.request({ method: 'POST', url: '/sandbox/api/secure', body: quote.secure });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual(quote.session);

    const { token } = await checkout(cartOfSession(quote.session));
    const paid = await pay(token, customer.email);
    expect(paid.statusCode, paid.body).toBe(200);
    const orderId = (paid.json() as { id: string }).id;
    const { rows } = await t.db.query(
      `SELECT o.state, o.offer_id::int, o.upgraded_from_order_id::int FROM orders o WHERE o.provider_order_id = $1`,
      [orderId],
    );
    expect(rows).toEqual([{ state: 'active', offer_id: (saved.json() as { id: number }).id, upgraded_from_order_id: licence.id }]);
    expect((await storedOrder(orderId)).data.items[0]).toMatchObject({ subtotal: 9 });
  });

  it('opens a secure payload only with the configured key pair, and says why not otherwise', async () => {
    const sealed = encryptSecurePayload({ items: [{ product: 'punch', quantity: 1, pricing: { price: { USD: 1 } } }] }, privateKey);
    const opened = await t.request({ method: 'POST', url: '/sandbox/api/secure', body: sealed });
    expect(opened.json()).toEqual({ items: [{ product: 'punch', quantity: 1, pricing: { price: { USD: 1 } } }] });

    const foreign = encryptSecurePayload({ a: 1 }, generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey);
    const refused = await t.request({ method: 'POST', url: '/sandbox/api/secure', body: foreign });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toBe('This secure payload was not encrypted with the key pair set in FASTSPRING_SECURE_PRIVATE_KEY.');

    const withoutKey = await keyless.request({ method: 'POST', url: '/sandbox/api/secure', body: sealed });
    expect(withoutKey.statusCode).toBe(400);
    expect(withoutKey.body).toBe(
      'The checkout sandbox cannot open an encrypted secure payload without FASTSPRING_SECURE_PRIVATE_KEY. In test mode, pass the session object itself.',
    );
  });
});
