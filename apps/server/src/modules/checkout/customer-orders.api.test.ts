import type { CustomerOrder } from '@store/contracts/customer-order';
import { customerOrderList } from '@store/contracts/customer-order';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';
import { orderCompleted, partialReturnCreated, postWebhook, returnCreated, sampleGiftOrderCompleted } from '../../../test/webhook-fixtures.js';

const secret = 'test-webhook-secret';
const t = await createTestApp({ FASTSPRING_WEBHOOK_SECRET: secret });

const ordersOf = async (token: string): Promise<CustomerOrder[]> => {
  const response = await t.request({ method: 'GET', url: '/api/userinfo/orders', token });
  expect(response.statusCode).toBe(200);
  return customerOrderList.parse(response.json());
};

describe('GET /api/userinfo/orders', () => {
  it("answers the caller's purchases with items, money, refunds; a gift's recipient sees the licence but not the money", async () => {
    const payer = await t.registerCustomer();
    const recipient = await t.registerCustomer();
    const stranger = await t.registerCustomer();
    const gift = sampleGiftOrderCompleted({ payerEmail: payer.email, recipientEmail: recipient.email, product: 'punch' });
    const own = orderCompleted({ email: payer.email, items: [{ product: 'spacey', quantity: 2 }] });
    await postWebhook(t.app, [gift, own], { secret });
    await postWebhook(t.app, [partialReturnCreated(gift.data.id as string, 'punch', 5)], { secret });
    await postWebhook(t.app, [returnCreated(own.data.id as string, { items: [{ product: 'spacey', quantity: 1 }] })], { secret });

    const payerOrders = await ordersOf(payer.token);
    expect(payerOrders.map((order) => order.providerOrderId).sort()).toEqual([gift.data.id, own.data.id].sort());
    const paidGift = payerOrders.find((order) => order.providerOrderId === gift.data.id)!;
    expect(paidGift).toMatchObject({
      reference: gift.data.reference,
      isGift: true,
      isPayer: true,
      currency: 'USD',
      tax: 4.8,
      total: 59.99,
      invoiceUrl: gift.data.invoiceUrl,
      licences: [],
      items: [{ product: 'punch', quantity: 1, subtotal: 59.99, discount: 10, tax: 4.8, total: 54.79 }],
    });
    expect(paidGift.refunds).toEqual([expect.objectContaining({ isPartial: true, amount: 5, currency: 'USD', revokedLicenceIds: [] })]);
    const ownOrder = payerOrders.find((order) => order.providerOrderId === own.data.id)!;
    expect(ownOrder.licences.map((licence) => licence.state).sort()).toEqual(['active', 'refunded']);
    expect(ownOrder.refunds).toEqual([expect.objectContaining({ isPartial: false, revokedLicenceIds: [expect.any(Number)] })]);

    const received = await ordersOf(recipient.token);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ isGift: true, isPayer: false, total: null, tax: null, invoiceUrl: '' });
    expect(received[0]!.licences).toEqual([expect.objectContaining({ productName: 'Punch', state: 'active' })]);
    expect(received[0]!.items[0]).toMatchObject({ product: 'punch', quantity: 1, total: null });

    expect(await ordersOf(stranger.token)).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/userinfo/orders' })).statusCode).toBe(401);
  });
});
