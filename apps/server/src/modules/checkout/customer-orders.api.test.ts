import type { CustomerOrder } from '@store/contracts/customer-order';
import { customerOrderList, licencePurchase } from '@store/contracts/customer-order';
import { transferTag } from '@store/contracts/licence';
import { describe, expect, it } from 'vitest';
import { publishedPost } from '../../../test/published-samples.js';
import { createTestApp } from '../../../test/test-app.js';
import {
  orderCompleted,
  partialReturnCreated,
  postWebhook,
  returnCreated,
  sampleGiftOrderCompleted,
} from '../../../test/webhook-fixtures.js';

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

  it('names products, not paths, and shows a transfer as "transferred to … on …" with its fee order', async () => {
    const seller = await t.registerCustomer();
    const bought = orderCompleted({ email: seller.email, items: [{ product: 'spacey' }] });
    await postWebhook(t.app, [bought], { secret });
    const [purchase] = await ordersOf(seller.token);
    expect(purchase!.items).toEqual([expect.objectContaining({ product: 'spacey', name: 'Spacey' })]);
    const licenceId = purchase!.licences[0]!.orderId;
    await t.db.query(`UPDATE orders SET license_activation_date = now() - interval '31 days' WHERE id = $1`, [licenceId]);
    const verified = await t.request({ method: 'GET', url: `/api/userinfo/verifyorderfortransfer/${licenceId}`, token: seller.token });
    const tag = transferTag({
      token: verified.json(),
      orderId: licenceId,
      email: `buyer-${licenceId}@example.com`,
      firstName: 'Ada',
      lastName: 'Byron',
    });
    const fee = orderCompleted({ email: seller.email, items: [{ product: 'licensetransfer' }], tags: { licensetransfer: tag } });
    expect((await postWebhook(t.app, [fee], { secret })).statusCode).toBe(200);

    const orders = await ordersOf(seller.token);
    const original = orders.find((order) => order.providerOrderId === bought.data.id)!;
    expect(original.licences).toEqual([expect.objectContaining({ orderId: licenceId, state: 'transferred' })]);
    expect(original.transfers).toEqual([
      expect.objectContaining({ orderId: licenceId, direction: 'out', productName: 'Spacey', counterpartName: 'Ada Byron' }),
    ]);
    const feeOrder = orders.find((order) => order.providerOrderId === fee.data.id)!;
    expect(feeOrder.items).toEqual([expect.objectContaining({ product: 'licensetransfer', name: 'Licence transfer' })]);
    expect(feeOrder.transfers).toEqual([
      expect.objectContaining({ orderId: licenceId, direction: 'out', productName: 'Spacey', counterpartName: 'Ada Byron' }),
    ]);
  });

  it("shows staff a licence's purchase with its partial refunds, and 404 for no licence", async () => {
    const buyer = await t.registerCustomer();
    const event = sampleGiftOrderCompleted({ payerEmail: buyer.email, recipientEmail: `gift-${buyer.email}`, product: 'spacey' });
    await postWebhook(t.app, [event, partialReturnCreated(event.data.id as string, 'spacey', 12.5)], { secret });
    const { rows } = await t.db.query('SELECT id FROM orders WHERE provider_order_id = $1', [event.data.id]);
    const token = await t.adminToken();
    const response = await t.request({ method: 'GET', url: `/api/order/${rows[0].id}/purchase`, token });
    expect(response.statusCode).toBe(200);
    const purchase = licencePurchase.parse(response.json());
    expect(purchase).toMatchObject({ buyerEmail: buyer.email, recipientEmail: `gift-${buyer.email}`, total: 59.99, coupons: ['SPRING10'] });
    expect(purchase!.refunds).toEqual([expect.objectContaining({ isPartial: true, amount: 12.5, revokedLicenceIds: [] })]);
    expect((await t.request({ method: 'GET', url: '/api/order/99999999/purchase', token })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/order/${rows[0].id}/purchase`, token: buyer.token })).statusCode).toBe(403);
  });
});

describe('a bundle in the customer’s orders', () => {
  it('shows a bundle purchase as the bundle, in either of FastSpring’s shapes, with the licences it made', async () => {
    const parts = { part1: 'spacey', part2: 'punch', part3: 'tapewarm' };
    for (const sample of ['order-completed-bundle', 'order-completed-bundle-parts-only'] as const) {
      const buyer = await t.registerCustomer();
      const events = publishedPost(sample, { email: buyer.email, bundle: 'studio-bundle', ...parts });
      expect((await postWebhook(t.app, events, { secret })).statusCode).toBeLessThan(300);
      const [order] = await ordersOf(buyer.token);
      expect(order!.items).toEqual([
        { product: 'studio-bundle', name: 'Studio Bundle', isBundle: true, quantity: 1, subtotal: 99, discount: 0, tax: null, total: null },
      ]);
      expect(order!.licences.map(({ productName, bundlePath, state }) => ({ productName, bundlePath, state }))).toEqual([
        { productName: 'Spacey', bundlePath: 'studio-bundle', state: 'active' },
        { productName: 'Punch', bundlePath: 'studio-bundle', state: 'active' },
        { productName: 'Tapewarm', bundlePath: 'studio-bundle', state: 'active' },
      ]);
    }
  });

  it('shows a bundle sent as its own item only as the bundle, to the customer and to staff', async () => {
    const buyer = await t.registerCustomer();
    const event = orderCompleted({ email: buyer.email, items: [{ product: 'studio-bundle' }] });
    expect((await postWebhook(t.app, [event], { secret })).statusCode).toBeLessThan(300);
    const [order] = await ordersOf(buyer.token);
    expect(order!.items).toEqual([expect.objectContaining({ product: 'studio-bundle', name: 'Studio Bundle', isBundle: true })]);
    expect(order!.licences.map((licence) => licence.bundlePath)).toEqual(['studio-bundle', 'studio-bundle', 'studio-bundle']);
    const staff = await t.request({
      method: 'GET',
      url: `/api/order/${order!.licences[0]!.orderId}/purchase`,
      token: await t.adminToken(),
    });
    expect(licencePurchase.parse(staff.json())!.items).toEqual([expect.objectContaining({ product: 'studio-bundle', isBundle: true })]);
  });
});
