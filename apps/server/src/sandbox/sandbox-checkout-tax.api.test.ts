import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail } from '../../test/test-app.js';
import { giveLicence } from '../modules/licence/licence.test-factory.js';
import { finalizeSandboxSession } from './sandbox.test-factory.js';

// The sandbox's checkout as FastSpring's (decision 061): the currency as the site writes it, a country list, tax by
// the buyer's country, one discount line; the order webhook carries what the popup showed for that country.
const t = await createTestApp();
await t.app.listen({ port: 0, host: '127.0.0.1' });

const openPopup = async (cart: object) => {
  const { url, token } = await finalizeSandboxSession(t, cart, { origin: 'http://localhost:3000/products/spacey' });
  const popup = await t.request({ method: 'GET', url });
  expect(popup.statusCode).toBe(200);
  return { html: popup.body, token };
};

/** The rows of the popup's summary as [label, amount], of the items and of one country's tax and total. */
const rowsOf = (html: string) =>
  [...html.matchAll(/<tr class="[^"]*"><td>([^<]*)<\/td><td class="amount">([^<]*)<\/td><\/tr>/g)].map((match) => [match[1], match[2]]);
const countryBlock = (html: string, country: string) => {
  const match = new RegExp(`<tbody data-country="${country}"( hidden)?>(.*?)</tbody>`).exec(html);
  expect(match, country).not.toBeNull();
  return { isShown: match![1] === undefined, rows: rowsOf(match![2]!) };
};
const itemRows = (html: string) => rowsOf(/<table aria-label="Order summary"><tbody>(.*?)<\/tbody>/.exec(html)![1]!);

/** Pays in the popup for the country; answers the `order.completed` webhook's data the server received. */
const pay = async (token: string, email: string, country: string) => {
  const paid = await t.request({
    method: 'POST',
    url: '/sandbox/api/pay',
    body: { session: token, email, firstName: 'Sam', lastName: 'Sandbox', country },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const { id } = paid.json() as { id: string };
  const { rows } = await t.db.query<{ payload: { data: Record<string, unknown> } }>(
    `SELECT payload FROM webhook_event WHERE type = 'order.completed' AND payload->'data'->>'id' = $1`,
    [id],
  );
  return rows[0]!.payload.data;
};

describe('the sandbox popup', () => {
  it('writes the currency as the site does and starts in the United States, with no sales tax on digital goods', async () => {
    const { html } = await openPopup({ items: [{ path: 'spacey', quantity: 1 }] });
    expect(html).toContain('<p class="currency">Prices in USD</p>');
    expect(itemRows(html)).toEqual([['Spacey × 1', 'USD 49.00']]);
    expect(html).toMatch(/<select id="country" name="country" autocomplete="country" required>/);
    expect(html).toContain('<option value="US" selected>United States</option>');
    expect(html).toContain('<option value="DE">Germany</option>');
    expect(countryBlock(html, 'US')).toEqual({
      isShown: true,
      rows: [
        ['Sales tax (United States, digital goods)', 'USD 0.00'],
        ['Total', 'USD 49.00'],
      ],
    });
    expect(countryBlock(html, 'DE')).toEqual({
      isShown: false,
      rows: [
        ['VAT 19% (Germany)', 'USD 9.31'],
        ['Total', 'USD 58.31'],
      ],
    });
    expect(html).not.toContain('VAT 20% (United States');
  });

  it("starts with the country the site told, and the webhook's tax and total are what the popup showed for the country paid in", async () => {
    const { html, token } = await openPopup({ items: [{ path: 'punch', quantity: 1 }], paymentContact: { country: 'fr' } });
    expect(countryBlock(html, 'FR')).toEqual({
      isShown: true,
      rows: [
        ['VAT 20% (France)', 'USD 15.80'],
        ['Total', 'USD 94.80'],
      ],
    });
    const german = countryBlock(html, 'DE').rows;
    const data = await pay(token, uniqueEmail('tax'), 'DE');
    expect([data.taxDisplay, data.totalDisplay]).toEqual(['$15.01', '$94.01']);
    expect(german).toEqual([
      ['VAT 19% (Germany)', 'USD 15.01'],
      ['Total', 'USD 94.01'],
    ]);
    expect(data).toMatchObject({ tax: 15.01, total: 94.01, subtotal: 79, address: { country: 'DE' } });

    const american = await pay((await openPopup({ items: [{ path: 'punch', quantity: 1 }] })).token, uniqueEmail('tax'), 'US');
    expect(american).toMatchObject({ tax: 0, total: 79 });
  });

  it('shows one discount line for a coupon, the items at their price, and charges what it shows', async () => {
    const customer = await t.registerCustomer();
    await giveLicence(t, { email: customer.email });
    const code = (await t.request({ method: 'POST', url: '/api/fastspring/loyaltycoupon', token: customer.token })).json() as string;
    const { html, token } = await openPopup({ items: [{ path: 'spacey', quantity: 2 }], coupon: code, paymentContact: { country: 'AT' } });
    expect(itemRows(html)).toEqual([
      ['Spacey × 2', 'USD 98.00'],
      [`Discount (coupon ${code})`, '−USD 14.70'],
    ]);
    expect(html.match(/Discount/g)).toHaveLength(1);
    expect(countryBlock(html, 'AT').rows).toEqual([
      ['VAT 20% (Austria)', 'USD 16.66'],
      ['Total', 'USD 99.96'],
    ]);
    const data = await pay(token, customer.email, 'AT');
    expect(data).toMatchObject({ discount: 14.7, subtotal: 83.3, tax: 16.66, total: 99.96 });
  });

  it("prices the site's cart with the country's tax once the site names a country, else the store's settings", async () => {
    const priced = async (cart: object) =>
      (await t.request({ method: 'POST', url: '/sandbox/api/session', body: { cart } })).json() as { taxRate: string; taxType: string };
    expect(await priced({ items: [{ path: 'spacey', quantity: 1 }], country: 'US' })).toMatchObject({
      taxRate: '0%',
      taxType: 'Sales tax',
    });
    expect(await priced({ items: [{ path: 'spacey', quantity: 1 }], country: 'DE' })).toMatchObject({ taxRate: '19%', taxType: 'VAT' });
    expect(await priced({ items: [{ path: 'spacey', quantity: 1 }] })).toMatchObject({ taxRate: '20%', taxType: 'VAT' });
  });
});
