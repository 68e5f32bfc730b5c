import { describe, expect, it } from 'vitest';
import { transferTag } from '@store/contracts/licence';
import { withTransaction } from '../../db/client.js';
import { createTestApp, uniqueEmail } from '../../../test/test-app.js';
import { completeTransferFromWebhook } from '../transfer/transfer-webhook.js';
import { orderCompleted, postWebhook, providerId, returnCreated, type TestEvent } from '../../../test/webhook-fixtures.js';
import { giveLicence } from '../licence/licence.test-factory.js';

const secret = 'test-webhook-secret';
const t = await createTestApp({ FASTSPRING_WEBHOOK_SECRET: secret });

/** Spacey 2, its own product (its own JUCE product ID and keys), and an upgrade from Spacey at 29 USD / 27 EUR. */
async function createUpgrade() {
  const admin = await t.adminToken();
  const name = `Spacey 2 ${Math.random().toString(36).slice(2, 8)}`;
  const created = await t.request({
    method: 'POST',
    url: '/api/product/',
    token: admin,
    body: { id: 0, name, description: 'Version 2', price: '99' },
  });
  expect(created.statusCode, created.body).toBe(200);
  const target = created.json() as { id: number; path: string; name: string };
  const products = (await t.request({ method: 'GET', url: '/api/product/', token: admin })).json() as { id: number; name: string }[];
  const spacey = products.find((product) => product.name === 'Spacey')!;
  const saved = await t.request({
    method: 'POST',
    url: '/api/offer/',
    token: admin,
    body: {
      id: 0,
      kind: 'upgrade',
      name: `Upgrade to ${name}`,
      targetProductId: target.id,
      sourceProductIds: [spacey.id],
      prices: { usd: '29', EUR: 27.5 },
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { target, offer: saved.json() as { id: number; prices: Record<string, string> }, spacey };
}

/** An order of the quote's session as FastSpring would send it: the items at the quoted price, the tags as given. */
function orderOfQuote(email: string, quote: QuoteAnswer, overrides: { price?: number; email?: string } = {}): TestEvent {
  const event = orderCompleted({
    email: overrides.email ?? email,
    items: [{ product: quote.session.items[0]!.product }],
    tags: quote.session.tags,
  });
  const price = overrides.price ?? Number(quote.price);
  (event.data.items as Record<string, unknown>[])[0]!.subtotal = price;
  event.data.currency = quote.currency;
  return event;
}

type QuoteAnswer = {
  quoteId: string;
  price: string;
  currency: string;
  session: {
    contact: { email: string };
    items: { product: string; quantity: number; pricing: { price: Record<string, number> } }[];
    tags: { offerQuote: string };
  };
  secure: unknown;
};

const licencesOf = async (orderId: string) =>
  (
    await t.db.query(
      `SELECT o.id::int, o.state, o.offer_id::int, o.upgraded_from_order_id::int, p.name AS product_name
         FROM orders o JOIN product p ON p.id = o.product_id WHERE o.provider_order_id = $1`,
      [orderId],
    )
  ).rows;
const attentionOf = async (eventId: string) =>
  (await t.db.query('SELECT attention FROM webhook_event WHERE id = $1', [eventId])).rows[0]?.attention;

/** The customer's quote of the offer on their licence (answered 200). */
async function quoteOf(customer: { token: string }, offerId: number, sourceOrderId: number): Promise<QuoteAnswer> {
  const quoted = await t.request({
    method: 'POST',
    url: '/api/userinfo/offers/quote',
    token: customer.token,
    body: { offerId, sourceOrderId },
  });
  expect(quoted.statusCode, quoted.body).toBe(200);
  return quoted.json() as QuoteAnswer;
}

describe('upgrades', () => {
  it('offers an owner the upgrade price, sells it through the webhook once, and a refund reverts it', async () => {
    const { target, offer } = await createUpgrade();
    expect(offer.prices).toEqual({ USD: '29.00', EUR: '27.50' });
    const customer = await t.registerCustomer();
    const { order: spaceyLicence } = await giveLicence(t, { email: customer.email });

    const offers = await t.request({ method: 'GET', url: `/api/userinfo/offers?productId=${target.id}`, token: customer.token });
    expect(offers.json()).toEqual([
      expect.objectContaining({
        offerId: offer.id,
        kind: 'upgrade',
        sourceOrderId: spaceyLicence.id,
        normalPrice: '99.00',
        prices: { USD: '29.00', EUR: '27.50' },
      }),
    ]);

    const quoted = await t.request({
      method: 'POST',
      url: '/api/userinfo/offers/quote',
      token: customer.token,
      body: { offerId: offer.id, sourceOrderId: spaceyLicence.id, currency: 'EUR' },
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const quote = quoted.json() as QuoteAnswer;
    expect(quote.session).toEqual({
      contact: { email: customer.email },
      items: [{ product: target.path, quantity: 1, pricing: { price: { EUR: 27.5 } } }],
      tags: { offerQuote: quote.quoteId },
    });
    // The sandbox needs no encryption; a real storefront gets the secure payload (offer service, decision 036).
    expect(quote.secure).toBeNull();

    const event = orderOfQuote(customer.email, quote);
    expect((await postWebhook(t.app, [event], { secret })).statusCode).toBe(200);
    const [upgrade] = await licencesOf(event.data.id as string);
    expect(upgrade).toMatchObject({ state: 'active', offer_id: offer.id, upgraded_from_order_id: spaceyLicence.id });

    // Version 1 keeps working and is shown as upgraded; the upgrade says where it came from; no second offer.
    const products = (await t.request({ method: 'GET', url: '/api/userinfo/products', token: customer.token })).json() as Record<
      string,
      unknown
    >[];
    expect(products.find((product) => product.orderId === spaceyLicence.id)).toMatchObject({
      status: 'active',
      upgradedTo: expect.stringMatching(/^Spacey 2/),
    });
    expect(products.find((product) => product.orderId === upgrade.id)).toMatchObject({ upgradedFrom: 'Spacey' });
    expect((await t.request({ method: 'GET', url: '/api/userinfo/offers', token: customer.token })).json()).toEqual([]);

    // The upgrade refunded: the offer is back, version 1 is no longer "upgraded".
    expect((await postWebhook(t.app, [returnCreated(event.data.id as string)], { secret })).statusCode).toBe(200);
    expect((await licencesOf(event.data.id as string))[0]).toMatchObject({ state: 'refunded' });
    const after = (await t.request({ method: 'GET', url: '/api/userinfo/products', token: customer.token })).json() as Record<
      string,
      unknown
    >[];
    expect(after.find((product) => product.orderId === spaceyLicence.id)).toMatchObject({ upgradedTo: null });
    expect(
      (await t.request({ method: 'GET', url: `/api/userinfo/offers?productId=${target.id}`, token: customer.token })).json(),
    ).toHaveLength(1);
  });

  it('lets nobody else pay a customer’s price: another customer, a visitor, an altered or replayed quote, a refunded licence', async () => {
    const { target, offer } = await createUpgrade();
    const owner = await t.registerCustomer();
    const { order: licence } = await giveLicence(t, { email: owner.email });
    const stranger = await t.registerCustomer();

    // A visitor cannot ask; another customer cannot quote on the owner's licence; a customer without one sees nothing.
    expect(
      (await t.request({ method: 'POST', url: '/api/userinfo/offers/quote', body: { offerId: offer.id, sourceOrderId: licence.id } }))
        .statusCode,
    ).toBe(401);
    const foreign = await t.request({
      method: 'POST',
      url: '/api/userinfo/offers/quote',
      token: stranger.token,
      body: { offerId: offer.id, sourceOrderId: licence.id },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/userinfo/offers', token: stranger.token })).json()).toEqual([]);
    const unsold = await t.request({
      method: 'POST',
      url: '/api/userinfo/offers/quote',
      token: owner.token,
      body: { offerId: offer.id, sourceOrderId: licence.id, currency: 'JPY' },
    });
    expect(unsold.statusCode).toBe(400);

    const quote = await quoteOf(owner, offer.id, licence.id);

    // The owner's quote paid by someone else, or at a lower price, or with an unknown quote id: nothing is issued.
    const byStranger = orderOfQuote(owner.email, quote, { email: stranger.email });
    await postWebhook(t.app, [byStranger], { secret });
    expect(await licencesOf(byStranger.data.id as string)).toEqual([]);
    expect(await attentionOf(byStranger.id)).toMatch(/another customer/);
    const cheaper = orderOfQuote(owner.email, quote, { price: 9 });
    await postWebhook(t.app, [cheaper], { secret });
    expect(await licencesOf(cheaper.data.id as string)).toEqual([]);
    expect(await attentionOf(cheaper.id)).toMatch(/paid 9.00, quoted 29.00/);
    const forged = orderOfQuote(owner.email, { ...quote, session: { ...quote.session, tags: { offerQuote: 'A'.repeat(22) } } });
    await postWebhook(t.app, [forged], { secret });
    expect(await licencesOf(forged.data.id as string)).toEqual([]);
    expect(await attentionOf(forged.id)).toMatch(/unknown quote/);

    // Paid as quoted: issued once; the same quote replayed in a second order is refused, and so is a second quote.
    const paid = orderOfQuote(owner.email, quote);
    await postWebhook(t.app, [paid], { secret });
    expect(await licencesOf(paid.data.id as string)).toHaveLength(1);
    const replayed = orderOfQuote(owner.email, quote);
    await postWebhook(t.app, [replayed], { secret });
    expect(await licencesOf(replayed.data.id as string)).toEqual([]);
    expect(await attentionOf(replayed.id)).toMatch(/used by an earlier order/);
    const again = await t.request({
      method: 'POST',
      url: '/api/userinfo/offers/quote',
      token: owner.token,
      body: { offerId: offer.id, sourceOrderId: licence.id },
    });
    expect(again.statusCode).toBe(404);
    // The same webhook again (FastSpring's retry) changes nothing.
    await postWebhook(t.app, [paid], { secret });
    expect(await licencesOf(paid.data.id as string)).toHaveLength(1);
    expect(target.id).toBeGreaterThan(0);
  });

  it('refuses a quote whose licence was refunded before the order arrived', async () => {
    const { offer } = await createUpgrade();
    const owner = await t.registerCustomer();
    const bought = orderCompleted({ email: owner.email, items: [{ product: 'spacey' }] });
    await postWebhook(t.app, [bought], { secret });
    const [licence] = await licencesOf(bought.data.id as string);
    const quote = await quoteOf(owner, offer.id, licence.id);
    await postWebhook(t.app, [returnCreated(bought.data.id as string)], { secret });
    const late = orderOfQuote(owner.email, quote);
    await postWebhook(t.app, [late], { secret });
    expect(await licencesOf(late.data.id as string)).toEqual([]);
    expect(await attentionOf(late.id)).toMatch(/no longer qualifies/);
  });

  it("judges the quote at the order's time: paid in time and processed hours later it is honoured, paid after it ended it is not", async () => {
    const { offer } = await createUpgrade();
    const HOUR = 60 * 60 * 1000;
    /** A quote made three hours ago (valid two), and its order, completed `paidAgo` ms ago, processed now. */
    const lateOrder = async (paidAgo: number, timeField: 'changed' | 'created') => {
      const customer = await t.registerCustomer();
      const { order: licence } = await giveLicence(t, { email: customer.email });
      const quote = await quoteOf(customer, offer.id, licence.id);
      // Stands for the passing of time: the quote was made three hours ago.
      await t.db.query(`UPDATE offer_quote SET expires_at = expires_at - interval '3 hours' WHERE id = $1`, [quote.quoteId]);
      const event = orderOfQuote(customer.email, quote);
      const paidAt = Date.now() - paidAgo;
      // FastSpring's first delivery failed; its retry (1 h, 2 h, 4 h… later), the reconciliation or a replay brings it now.
      if (timeField === 'changed') event.data.changed = paidAt;
      else event.created = paidAt;
      expect((await postWebhook(t.app, [event], { secret })).statusCode).toBe(200);
      return { event, licence };
    };

    for (const timeField of ['changed', 'created'] as const) {
      const paidInTime = await lateOrder(3 * HOUR - 60_000, timeField);
      expect(await attentionOf(paidInTime.event.id), timeField).toBeNull();
      expect(await licencesOf(paidInTime.event.data.id as string)).toEqual([
        expect.objectContaining({ state: 'active', offer_id: offer.id, upgraded_from_order_id: paidInTime.licence.id }),
      ]);
    }

    const paidTooLate = await lateOrder(HOUR / 2, 'changed');
    expect(await attentionOf(paidTooLate.event.id)).toMatch(/the quote expired$/);
    expect(await licencesOf(paidTooLate.event.data.id as string)).toEqual([]);
  });

  it('honours its quote again when its order comes again under a new event id (a resend, or late after the reconciliation)', async () => {
    const { offer } = await createUpgrade();
    const customer = await t.registerCustomer();
    const { order: licence } = await giveLicence(t, { email: customer.email });
    const quote = await quoteOf(customer, offer.id, licence.id);
    const event = orderOfQuote(customer.email, quote);
    await postWebhook(t.app, [event], { secret });
    expect(await attentionOf(event.id)).toBeNull();

    const resent = { ...event, id: providerId() };
    expect((await postWebhook(t.app, [resent], { secret })).statusCode).toBe(200);
    expect(await attentionOf(resent.id)).toBeNull();
    expect(await licencesOf(event.data.id as string)).toEqual([
      expect.objectContaining({ state: 'active', offer_id: offer.id, upgraded_from_order_id: licence.id }),
    ]);
  });

  it("issues an upgrade order's other item once an administrator maps its unknown path, the upgrade once", async () => {
    const { offer } = await createUpgrade();
    const customer = await t.registerCustomer();
    const { order: licence } = await giveLicence(t, { email: customer.email });
    const quote = await quoteOf(customer, offer.id, licence.id);
    const event = orderOfQuote(customer.email, quote);
    (event.data.items as Record<string, unknown>[]).push({ product: 'space-echo', quantity: 1, display: 'space-echo', fulfillments: {} });
    await postWebhook(t.app, [event], { secret });
    expect(await attentionOf(event.id)).toBe('unknown product path: space-echo');

    const replayed = await t.request({
      method: 'POST',
      url: `/api/webhookEvent/${event.id}/replay`,
      token: await t.adminToken(),
      body: { productOfPath: { 'space-echo': 'Punch' } },
    });
    expect(replayed.json()).toMatchObject({ result: 'resolved' });
    const licences = await licencesOf(event.data.id as string);
    expect(licences.map((row) => row.product_name).sort()).toEqual(['Punch', expect.stringMatching(/^Spacey 2 /)]);
    expect(licences.find((row) => row.product_name === 'Punch')).toMatchObject({ state: 'active', offer_id: null });
    expect(licences.find((row) => row.product_name !== 'Punch')).toMatchObject({ offer_id: offer.id, upgraded_from_order_id: licence.id });
  });

  it('uses an upgraded licence up: no second upgrade on it, no transfer of it alone; the upgrade transfers alone', async () => {
    const { offer } = await createUpgrade();
    const { offer: otherUpgrade } = await createUpgrade();
    const customer = await t.registerCustomer();
    const { order: licence } = await giveLicence(t, { email: customer.email });
    const quote = await quoteOf(customer, offer.id, licence.id);
    const event = orderOfQuote(customer.email, quote);
    expect((await postWebhook(t.app, [event], { secret })).statusCode).toBe(200);
    const [upgrade] = await licencesOf(event.data.id as string);

    // The other path from Spacey is no longer offered on the licence that paid for this one.
    const offers = (await t.request({ method: 'GET', url: '/api/userinfo/offers', token: customer.token })).json() as { offerId: number }[];
    expect(offers.map((entry) => entry.offerId)).not.toContain(otherUpgrade.id);

    // 31 days on: version 1 stays with its owner (decision 036); the upgrade licence can be sold on by itself.
    await t.db.query(`UPDATE orders SET license_activation_date = now() - interval '31 days' WHERE id = ANY($1::bigint[])`, [
      [licence.id, upgrade.id],
    ]);
    const verify = (orderId: number) =>
      t.request({ method: 'GET', url: `/api/userinfo/verifyorderfortransfer/${orderId}`, token: customer.token });
    const refused = await verify(licence.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatch(
      /^This licence was upgraded to Spacey 2 \w+ and stays with you: transfer the Spacey 2 \w+ licence instead\.$/,
    );
    expect((await verify(upgrade.id)).statusCode).toBe(200);
  });

  it('upgrades each of an owner’s licences while the owner holds fewer of the target than of its sources', async () => {
    const { offer, target } = await createUpgrade();
    const offeredOn = async (customer: { token: string }) =>
      (
        (await t.request({ method: 'GET', url: '/api/userinfo/offers', token: customer.token })).json() as {
          offerId: number;
          sourceOrderId: number;
        }[]
      )
        .filter((entry) => entry.offerId === offer.id)
        .map((entry) => entry.sourceOrderId);
    const quote = (customer: { token: string }, sourceOrderId: number) =>
      t.request({ method: 'POST', url: '/api/userinfo/offers/quote', token: customer.token, body: { offerId: offer.id, sourceOrderId } });

    // A studio with two seats of Spacey upgrades both, one after the other (decision 116).
    const studio = await t.registerCustomer();
    const { order: first } = await giveLicence(t, { email: studio.email });
    const { order: second } = await giveLicence(t, { email: studio.email });
    expect(await offeredOn(studio)).toEqual([first.id]);
    expect((await postWebhook(t.app, [orderOfQuote(studio.email, await quoteOf(studio, offer.id, first.id))], { secret })).statusCode).toBe(
      200,
    );
    expect(await offeredOn(studio)).toEqual([second.id]);
    expect(
      (await postWebhook(t.app, [orderOfQuote(studio.email, await quoteOf(studio, offer.id, second.id))], { secret })).statusCode,
    ).toBe(200);
    expect(await offeredOn(studio)).toEqual([]);
    expect((await quote(studio, first.id)).statusCode).toBe(404);

    // An owner who bought the target outright already is offered nothing for their one licence of Spacey.
    const owner = await t.registerCustomer();
    const { order: spacey } = await giveLicence(t, { email: owner.email });
    await giveLicence(t, { email: owner.email, productName: target.name });
    expect(await offeredOn(owner)).toEqual([]);
    expect((await quote(owner, spacey.id)).statusCode).toBe(404);
  });

  it('refuses a paid transfer of a licence that was upgraded after its transfer was verified', async () => {
    const { offer } = await createUpgrade();
    const customer = await t.registerCustomer();
    const { order: licence } = await giveLicence(t, { email: customer.email });
    await t.db.query(`UPDATE orders SET license_activation_date = now() - interval '31 days' WHERE id = $1`, [licence.id]);
    const verified = await t.request({ method: 'GET', url: `/api/userinfo/verifyorderfortransfer/${licence.id}`, token: customer.token });
    expect(verified.statusCode).toBe(200);
    const quote = await quoteOf(customer, offer.id, licence.id);
    await postWebhook(t.app, [orderOfQuote(customer.email, quote)], { secret });

    const tag = transferTag({
      token: verified.json() as string,
      orderId: licence.id,
      email: uniqueEmail('buyer'),
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    const outcome = await withTransaction(t.db, (client) =>
      completeTransferFromWebhook({
        client,
        tags: { transfer: tag },
        providerOrderId: `FS-${licence.id}`,
        customerEmail: customer.email,
        orderTime: new Date(),
        secretBox: t.app.secretBox,
        config: t.config,
      }),
    );
    expect(outcome).toBe('ignored');
    const { rows } = await t.db.query('SELECT person_id::int FROM orders WHERE id = $1', [licence.id]);
    expect(rows[0].person_id).toBe(licence.person_id);
  });

  it('checks the administrator’s offer and audits it', async () => {
    const admin = await t.adminToken();
    const customer = await t.registerCustomer();
    const bad = await t.request({
      method: 'POST',
      url: '/api/offer/',
      token: admin,
      body: { id: 0, kind: 'upgrade', name: 'Loop', targetProductId: 1, sourceProductIds: [1], prices: { USD: '1' } },
    });
    expect(bad.statusCode).toBe(400);
    const noPrice = await t.request({
      method: 'POST',
      url: '/api/offer/',
      token: admin,
      body: { id: 0, kind: 'crossgrade', name: 'Free', targetProductId: 1, sourceProductIds: [2], prices: {} },
    });
    expect(noPrice.statusCode).toBe(400);
    // A bundle is never owned or sold as itself (decision 104; outside test 2026-11-29, B2): neither target nor source.
    const { rows: bundles } = await t.db.query<{ id: number }>(`SELECT id FROM product WHERE name = 'Studio Bundle'`);
    const offersBefore = (await t.db.query('SELECT id FROM offer')).rowCount;
    for (const [targetProductId, sourceProductIds] of [
      [bundles[0]!.id, [2]],
      [2, [bundles[0]!.id]],
    ] as const) {
      const bundled = await t.request({
        method: 'POST',
        url: '/api/offer/',
        token: admin,
        body: { id: 0, kind: 'crossgrade', name: 'Bundle', targetProductId, sourceProductIds, prices: { USD: '10' } },
      });
      expect(bundled.statusCode).toBe(400);
      expect(bundled.body).toBe(
        'A bundle cannot be an upgrade or crossgrade: choose one of its products. Owners complete a bundle on its own page.',
      );
    }
    expect((await t.db.query('SELECT id FROM offer')).rowCount).toBe(offersBefore);
    expect((await t.request({ method: 'GET', url: '/api/offer/', token: customer.token })).statusCode).toBe(403);
    const { offer } = await createUpgrade();
    const { rows } = await t.db.query(`SELECT action FROM audit_log WHERE entity = 'offer' AND entity_id = $1`, [String(offer.id)]);
    expect(rows.map((row) => row.action)).toEqual(['create']);
  });
});
