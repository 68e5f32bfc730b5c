import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail } from '../../../test/test-app.js';
import { orderCompleted, postWebhook } from '../../../test/webhook-fixtures.js';
import { webhookSecretOf } from './webhook-signature.js';

// The default test configuration has no storefront: the sandbox is active and signs with its derived secret.
const t = await createTestApp();
const sandboxSecret = webhookSecretOf(t.config)!;
// A real storefront configured without a webhook secret.
const live = await createTestApp({ FASTSPRING_STOREFRONT: 'example.onfastspring.com/popup-example', SANDBOX_CHECKOUT: 'off' });

describe('webhook secret', () => {
  it('verifies sandbox webhooks with the secret derived from KEY_ENCRYPTION_SECRET', async () => {
    expect(sandboxSecret).toMatch(/^[\w-]{43}$/);
    const event = orderCompleted({ email: uniqueEmail(), items: [{ product: 'punch' }] });
    expect((await postWebhook(t.app, [event], { secret: sandboxSecret, signature: 'missing' })).statusCode).toBe(401);
    expect((await postWebhook(t.app, [event], { secret: sandboxSecret })).statusCode).toBe(200);
  });

  it('refuses every webhook of a real storefront while no secret is configured', async () => {
    expect(webhookSecretOf(live.config)).toBeUndefined();
    const event = orderCompleted({ email: uniqueEmail(), items: [{ product: 'punch' }] });
    const response = await postWebhook(live.app, [event], { secret: sandboxSecret });
    expect(response.statusCode).toBe(403);
    expect(response.body).toMatch(/FASTSPRING_WEBHOOK_SECRET/);
    expect((await live.db.query('SELECT count(*)::int AS n FROM webhook_event')).rows[0].n).toBe(0);
  });
});

describe('loyalty coupon', () => {
  it('answers an empty string without a licence and the code with one', async () => {
    const { token, email } = await t.registerCustomer();
    const before = await t.request({ method: 'POST', url: '/api/fastspring/loyaltycoupon', token });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toBe('');

    await postWebhook(t.app, [orderCompleted({ email, items: [{ product: 'tapewarm' }] })], { secret: sandboxSecret });
    const after = await t.request({ method: 'POST', url: '/api/fastspring/loyaltycoupon', token });
    expect(after.json()).toBe(t.config.LOYALTY_COUPON);

    await t.db.query(`UPDATE orders SET state = 'refunded' WHERE person_id = (SELECT person_id FROM login WHERE login_name = $1)`, [email]);
    expect((await t.request({ method: 'POST', url: '/api/fastspring/loyaltycoupon', token })).json()).toBe('');
  });

  it('needs a login', async () => {
    expect((await t.request({ method: 'POST', url: '/api/fastspring/loyaltycoupon' })).statusCode).toBe(401);
  });
});

describe('GET /product/', () => {
  it('gives anonymous callers and customers the public fields only', async () => {
    const { token } = await t.registerCustomer();
    for (const caller of [undefined, token, 'stale-token']) {
      const response = await t.request({ method: 'GET', url: '/api/product/', token: caller });
      expect(response.statusCode).toBe(200);
      const products = response.json() as Record<string, unknown>[];
      expect(products.map((product) => product.name)).toEqual(expect.arrayContaining(['Spacey', 'Punch', 'Tapewarm']));
      expect(response.body).not.toMatch(/privat|publickey|publicKey/i);
      expect(Object.keys(products[0]!).sort()).toEqual(['description', 'id', 'name', 'price', 'trialDays', 'useRsa2048']);
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
