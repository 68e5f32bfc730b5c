import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail } from '../../../test/test-app.js';
import { orderCompleted, postWebhook } from '../../../test/webhook-fixtures.js';
import { webhookSecretOf } from './webhook-signature.js';

// The default test configuration has no storefront: the sandbox is active and signs with its derived secret.
const t = await createTestApp();
const sandboxSecret = webhookSecretOf(t.config)!;
// The sandbox off and no webhook secret (with a real storefront such a start is refused: config.test.ts).
const live = await createTestApp({ SANDBOX_CHECKOUT: 'off' });

describe('webhook secret', () => {
  it('verifies sandbox webhooks with the secret derived from KEY_ENCRYPTION_SECRET', async () => {
    expect(sandboxSecret).toMatch(/^[\w-]{43}$/);
    const event = orderCompleted({ email: uniqueEmail(), items: [{ product: 'punch' }] });
    expect((await postWebhook(t.app, [event], { secret: sandboxSecret, signature: 'missing' })).statusCode).toBe(401);
    expect((await postWebhook(t.app, [event], { secret: sandboxSecret })).statusCode).toBe(200);
  });

  it('refuses every webhook while no secret is configured and the sandbox is off', async () => {
    expect(webhookSecretOf(live.config)).toBeUndefined();
    const event = orderCompleted({ email: uniqueEmail(), items: [{ product: 'punch' }] });
    const response = await postWebhook(live.app, [event], { secret: sandboxSecret });
    expect(response.statusCode).toBe(403);
    expect(response.body).toMatch(/FASTSPRING_WEBHOOK_SECRET/);
    expect((await live.db.query('SELECT count(*)::int AS n FROM webhook_event')).rows[0].n).toBe(0);
  });
});

describe('loyalty coupon', () => {
  const loyalty = async (token: string) =>
    (await t.request({ method: 'POST', url: '/api/fastspring/loyaltycoupon', token })).json() as string;
  const buy = (email: string) =>
    postWebhook(t.app, [orderCompleted({ email, items: [{ product: 'tapewarm' }] })], { secret: sandboxSecret });

  it("answers an empty string without a licence, and a customer's own code with one, the same until it is used", async () => {
    const { token, email } = await t.registerCustomer();
    expect(await loyalty(token)).toBe('');

    await buy(email);
    const code = await loyalty(token);
    expect(code).toMatch(/^LOYAL-[A-Z2-7]{12}$/);
    expect(code).not.toBe(t.config.LOYALTY_COUPON);
    expect(await loyalty(token)).toBe(code);

    const other = await t.registerCustomer();
    await buy(other.email);
    expect(await loyalty(other.token)).not.toBe(code);

    await t.db.query(`UPDATE orders SET state = 'refunded' WHERE person_id = (SELECT person_id FROM login WHERE login_name = $1)`, [email]);
    expect(await loyalty(token)).toBe('');
  });

  it('spends a code with the paid order that used it; the customer then gets a new one', async () => {
    const { token, email } = await t.registerCustomer();
    await buy(email);
    const code = await loyalty(token);
    const event = orderCompleted({ email, items: [{ product: 'punch' }] });
    await postWebhook(t.app, [{ ...event, data: { ...event.data, coupons: [code] } }], { secret: sandboxSecret });
    expect((await t.db.query('SELECT used_at FROM loyalty_code WHERE code = $1', [code])).rows[0].used_at).toBeInstanceOf(Date);
    const next = await loyalty(token);
    expect(next).toMatch(/^LOYAL-/);
    expect(next).not.toBe(code);
  });

  it("gives no new code for a year after someone else's order spent one: codes are the customer's own (decision 086)", async () => {
    const { token, email } = await t.registerCustomer();
    await buy(email);
    const code = await loyalty(token);
    // FastSpring's single-use codes work for any buyer: a stranger's order spends it.
    const event = orderCompleted({ email: uniqueEmail('stranger'), items: [{ product: 'punch' }] });
    await postWebhook(t.app, [{ ...event, data: { ...event.data, coupons: [code] } }], { secret: sandboxSecret });
    expect((await t.db.query('SELECT is_used_by_owner FROM loyalty_code WHERE code = $1', [code])).rows).toEqual([
      { is_used_by_owner: false },
    ]);
    expect(await loyalty(token)).toBe('');
    // A year on, the customer gets a code again.
    await t.db.query(`UPDATE loyalty_code SET used_at = now() - interval '366 days' WHERE code = $1`, [code]);
    expect(await loyalty(token)).toMatch(/^LOYAL-/);
  });

  it('needs a login', async () => {
    expect((await t.request({ method: 'POST', url: '/api/fastspring/loyaltycoupon' })).statusCode).toBe(401);
  });
});

describe("loyalty codes through FastSpring's coupon API", () => {
  it("adds each new code to the vendor's coupon with the API user's credentials; without API or sandbox there is none", async () => {
    const received: { url: string; authorization: string; body: string }[] = [];
    const stub = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ url: request.url ?? '', authorization: request.headers.authorization ?? '', body });
        // FastSpring takes its time: calls made at once overlap.
        setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end('{"result":"success"}'), 100);
      });
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = stub.address() as { port: number };
      const api = await createTestApp({
        SANDBOX_CHECKOUT: 'off',
        FASTSPRING_WEBHOOK_SECRET: 'api-test-secret',
        FASTSPRING_API_USER: 'api-user',
        FASTSPRING_API_PASSWORD: 'api-pass',
        FASTSPRING_API_URL: `http://127.0.0.1:${port}`,
      });
      const { token, email } = await api.registerCustomer();
      await postWebhook(api.app, [orderCompleted({ email, items: [{ product: 'punch' }] })], { secret: 'api-test-secret' });
      const code = (await api.request({ method: 'POST', url: '/api/fastspring/loyaltycoupon', token })).json() as string;
      expect(code).toMatch(/^LOYAL-/);
      expect(received).toEqual([
        {
          url: `/coupons/${api.config.LOYALTY_COUPON}`,
          authorization: `Basic ${Buffer.from('api-user:api-pass').toString('base64')}`,
          body: JSON.stringify({ codes: [code] }),
        },
      ]);
      // Asked for at once (two tabs, a double click), one code is made and added to the coupon.
      const second = await api.registerCustomer();
      await postWebhook(api.app, [orderCompleted({ email: second.email, items: [{ product: 'punch' }] })], { secret: 'api-test-secret' });
      received.length = 0;
      const answers = await Promise.all(
        [1, 2, 3].map(async () =>
          (await api.request({ method: 'POST', url: '/api/fastspring/loyaltycoupon', token: second.token })).json(),
        ),
      );
      expect(new Set(answers).size).toBe(1);
      expect(received).toHaveLength(1);
    } finally {
      stub.close();
    }

    const none = await createTestApp({ SANDBOX_CHECKOUT: 'off', FASTSPRING_WEBHOOK_SECRET: 'none-secret' });
    const customer = await none.registerCustomer();
    await postWebhook(none.app, [orderCompleted({ email: customer.email, items: [{ product: 'punch' }] })], { secret: 'none-secret' });
    expect((await none.request({ method: 'POST', url: '/api/fastspring/loyaltycoupon', token: customer.token })).json()).toBe('');
  });
});

describe('GET /product/', () => {
  it('gives anonymous callers and customers the public fields only, the FastSpring path among them', async () => {
    const { token } = await t.registerCustomer();
    for (const caller of [undefined, token, 'stale-token']) {
      const response = await t.request({ method: 'GET', url: '/api/product/', token: caller });
      expect(response.statusCode).toBe(200);
      const products = response.json() as Record<string, unknown>[];
      expect(products.map((product) => product.name)).toEqual(expect.arrayContaining(['Spacey', 'Punch', 'Tapewarm']));
      expect(response.body).not.toMatch(/privat|publickey|publicKey/i);
      expect(Object.keys(products[0]!).sort()).toEqual([
        'description',
        'id',
        'isBundle',
        'name',
        'path',
        'price',
        'successorId',
        'trialDays',
        'useRsa2048',
      ]);
      expect(products.find((product) => product.name === 'Spacey')?.path).toBe('spacey');
    }
  });

  it('gives the administrator the key material', async () => {
    const response = await t.request({ method: 'GET', url: '/api/product/', token: await t.adminToken() });
    const spacey = (response.json() as Record<string, string>[]).find((product) => product.name === 'Spacey')!;
    expect(spacey.privateKey).toMatch(/^[0-9a-f]+,[0-9a-f]+$/);
    expect(spacey.privatekey).toBe(spacey.privateKey);
    expect(spacey.publicKey2048).toMatch(/^[0-9a-f]+,[0-9a-f]+$/);
  });
});
