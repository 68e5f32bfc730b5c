import { createHash, randomBytes } from 'node:crypto';
import { confirmAccountResponse } from '@store/contracts/account';
import { ACCOUNT_CLAIM_TAG } from '@store/contracts/constants';
import { purchaseAccountResponse } from '@store/contracts/customer-order';
import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, uniqueIp } from '../../../test/test-app.js';
import { orderCompleted, postWebhook, providerId, sampleGiftOrderCompleted } from '../../../test/webhook-fixtures.js';

const secret = 'test-webhook-secret';
const t = await createTestApp({ FASTSPRING_WEBHOOK_SECRET: secret });

/** What the paying browser keeps (the claim) and what it hands the checkout as a tag (its SHA-256). */
const newClaim = () => {
  const claim = randomBytes(32).toString('hex');
  return { claim, tags: { [ACCOUNT_CLAIM_TAG]: createHash('sha256').update(claim).digest('hex') } };
};

const exchange = (providerOrderId: string, claim: string) =>
  t.request({ method: 'POST', url: `/api/fastspring/purchase/${encodeURIComponent(providerOrderId)}/account`, body: { claim } });

/** A purchase paid in a browser that kept `claim`, its webhook received. */
async function paidPurchase(email = uniqueEmail('buyer')) {
  const { claim, tags } = newClaim();
  const order = orderCompleted({ email, items: [{ product: 'spacey' }], tags });
  await postWebhook(t.app, [order], { secret });
  return { email, claim, providerOrderId: order.data.id as string };
}

describe('POST /api/fastspring/purchase/:id/account (the paying browser signs in at once, decision 060)', () => {
  it("answers a new buyer's single-use link that sets the password and opens the licences, once", async () => {
    const { email, claim, providerOrderId } = await paidPurchase();
    const response = await exchange(providerOrderId, claim);
    expect(response.statusCode).toBe(200);
    const answer = purchaseAccountResponse.parse(response.json());
    expect(answer.kind).toBe('setPassword');
    const token = /^\/account\/confirm\/([\w-]+)$/.exec(answer.path)?.[1];
    expect(token).toBeDefined();

    const confirmed = await t.request({
      method: 'POST',
      url: '/api/account/confirm',
      body: { token, password: 'a-good-new-password' },
      ip: uniqueIp(),
    });
    expect(confirmed.statusCode).toBe(200);
    const { user } = confirmAccountResponse.parse(confirmed.json()) as { user?: { name: string; token: string } };
    expect(user?.name).toBe(email);
    const licences = await t.request({ method: 'GET', url: '/api/userinfo/products', token: user!.token });
    expect(licences.statusCode).toBe(200);
    expect(JSON.stringify(licences.json())).toContain('Spacey');

    // The claim is spent: a second exchange (another tab, a replay) gets nothing.
    expect((await exchange(providerOrderId, claim)).statusCode).toBe(404);
  });

  it('gives nothing for the order id alone, a wrong claim, or a purchase without one', async () => {
    const { providerOrderId } = await paidPurchase();
    expect((await exchange(providerOrderId, randomBytes(32).toString('hex'))).statusCode).toBe(404);
    expect((await exchange(providerId(), randomBytes(32).toString('hex'))).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: `/api/fastspring/purchase/${providerOrderId}/account`, body: {} })).statusCode).toBe(
      400,
    );

    const untagged = orderCompleted({ email: uniqueEmail('untagged'), items: [{ product: 'spacey' }] });
    await postWebhook(t.app, [untagged], { secret });
    expect((await exchange(untagged.data.id as string, randomBytes(32).toString('hex'))).statusCode).toBe(404);
  });

  it('ends with the purchase’s hour', async () => {
    const { claim, providerOrderId } = await paidPurchase();
    await t.db.query(`UPDATE provider_order SET completed_at = now() - interval '61 minutes' WHERE provider_order_id = $1`, [
      providerOrderId,
    ]);
    expect((await exchange(providerOrderId, claim)).statusCode).toBe(404);
  });

  it("sends a buyer with a proven login to the login page, and never hands a gift's or a transfer's account to the payer", async () => {
    const customer = await t.registerCustomer('secret-password', { isProven: true });
    const proven = await paidPurchase(customer.email);
    expect(purchaseAccountResponse.parse((await exchange(proven.providerOrderId, proven.claim)).json())).toEqual({
      kind: 'signIn',
      path: '/login',
    });

    const giftClaim = newClaim();
    const gift = sampleGiftOrderCompleted({ payerEmail: uniqueEmail('payer'), recipientEmail: uniqueEmail('friend'), product: 'punch' });
    gift.data.tags = giftClaim.tags;
    await postWebhook(t.app, [gift], { secret });
    expect((await exchange(gift.data.id as string, giftClaim.claim)).statusCode).toBe(404);

    const transferClaim = newClaim();
    const transfer = orderCompleted({ email: uniqueEmail('seller'), items: [{ product: 'licensetransfer' }], tags: transferClaim.tags });
    await postWebhook(t.app, [transfer], { secret });
    expect((await exchange(transfer.data.id as string, transferClaim.claim)).statusCode).toBe(404);
  });

  it('keeps only the hash: the stored order holds no claim that works', async () => {
    const { claim, providerOrderId } = await paidPurchase();
    const { rows } = await t.db.query<{ account_claim_hash: string }>(
      'SELECT account_claim_hash FROM provider_order WHERE provider_order_id = $1',
      [providerOrderId],
    );
    expect(rows[0]!.account_claim_hash).toBe(createHash('sha256').update(claim).digest('hex'));
    expect((await exchange(providerOrderId, rows[0]!.account_claim_hash)).statusCode).toBe(404);
  });
});
