import { purchaseStatus } from '@store/contracts/customer-order';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';
import { orderCompleted, postWebhook, providerId, sampleGiftOrderCompleted } from '../../../test/webhook-fixtures.js';

const secret = 'test-webhook-secret';
const t = await createTestApp({ FASTSPRING_WEBHOOK_SECRET: secret });

const statusOf = async (providerOrderId: string) => {
  const response = await t.request({ method: 'GET', url: `/api/fastspring/purchase/${encodeURIComponent(providerOrderId)}` });
  expect(response.statusCode).toBe(200);
  return purchaseStatus.parse(response.json());
};

describe('GET /api/fastspring/purchase/:id (the thank-you screen, decision 037)', () => {
  it('answers pending until the webhook arrives, then the reference and the address the licence mail went to', async () => {
    const email = `buyer-${providerId()}@example.com`;
    const order = orderCompleted({ email, items: [{ product: 'spacey' }] });
    expect(await statusOf(order.data.id as string)).toEqual({ status: 'pending' });

    await postWebhook(t.app, [order], { secret });
    expect(await statusOf(order.data.id as string)).toEqual({
      status: 'completed',
      reference: order.data.reference,
      mailedTo: email,
      isTransfer: false,
    });
  });

  it("names a gift's recipient, whom the licence mail went to", async () => {
    const gift = sampleGiftOrderCompleted({ payerEmail: 'payer@example.com', recipientEmail: 'friend@example.com', product: 'punch' });
    await postWebhook(t.app, [gift], { secret });
    expect(await statusOf(gift.data.id as string)).toMatchObject({ status: 'completed', mailedTo: 'friend@example.com' });
  });

  it('says when the purchase paid a licence transfer', async () => {
    const order = orderCompleted({ email: 'previous-owner@example.com', items: [{ product: 'licensetransfer' }] });
    await postWebhook(t.app, [order], { secret });
    expect(await statusOf(order.data.id as string)).toMatchObject({
      status: 'completed',
      mailedTo: 'previous-owner@example.com',
      isTransfer: true,
    });
  });

  it('forgets a purchase an hour after it arrived, and knows no unknown id', async () => {
    const order = orderCompleted({ email: 'late@example.com', items: [{ product: 'spacey' }] });
    await postWebhook(t.app, [order], { secret });
    await t.db.query(`UPDATE provider_order SET completed_at = now() - interval '61 minutes' WHERE provider_order_id = $1`, [
      order.data.id,
    ]);
    expect(await statusOf(order.data.id as string)).toEqual({ status: 'pending' });
    expect(await statusOf(providerId())).toEqual({ status: 'pending' });
  });
});
