import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail } from '../../../test/test-app.js';
import { orderCompleted, postWebhook } from '../../../test/webhook-fixtures.js';
import { webhookSecretOf } from '../checkout/webhook-signature.js';

const t = await createTestApp();
const secret = webhookSecretOf(t.config)!;
const ordersOf = async (token: string) => (await t.request({ method: 'GET', url: '/api/userinfo/orders', token })).json() as {
  reference: string | null;
  source: string;
  licences: { orderId: number; productName: string; state: string; amount: string | null; currency: string | null }[];
  total: string | null;
  currency: string | null;
  events: { kind: string; orderId: number; at: string | null }[];
}[];

describe('GET /api/userinfo/orders', () => {
  it("groups a customer's purchase by the provider's order, with amounts, and shows refunds and transfers", async () => {
    const { token, email } = await t.registerCustomer();
    const event = orderCompleted({ email, items: [{ product: 'punch', quantity: 2 }] });
    expect((await postWebhook(t.app, [event], { secret })).statusCode).toBe(200);
    const providerOrderId = event.data.id as string;
    await t.db.query(`UPDATE orders SET amount = 79.00, currency = 'USD' WHERE provider_order_id = $1`, [providerOrderId]);
    const [purchase] = await ordersOf(token);
    expect(purchase).toMatchObject({ source: 'purchase', total: '158.00', currency: 'USD' });
    expect(purchase!.licences.map((licence) => licence.productName)).toEqual(['Punch', 'Punch']);

    // One licence refunded, the other transferred to someone else by the administrator.
    const [first, second] = purchase!.licences;
    await t.db.query(`UPDATE orders SET state = 'refunded' WHERE id = $1`, [first!.orderId]);
    const moved = await t.request({
      method: 'POST',
      url: '/api/order/transfer',
      token: await t.adminToken(),
      body: { id: second!.orderId, newOwnerEmail: uniqueEmail('heir'), newOwnerName: 'New Owner' },
    });
    expect(moved.statusCode).toBe(200);
    const [after] = await ordersOf(token);
    expect(after!.licences.map((licence) => licence.state).sort()).toEqual(['refunded', 'transferred']);
    expect(after!.events.map((entry) => entry.kind).sort()).toEqual(['refunded', 'transferred-away']);
  });

  it("answers nothing of another customer's, and nothing to a login that has not proven its address", async () => {
    const owner = await t.registerCustomer();
    await postWebhook(t.app, [orderCompleted({ email: owner.email, items: [{ product: 'tapewarm' }] })], { secret });
    const stranger = await t.request({ method: 'POST', url: '/api/register', body: { email: uniqueEmail('x'), password: 'pass-1234' } });
    expect(await ordersOf((stranger.json() as { token: string }).token)).toEqual([]);
    const other = await t.registerCustomer();
    expect(await ordersOf(other.token)).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/userinfo/orders' })).statusCode).toBe(401);
  });
});
