import { pagedResponse } from '@store/contracts/list';
import { orderListRow } from '@store/contracts/order-list';
import { orderDetail, transferEntry } from '@store/contracts/order-detail';
import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail } from '../../../test/test-app.js';
import { orderCompleted, postWebhook, returnCreated } from '../../../test/webhook-fixtures.js';

const secret = 'test-webhook-secret';
const t = await createTestApp({ FASTSPRING_WEBHOOK_SECRET: secret });

const detailOf = async (orderId: number, token?: string) =>
  t.request({ method: 'GET', url: `/api/admin/orders/${orderId}`, token: token ?? (await t.adminToken()) });

const licenceIdsOf = async (providerOrderId: string) =>
  (
    await t.db.query<{ id: number }>('SELECT id::int AS id FROM orders WHERE provider_order_id = $1 ORDER BY id', [providerOrderId])
  ).rows.map((row) => row.id);

/** A paid purchase of two Spacey licences with FastSpring's money, for a customer who can log in. */
async function paidPurchase() {
  const customer = await t.registerCustomer('secret-password', { isProven: true });
  const order = orderCompleted({ email: customer.email, items: [{ product: 'spacey', quantity: 2 }] });
  Object.assign(order.data, { subtotal: 40, tax: 8, total: 48, invoiceUrl: 'https://example.com/invoice/1' });
  Object.assign((order.data.items as Record<string, unknown>[])[0]!, { subtotal: 40, tax: 8, total: 48 });
  await postWebhook(t.app, [order], { secret });
  return { customer, providerOrderId: order.data.id as string, reference: order.data.reference as string };
}

/** The owner's paid transfer of a licence to a new owner: verified, then the fee's order arrives through the webhook. */
async function paidTransfer(owner: { email: string; token: string }, orderId: number, newOwnerEmail: string) {
  await t.db.query(`UPDATE orders SET license_activation_date = now() - interval '31 days' WHERE id = $1`, [orderId]);
  const verified = await t.request({ method: 'GET', url: `/api/userinfo/verifyorderfortransfer/${orderId}`, token: owner.token });
  expect(verified.statusCode).toBe(200);
  const tag = `${verified.json() as string};${orderId};${newOwnerEmail};Nora;New`;
  const fee = orderCompleted({ email: owner.email, items: [{ product: 'licensetransfer' }], tags: { licensetransfer: tag } });
  Object.assign((fee.data.items as Record<string, unknown>[])[0]!, { subtotal: 10 });
  await postWebhook(t.app, [fee], { secret });
  return fee.data.id as string;
}

describe('GET /api/admin/orders/:id (the back office order detail, decision 060)', () => {
  it('shows the buyer, the items with names and money, the licences issued, refunds, transfers and webhook events', async () => {
    const { customer, providerOrderId, reference } = await paidPurchase();
    const [first, second] = await licenceIdsOf(providerOrderId);
    const newOwner = uniqueEmail('new-owner');
    const feeOrderId = await paidTransfer(customer, second!, newOwner);
    await postWebhook(t.app, [returnCreated(providerOrderId, { items: [{ product: 'spacey', quantity: 1 }] })], { secret });

    const response = await detailOf(first!);
    expect(response.statusCode).toBe(200);
    const detail = orderDetail.parse(response.json());
    expect(detail.licence).toMatchObject({ id: first, productName: 'Spacey', personEmail: customer.email, amount: 20, currency: 'USD' });
    expect(detail.purchase).toMatchObject({
      providerOrderId,
      reference,
      buyerEmail: customer.email,
      currency: 'USD',
      tax: 8,
      total: 48,
      invoiceUrl: 'https://example.com/invoice/1',
      items: [{ product: 'spacey', name: 'Spacey', quantity: 2, tax: 8, total: 48 }],
    });
    expect(detail.purchase?.refunds).toHaveLength(1);
    expect(detail.licences.map((licence) => licence.id)).toEqual([first, second]);
    expect(detail.licences.find((licence) => licence.id === second)).toMatchObject({ personEmail: newOwner });
    expect(detail.transfers).toEqual([
      expect.objectContaining({
        orderId: second,
        fromEmail: customer.email,
        toEmail: newOwner,
        fee: 10,
        currency: 'USD',
        providerOrderId: feeOrderId,
      }),
    ]);
    expect(detail.webhookEvents.map((event) => [event.type, event.providerOrderId, event.result])).toEqual([
      ['order.completed', providerOrderId, 'processed'],
      ['order.completed', feeOrderId, 'processed'],
      ['return.created', providerOrderId, 'processed'],
    ]);
  });

  it("keeps the transferred licence's purchase and amount in the orders list, and lists the transfer as its own entry", async () => {
    const { customer, providerOrderId, reference } = await paidPurchase();
    const [, second] = await licenceIdsOf(providerOrderId);
    const newOwner = uniqueEmail('next-owner');
    const feeOrderId = await paidTransfer(customer, second!, newOwner);
    const admin = await t.adminToken();

    const filter = encodeURIComponent(JSON.stringify({ id: String(second) }));
    const list = await t.request({ method: 'GET', url: `/api/admin/orders?page=0&pageSize=10&filter=${filter}`, token: admin });
    expect(pagedResponse(orderListRow).parse(list.json()).rows).toEqual([
      expect.objectContaining({ id: second, providerReference: reference, amount: 20, currency: 'USD', personEmail: newOwner }),
    ]);

    const transfers = await t.request({ method: 'GET', url: '/api/admin/transfers?page=0&pageSize=10', token: admin });
    expect(transfers.statusCode).toBe(200);
    const { rows } = pagedResponse(transferEntry).parse(transfers.json());
    expect(rows[0]).toMatchObject({
      orderId: second,
      productName: 'Spacey',
      fromEmail: customer.email,
      toEmail: newOwner,
      fee: 10,
      currency: 'USD',
      providerOrderId: feeOrderId,
    });
    expect((await t.request({ method: 'GET', url: '/api/admin/transfers', token: customer.token })).statusCode).toBe(403);
  });

  it('is for staff only, and answers 404 for no such order', async () => {
    const { customer, providerOrderId } = await paidPurchase();
    const [licenceId] = await licenceIdsOf(providerOrderId);
    expect((await t.request({ method: 'GET', url: `/api/admin/orders/${licenceId}` })).statusCode).toBe(401);
    expect((await detailOf(licenceId!, customer.token)).statusCode).toBe(403);
    expect((await detailOf(2_000_000_000)).statusCode).toBe(404);
  });
});
