import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import { buyBundle, buyOfferOn, createBundle, createOffer } from '../../test/offer-sales.js';
import { publishedPost, publishedPurchase, publishedReturn } from '../../test/published-samples.js';
import { postWebhook, type TestEvent } from '../../test/webhook-fixtures.js';
import { listRecentMail } from '../mail/outbox.js';

// Decision 115: an upgrade or crossgrade bought on a licence that a chargeback or a return ends afterwards (business
// review B1, 2026-11-29). Everything is bought the way a customer buys it: the shop's order, the quote, the webhook.

const secret = 'test-webhook-secret';
const t = await createTestApp({ FASTSPRING_WEBHOOK_SECRET: secret });

const post = async (events: TestEvent[]) => expect((await postWebhook(t.app, events, { secret })).statusCode).toBe(200);
const licencesOf = async (providerOrderId: string) =>
  (
    await t.db.query<{ id: number; state: string; name: string }>(
      `SELECT o.id::int AS id, o.state, p.name FROM orders o JOIN product p ON p.id = o.product_id WHERE o.provider_order_id = $1 ORDER BY o.id`,
      [providerOrderId],
    )
  ).rows;
const licence = async (id: number) =>
  (await t.db.query<{ state: string; revoke_reason: string | null }>('SELECT state, revoke_reason FROM orders WHERE id = $1', [id]))
    .rows[0]!;
/** The mails to support that name `licenceId` as bought on an ended licence. */
const supportMailsNaming = async (licenceId: number) =>
  (await listRecentMail(t.db, 100, t.config.SUPPORT_EMAIL)).filter(
    (mail) => mail.kind === 'bought-on-ended' && mail.body_text.includes(`Licence ${licenceId}:`),
  );
const eventResult = async (eventId: string) =>
  (await t.request({ method: 'GET', url: `/api/webhookEvent/${eventId}`, token: await t.adminToken() })).json() as {
    result: string;
    error: string | null;
  };

/** The customer buys `product` in the shop at 49 USD; answers the purchase and its licence. */
async function buyInShop(email: string, product = 'spacey') {
  const purchase = publishedPurchase({ email, items: [{ product, subtotal: 49 }] });
  await post(purchase.events);
  return { providerOrderId: purchase.orderId, licenceId: (await licencesOf(purchase.orderId))[0]!.id };
}

/** A customer who bought Spacey in the shop and then its upgrade at 29 USD through their quote. */
async function customerWithUpgrade() {
  const customer = await t.registerCustomer();
  const offer = await createOffer(t, { kind: 'upgrade', prices: { USD: '29' } });
  const spacey = await buyInShop(customer.email);
  return {
    customer,
    spacey,
    v2: await buyOfferOn(t, secret, { customer, offerId: offer.offerId, sourceOrderId: spacey.licenceId }),
  };
}

describe('a licence bought on one that a chargeback ends', () => {
  it('is revoked with it, an upgrade of that upgrade too, and support is told once', async () => {
    const customer = await t.registerCustomer();
    const toV2 = await createOffer(t, { kind: 'upgrade', prices: { USD: '29' } });
    const toV3 = await createOffer(t, { kind: 'upgrade', sourceName: toV2.targetName, prices: { USD: '19' } });
    const spacey = await buyInShop(customer.email);
    const v2 = await buyOfferOn(t, secret, { customer, offerId: toV2.offerId, sourceOrderId: spacey.licenceId });
    const v3 = await buyOfferOn(t, secret, { customer, offerId: toV3.offerId, sourceOrderId: v2.licenceId });
    const other = await buyInShop(customer.email, 'punch');

    const chargeback = publishedPost('chargeback-created', { orderId: spacey.providerOrderId });
    await post(chargeback);

    expect((await licence(spacey.licenceId)).state).toBe('revoked');
    for (const { licenceId } of [v2, v3]) {
      expect(await licence(licenceId)).toEqual({
        state: 'revoked',
        revoke_reason: `Chargeback of order ${spacey.providerOrderId}, the licence it was bought on`,
      });
      expect(await supportMailsNaming(licenceId)).toHaveLength(1);
    }
    // What was not bought on it is left alone.
    expect((await licence(other.licenceId)).state).toBe('active');
    const [mail] = await supportMailsNaming(v2.licenceId);
    expect(mail!.subject).toBe(
      `Upgrades bought on licences the chargeback of order ${spacey.providerOrderId} ended: licence ${v2.licenceId}, ${v3.licenceId}`,
    );
    expect(mail!.body_text).toContain('These are revoked with them');
    expect(mail!.body_text).not.toContain('still active');
    expect(mail!.body_text).toContain(`${toV2.targetName} (upgrade of licence ${spacey.licenceId}, Spacey), ${customer.email}`);
    expect(await eventResult(chargeback[0]!.id)).toMatchObject({
      result: 'processed',
      error: expect.stringContaining('revoked 2 bought on them'),
    });

    // FastSpring sends the chargeback again under a new event id: nothing more is revoked or mailed.
    await post(publishedPost('chargeback-created', { orderId: spacey.providerOrderId }));
    expect(await supportMailsNaming(v2.licenceId)).toHaveLength(1);
  });

  it('is revoked when it is a crossgrade, whose licence underneath was charged back', async () => {
    const customer = await t.registerCustomer();
    const crossgrade = await createOffer(t, { kind: 'crossgrade', sourceName: 'Punch', prices: { USD: '19' } });
    const punch = await buyInShop(customer.email, 'punch');
    const crossed = await buyOfferOn(t, secret, { customer, offerId: crossgrade.offerId, sourceOrderId: punch.licenceId });

    await post(publishedPost('chargeback-created', { orderId: punch.providerOrderId }));

    expect((await licence(crossed.licenceId)).state).toBe('revoked');
    expect(await supportMailsNaming(crossed.licenceId)).toHaveLength(1);
  });

  it('stays with a later owner it was transferred to, and support is told of it', async () => {
    const { spacey, v2 } = await customerWithUpgrade();
    const moved = await t.request({
      method: 'POST',
      url: '/api/order/transfer',
      token: await t.adminToken(),
      body: { id: v2.licenceId, newOwnerEmail: `buyer-${v2.licenceId}@example.com`, newOwnerName: 'Second Owner' },
    });
    expect(moved.statusCode, moved.body).toBe(200);

    await post(publishedPost('chargeback-created', { orderId: spacey.providerOrderId }));

    expect((await licence(spacey.licenceId)).state).toBe('revoked');
    expect((await licence(v2.licenceId)).state).toBe('active');
    const mails = await supportMailsNaming(v2.licenceId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body_text).toContain('These are still active, as they were transferred to another owner');
  });

  it('is left alone when the chargeback is of the upgrade’s own purchase', async () => {
    const { spacey, v2 } = await customerWithUpgrade();

    await post(publishedPost('chargeback-created', { orderId: v2.providerOrderId }));

    expect((await licence(v2.licenceId)).state).toBe('revoked');
    expect((await licence(spacey.licenceId)).state).toBe('active');
    expect(await supportMailsNaming(v2.licenceId)).toHaveLength(0);
  });
});

describe('a licence bought on one that a return refunds', () => {
  it('stays active, and support is told once, when the bundle the licence came in is returned whole', async () => {
    const offer = await createOffer(t, { kind: 'upgrade', prices: { USD: '29' } });
    const bundle = await createBundle(t, { USD: '119' });
    const bought = await buyBundle(t, secret, bundle, 119);
    const parts = await licencesOf(bought.providerOrderId);
    const customer = await t.registerCustomer('secret-password', { email: bought.email });
    const spacey = parts.find((part) => part.name === 'Spacey')!;
    const v2 = await buyOfferOn(t, secret, { customer, offerId: offer.offerId, sourceOrderId: spacey.id });

    const returned = publishedReturn({
      orderId: bought.providerOrderId,
      email: customer.email,
      lines: [{ product: bundle.path, quantity: 1, subtotal: 119 }],
    });
    await post(returned);

    expect((await licencesOf(bought.providerOrderId)).map((part) => part.state)).toEqual(['refunded', 'refunded', 'refunded']);
    expect((await licence(v2.licenceId)).state).toBe('active');
    const mails = await supportMailsNaming(v2.licenceId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(
      `Upgrades bought on licences the return of order ${bought.providerOrderId} ended: licence ${v2.licenceId}`,
    );
    expect(mails[0]!.body_text).toContain('These are still active: revoke one in the person editor');
    expect(mails[0]!.body_text).not.toContain('revoked with them');
    expect(await eventResult(returned[0]!.id)).toMatchObject({
      result: 'processed',
      error: expect.stringContaining(`licence ${v2.licenceId} bought on a refunded licence stays active`),
    });

    // The same return sent again changes nothing and mails nobody.
    await post(returned);
    expect(await supportMailsNaming(v2.licenceId)).toHaveLength(1);
  });

  it('tells nobody when only a part of the licence’s amount was refunded (it stays active)', async () => {
    const { customer, spacey, v2 } = await customerWithUpgrade();

    const partial = publishedReturn({
      orderId: spacey.providerOrderId,
      email: customer.email,
      lines: [{ product: 'spacey', quantity: 0, subtotal: 10 }],
    });
    await post(partial);

    expect((await licence(spacey.licenceId)).state).toBe('active');
    expect(await supportMailsNaming(v2.licenceId)).toHaveLength(0);
  });
});
