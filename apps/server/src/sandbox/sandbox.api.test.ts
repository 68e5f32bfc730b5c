import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, uniqueIp, licenceMailsTo } from '../../test/test-app.js';
import { giveLicence } from '../modules/licence/licence.test-factory.js';

// The stand-in posts its webhooks to this server's own listening address (self-webhook.ts), so it must listen.
const t = await createTestApp();
await t.app.listen({ port: 0, host: '127.0.0.1' });
const live = await createTestApp({
  FASTSPRING_STOREFRONT: 'example.onfastspring.com/popup-example',
  FASTSPRING_WEBHOOK_SECRET: 'x',
  SANDBOX_CHECKOUT: 'off',
});

type Item = {
  path: string;
  selected: boolean;
  quantity: number;
  priceValueWithoutTax: number;
  priceValueWithoutTaxAndDiscounts: number;
  discountPercentValue: number;
  display: string;
};
type Data = {
  currency: string;
  groups: { items: Item[] }[];
  coupons: string[];
  totalValue: number;
  taxValue: number;
  taxRate: string;
  taxType: string;
  totalWithTaxValue: number;
  selections: boolean;
};

const session = async (cart: object) => {
  const response = await t.request({ method: 'POST', url: '/sandbox/api/session', body: { cart } });
  expect(response.statusCode).toBe(200);
  return response.json() as Data;
};
const itemOf = (data: Data, path: string) => data.groups[0]!.items.find((item) => item.path === path)!;

const checkout = async (cart: object) => {
  const finalized = await t.request({
    method: 'POST',
    url: '/sandbox/api/session/finalize',
    body: { cart, origin: 'http://localhost:3000/products/spacey' },
  });
  expect(finalized.statusCode).toBe(200);
  const url = (finalized.json() as { url: string }).url;
  return { url, token: new URL(url, 'http://x').searchParams.get('session')! };
};
const pay = (token: string, email: string) =>
  t.request({
    method: 'POST',
    url: '/sandbox/api/pay',
    body: { session: token, email, firstName: 'Sam', lastName: 'Sandbox', country: 'DE' },
  });
/** The loyalty code a new customer with a licence gets from POST /fastspring/loyaltycoupon. */
const loyaltyCodeOfNewCustomer = async () => {
  const customer = await t.registerCustomer();
  await giveLicence(t, { email: customer.email });
  const code = (await t.request({ method: 'POST', url: '/api/fastspring/loyaltycoupon', token: customer.token })).json() as string;
  return { code, email: customer.email };
};
const ordersOf = async (providerOrderId: string) =>
  (await t.db.query('SELECT * FROM orders WHERE provider_order_id = $1 ORDER BY provider_item', [providerOrderId])).rows;

describe('sandbox script and popup', () => {
  it('serves the SBL stand-in as a script file under the CSP', async () => {
    const response = await t.request({ method: 'GET', url: '/sandbox/sbl.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/javascript/);
    expect(response.body).toContain("document.querySelector('script#fsc-api')");
    expect(response.body).not.toMatch(/\beval\(|new Function/);
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self'/);
  });

  it('refuses everything when a real storefront is configured', async () => {
    expect((await live.request({ method: 'GET', url: '/sandbox/sbl.js' })).statusCode).toBe(403);
    expect((await live.request({ method: 'POST', url: '/sandbox/api/replay', body: { orderId: 'x', kind: 'retry' } })).statusCode).toBe(
      403,
    );
  });
});

describe('sandbox session prices', () => {
  it('answers the catalogue with prices from the product table, tax from the settings and the product discount', async () => {
    const data = await session({});
    expect(data).toMatchObject({ currency: 'USD', taxRate: '20%', taxType: 'VAT', selections: false, coupons: [], totalValue: 0 });
    expect(data.groups[0]!.items.map((item) => item.path)).toEqual(
      expect.arrayContaining(['spacey', 'punch', 'tapewarm', 'licensetransfer']),
    );
    expect(itemOf(data, 'spacey')).toMatchObject({
      selected: false,
      display: 'Spacey',
      priceValueWithoutTax: 49,
      priceValueWithoutTaxAndDiscounts: 49,
      discountPercentValue: 0,
    });
    expect(itemOf(data, 'tapewarm')).toMatchObject({
      priceValueWithoutTax: 23.2,
      priceValueWithoutTaxAndDiscounts: 29,
      discountPercentValue: 20,
    });
    expect(itemOf(data, 'licensetransfer')).toMatchObject({ priceValueWithoutTax: 10 });
  });

  it("prices the cart with a customer's loyalty code (15 %, not stacked on a larger product discount) and tax", async () => {
    const { code } = await loyaltyCodeOfNewCustomer();
    const data = await session({
      items: [
        { path: 'spacey', quantity: 2 },
        { path: 'tapewarm', quantity: 1 },
      ],
      coupon: code,
    });
    expect(data.coupons).toEqual([code]);
    expect(itemOf(data, 'spacey')).toMatchObject({ selected: true, quantity: 2, priceValueWithoutTax: 41.65, discountPercentValue: 15 });
    expect(itemOf(data, 'tapewarm')).toMatchObject({ selected: true, priceValueWithoutTax: 23.2, discountPercentValue: 20 });
    expect(data.totalValue).toBe(106.5);
    expect(data.taxValue).toBe(21.3);
    expect(data.totalWithTaxValue).toBe(127.8);
  });

  it('gives the old public code LOYALTY15 no discount', async () => {
    const data = await session({ items: [{ path: 'spacey', quantity: 1 }], coupon: 'LOYALTY15' });
    expect(data.coupons).toEqual([]);
    expect(itemOf(data, 'spacey')).toMatchObject({ priceValueWithoutTax: 49, discountPercentValue: 0 });
  });

  it('honours a loyalty code once: after the paid order, it discounts nothing', async () => {
    const { code, email } = await loyaltyCodeOfNewCustomer();
    const { token } = await checkout({ items: [{ path: 'punch', quantity: 1 }], coupon: code });
    expect((await pay(token, email)).statusCode).toBe(200);
    const again = await session({ items: [{ path: 'punch', quantity: 1 }], coupon: code });
    expect(again.coupons).toEqual([]);
    expect(itemOf(again, 'punch')).toMatchObject({ discountPercentValue: 0 });
    // A second checkout made with the code while it was still open is refused when paid.
    const other = await loyaltyCodeOfNewCustomer();
    const first = await checkout({ items: [{ path: 'punch', quantity: 1 }], coupon: other.code });
    const second = await checkout({ items: [{ path: 'punch', quantity: 1 }], coupon: other.code });
    expect((await pay(first.token, other.email)).statusCode).toBe(200);
    const refused = await pay(second.token, other.email);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toBe('This coupon was already used.');
  });

  it("gives another customer's code no discount: paying with it as someone else is refused and the code stays open", async () => {
    const { code, email } = await loyaltyCodeOfNewCustomer();
    const { token } = await checkout({ items: [{ path: 'punch', quantity: 1 }], coupon: code });
    const refused = await pay(token, uniqueEmail('not-the-owner'));
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toBe('This coupon belongs to another customer.');
    expect((await t.db.query('SELECT used_at FROM loyalty_code WHERE code = $1', [code])).rows[0].used_at).toBeNull();
    const owner = await checkout({ items: [{ path: 'punch', quantity: 1 }], coupon: code });
    expect((await pay(owner.token, email)).statusCode).toBe(200);
  });

  it('ignores an unknown coupon silently', async () => {
    const data = await session({ items: [{ path: 'punch', quantity: 1 }], coupon: 'NOPE' });
    expect(data.coupons).toEqual([]);
    expect(itemOf(data, 'punch')).toMatchObject({ priceValueWithoutTax: 79, discountPercentValue: 0 });
  });
});

describe('sandbox checkout', () => {
  it('refuses to check out an empty cart', async () => {
    const response = await t.request({ method: 'POST', url: '/sandbox/api/session/finalize', body: { cart: { items: [] } } });
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe('Your cart is empty.');
  });

  it('shows the popup form and, on pay, makes the server post itself a signed webhook that creates the order', async () => {
    const email = uniqueEmail('sandbox');
    const cart = { items: [{ path: 'spacey', quantity: 1 }], tags: { note: 'from-test' }, paymentContact: { email } };
    const { url, token } = await checkout(cart);
    const popup = await t.request({ method: 'GET', url });
    expect(popup.statusCode).toBe(200);
    for (const label of ['Email', 'First name', 'Last name', 'Country']) expect(popup.body).toContain(`>${label}</label>`);
    expect(popup.body).toContain('<button type="submit" class="pay">Pay</button>');
    expect(popup.body).toContain('<script src="/sandbox/popup.js"></script>');
    expect(popup.body).toContain(`value="${email}"`);

    const paid = await pay(token, email);
    expect(paid.statusCode).toBe(200);
    const order = paid.json() as { id: string; reference: string };
    expect(order.id).toMatch(/^[\w-]{22}$/);
    expect(order.reference).toMatch(/^SBX\d{6}-\d{4}-\d{5}$/);

    const [licence, ...rest] = await ordersOf(order.id);
    expect(rest).toEqual([]);
    expect(licence).toMatchObject({ source: 'purchase', state: 'active', provider_reference: order.reference });
    const person = await t.db.query('SELECT name, country FROM person WHERE id = $1', [licence.person_id]);
    expect(person.rows[0]).toEqual({ name: 'Sam Sandbox', country: 'DE' });
    const [mail] = await licenceMailsTo(t.db, email);
    expect(mail!.attachments[0]!.filename).toBe('Spacey_SerialKey.txt');
    const stored = await t.db.query(`SELECT payload FROM webhook_event WHERE type = 'order.completed' AND payload->'data'->>'id' = $1`, [
      order.id,
    ]);
    expect(stored.rows[0].payload).toMatchObject({ live: false, data: { tags: { note: 'from-test' }, customer: { email } } });

    const again = await pay(token, email);
    expect(again.json()).toEqual(order);
    expect(await ordersOf(order.id)).toHaveLength(1);
  });

  it("sells each product under its FastSpring path with its name as display, and the order's licence is of that product", async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/product/',
      token: await t.adminToken(),
      body: { id: 0, name: 'Space Echo', path: 'space-echo', description: 'Tape echo', price: '39' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const priced = await session({ items: [{ path: 'space-echo', quantity: 1 }] });
    expect(itemOf(priced, 'space-echo')).toMatchObject({ display: 'Space Echo', selected: true, priceValueWithoutTax: 39 });
    expect(priced.groups[0]!.items.map((item) => item.path)).not.toContain('space echo');

    // Paid from another address than the other tests', so their payment limit is untouched.
    const ip = uniqueIp();
    const email = uniqueEmail('echo');
    const finalized = await t.request({
      method: 'POST',
      url: '/sandbox/api/session/finalize',
      body: { cart: { items: [{ path: 'space-echo', quantity: 1 }] } },
      ip,
    });
    const token = new URL((finalized.json() as { url: string }).url, 'http://x').searchParams.get('session')!;
    const paid = await t.request({
      method: 'POST',
      url: '/sandbox/api/pay',
      body: { session: token, email, firstName: 'Sam', lastName: 'Sandbox', country: 'DE' },
      ip,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [licence] = await ordersOf((paid.json() as { id: string }).id);
    expect(licence).toMatchObject({ provider_item: 'space-echo#0', state: 'active', product_id: (created.json() as { id: number }).id });
    expect((await licenceMailsTo(t.db, email))[0]!.attachments[0]!.filename).toBe('Space Echo_SerialKey.txt');
  });

  it('refuses a forged session', async () => {
    const { token } = await checkout({ items: [{ path: 'punch', quantity: 1 }] });
    const forged = `${Buffer.from(JSON.stringify({ orderId: 'x', cart: { items: [{ path: 'punch', quantity: 9 }] }, createdAt: Date.now() })).toString('base64url')}.${token.split('.')[1]}`;
    const response = await pay(forged, uniqueEmail());
    expect(response.statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `/sandbox/popup?session=${forged}` })).statusCode).toBe(400);
  });
});

describe('sandbox replay switch', () => {
  it('retries, resends and refunds an order through real webhooks without a second licence', async () => {
    const email = uniqueEmail();
    const { token } = await checkout({ items: [{ path: 'punch', quantity: 2 }] });
    const order = (await pay(token, email)).json() as { id: string };
    const admin = await t.adminToken();
    const replay = (kind: string, signature?: string) =>
      t.request({ method: 'POST', url: '/sandbox/api/replay', token: admin, body: { orderId: order.id, kind, signature } });
    // Without the administrator's token the switch refuses (a return would refund someone's order).
    expect((await t.request({ method: 'POST', url: '/sandbox/api/replay', body: { orderId: order.id, kind: 'return' } })).statusCode).toBe(
      401,
    );
    const customer = await t.registerCustomer();
    expect(
      (await t.request({ method: 'POST', url: '/sandbox/api/replay', token: customer.token, body: { orderId: order.id, kind: 'return' } }))
        .statusCode,
    ).toBe(403);

    const { rows: first } = await t.db.query(`SELECT id FROM webhook_event WHERE payload->'data'->>'id' = $1`, [order.id]);
    const retry = (await replay('retry')).json() as { eventId: string; status: number; body: string };
    expect(retry).toEqual({ eventId: first[0].id, status: 200, body: first[0].id });
    const resend = (await replay('resend')).json() as { eventId: string; status: number };
    expect(resend.status).toBe(200);
    expect(resend.eventId).not.toBe(first[0].id);
    expect((await replay('resend', 'missing')).json()).toMatchObject({ status: 401 });
    expect((await replay('resend', 'wrong')).json()).toMatchObject({ status: 401 });
    expect((await ordersOf(order.id)).map((row) => row.provider_item)).toEqual(['punch#0', 'punch#1']);
    // One order confirmation for the order's two licences, not repeated by the retry or the resend.
    expect(await licenceMailsTo(t.db, email)).toHaveLength(1);

    expect((await replay('return')).json()).toMatchObject({ status: 200 });
    expect((await ordersOf(order.id)).map((row) => row.state)).toEqual(['refunded', 'refunded']);
  });

  it('answers 404 for an order it never saw', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/sandbox/api/replay',
      token: await t.adminToken(),
      body: { orderId: 'unknown-order', kind: 'retry' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('sandbox back-date switch', () => {
  it('lets only the administrator move a licence activation date back, and records it', async () => {
    const email = uniqueEmail();
    const { token } = await checkout({ items: [{ path: 'spacey', quantity: 1 }] });
    const order = (await pay(token, email)).json() as { id: string };
    const [licence] = await ordersOf(order.id);
    const body = { orderId: licence.id, days: 31 };

    expect((await t.request({ method: 'POST', url: '/sandbox/api/backdate', body })).statusCode).toBe(401);
    const customer = await t.registerCustomer();
    expect((await t.request({ method: 'POST', url: '/sandbox/api/backdate', token: customer.token, body })).statusCode).toBe(403);
    const [unchanged] = await ordersOf(order.id);
    expect(unchanged.license_activation_date).toEqual(licence.license_activation_date);

    const response = await t.request({ method: 'POST', url: '/sandbox/api/backdate', token: await t.adminToken(), body });
    expect(response.statusCode).toBe(200);
    const [moved] = await ordersOf(order.id);
    expect(licence.license_activation_date.getTime() - moved.license_activation_date.getTime()).toBe(31 * 24 * 60 * 60 * 1000);
    expect(new Date((response.json() as { licenseActivationDate: string }).licenseActivationDate)).toEqual(moved.license_activation_date);
    const { rows: audit } = await t.db.query(`SELECT actor, action FROM audit_log WHERE entity = 'order' AND entity_id = $1`, [
      String(licence.id),
    ]);
    expect(audit).toEqual([{ actor: 'admin', action: 'update' }]);
  });

  it('answers 404 for a licence that does not exist and refuses the switch with a real storefront', async () => {
    const admin = await t.adminToken();
    expect(
      (await t.request({ method: 'POST', url: '/sandbox/api/backdate', token: admin, body: { orderId: 999_999_999, days: 31 } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await live.request({ method: 'POST', url: '/sandbox/api/backdate', token: await live.adminToken(), body: { orderId: 1, days: 31 } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('the sandbox is no way to mint licences', () => {
  it('returns only to the site itself: a foreign return address is refused and no session is made', async () => {
    for (const origin of ['https://evil.example/steal', 'http://localhost:3001/', 'javascript:alert(1)']) {
      const refused = await t.request({
        method: 'POST',
        url: '/sandbox/api/session/finalize',
        body: { cart: { items: [{ path: 'spacey', quantity: 1 }] }, origin },
      });
      expect(refused.statusCode, origin).toBe(400);
      expect(refused.body).toBe('The checkout returns only to this site.');
    }
  });

  it('holds at most 10 units per order', async () => {
    const bulk = await t.request({
      method: 'POST',
      url: '/sandbox/api/session/finalize',
      body: { cart: { items: [{ path: 'spacey', quantity: 300 }] } },
    });
    expect(bulk.statusCode).toBe(400);
    const spread = await t.request({
      method: 'POST',
      url: '/sandbox/api/session/finalize',
      body: {
        cart: {
          items: [
            { path: 'spacey', quantity: 6 },
            { path: 'punch', quantity: 6 },
          ],
        },
      },
    });
    expect(spread.statusCode).toBe(400);
  });

  it('limits test payments per client address, and nothing is made past the limit', async () => {
    const { token } = await checkout({ items: [{ path: 'punch', quantity: 1 }] });
    const ip = '10.77.0.1';
    await t.db.query(`INSERT INTO rate_limit (key, window_start, hits) VALUES ($1, now(), 20)`, [`sandbox-payment-ip:${ip}`]);
    const email = uniqueEmail('bulk');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/sandbox/api/pay',
      remoteAddress: ip,
      payload: { session: token, email, firstName: 'Sam', lastName: 'Sandbox', country: 'DE' },
    });
    expect(refused.statusCode).toBe(429);
    expect((await t.db.query('SELECT 1 FROM person WHERE lower(email) = lower($1)', [email])).rows).toEqual([]);
  });
});
