import type { OfferFigures } from '@store/contracts/offer-figures';
import { describe, expect, it } from 'vitest';
import { buyBundle, buyOffer, createBundle, createOffer } from '../../../test/offer-sales.js';
import { createTestApp } from '../../../test/test-app.js';
import { postWebhook } from '../../../test/webhook-fixtures.js';
import { publishedReturn } from '../../../test/published-samples.js';

// The dashboard's upgrades, crossgrades and bundles (decision 057): every sale is made through the webhook from a
// quote or FastSpring's bundle sample (test/offer-sales.ts), never written into `orders`.

const secret = 'test-webhook-secret';
const t = await createTestApp({ FASTSPRING_WEBHOOK_SECRET: secret });

const getFigures = async (query = '') => {
  const response = await t.request({ method: 'GET', url: `/api/admin/dashboard/offers${query}`, token: await t.adminToken() });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OfferFigures;
};
/** Moves a purchase's licences to an earlier day, as if bought then. */
const backdate = (providerOrderId: string, days: number) =>
  t.db.query(`UPDATE orders SET creation_date = creation_date - make_interval(days => $2) WHERE provider_order_id = $1`, [
    providerOrderId,
    days,
  ]);

describe('GET /api/admin/dashboard/offers', () => {
  it('reports the upgrades sold per path, with their count and revenue per currency, and each kind with its revenue', async () => {
    const upgrade = await createOffer(t, { kind: 'upgrade', sourceName: 'Spacey', prices: { USD: '29', EUR: '27' } });
    const crossgrade = await createOffer(t, { kind: 'crossgrade', sourceName: 'Punch', prices: { USD: '19' } });
    const before = await getFigures();
    await buyOffer(t, secret, upgrade, 'USD');
    await buyOffer(t, secret, upgrade, 'USD');
    const inEuros = await buyOffer(t, secret, upgrade, 'EUR');
    await buyOffer(t, secret, crossgrade, 'USD');
    const bundle = await createBundle(t, { USD: '99' });
    await buyBundle(t, secret, bundle, 99);

    const after = await getFigures();
    const pathRows = after.paths.filter((path) => path.offerId === upgrade.offerId);
    expect(pathRows).toEqual([
      {
        offerId: upgrade.offerId,
        name: upgrade.name,
        kind: 'upgrade',
        fromProducts: 'Spacey',
        toProduct: upgrade.targetName,
        currency: 'USD',
        units: 2,
        revenue: 58,
        refunded: 0,
      },
      {
        offerId: upgrade.offerId,
        name: upgrade.name,
        kind: 'upgrade',
        fromProducts: 'Spacey',
        toProduct: upgrade.targetName,
        currency: 'EUR',
        units: 1,
        revenue: 27,
        refunded: 0,
      },
    ]);
    expect(after.paths.find((path) => path.offerId === crossgrade.offerId)).toMatchObject({ kind: 'crossgrade', units: 1, revenue: 19 });
    expect(after.bundles.find((row) => row.name === bundle.name)).toEqual({
      name: bundle.name,
      currency: 'USD',
      sold: 1,
      units: 3,
      revenue: 99,
      refunded: 0,
    });

    // Each kind's licences and revenue grew by what was bought here.
    const kindOf = (figures: OfferFigures, kind: string, currency: string) =>
      figures.kinds.find((row) => row.kind === kind && row.currency === currency) ?? { units: 0, revenue: 0 };
    expect(kindOf(after, 'upgrade', 'USD').units - kindOf(before, 'upgrade', 'USD').units).toBe(2);
    expect(kindOf(after, 'upgrade', 'USD').revenue - kindOf(before, 'upgrade', 'USD').revenue).toBeCloseTo(58, 2);
    expect(kindOf(after, 'upgrade', 'EUR').revenue - kindOf(before, 'upgrade', 'EUR').revenue).toBeCloseTo(27, 2);
    expect(kindOf(after, 'crossgrade', 'USD').revenue - kindOf(before, 'crossgrade', 'USD').revenue).toBeCloseTo(19, 2);
    expect(kindOf(after, 'bundle', 'USD').units - kindOf(before, 'bundle', 'USD').units).toBe(3);
    expect(kindOf(after, 'bundle', 'USD').revenue - kindOf(before, 'bundle', 'USD').revenue).toBeCloseTo(99, 2);

    // A refund of one upgrade is shown beside the revenue it came from (decision 029: revenue before refunds).
    const refund = publishedReturn({
      orderId: inEuros.providerOrderId,
      email: inEuros.email,
      currency: 'EUR',
      lines: [{ product: upgrade.targetPath, quantity: 1, subtotal: 27 }],
    });
    expect((await postWebhook(t.app, refund, { secret })).statusCode).toBe(200);
    const refunded = await getFigures();
    expect(refunded.paths.find((path) => path.offerId === upgrade.offerId && path.currency === 'EUR')).toMatchObject({
      units: 1,
      revenue: 27,
      refunded: 27,
    });
  });

  it('follows the dashboard range and its buckets: a sale is counted on its day, in its day, week or month', async () => {
    const upgrade = await createOffer(t, { kind: 'upgrade', sourceName: 'Tapewarm', prices: { USD: '15' } });
    await buyOffer(t, secret, upgrade);
    const old = await buyOffer(t, secret, upgrade);
    await backdate(old.providerOrderId, 40);
    const unitsOf = (figures: OfferFigures) =>
      figures.paths.filter((path) => path.offerId === upgrade.offerId).reduce((sum, path) => sum + path.units, 0);

    expect(unitsOf(await getFigures())).toBe(1);
    const fortyDaysAgo = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    const wider = await getFigures(`?period=month&from=${fortyDaysAgo}`);
    expect(wider).toMatchObject({ period: 'month', from: `${fortyDaysAgo.slice(0, 8)}01` });
    expect(unitsOf(wider)).toBe(2);
    const monthOf = (day: string) => `${day.slice(0, 8)}01`;
    const today = new Date().toISOString().slice(0, 10);
    const buckets = wider.sales.filter((row) => row.kind === 'upgrade' && row.currency === 'USD').map((row) => row.start);
    expect(buckets).toContain(monthOf(fortyDaysAgo));
    expect(buckets).toContain(monthOf(today));
  });

  it('is for the administrator only, and refuses a bad range', async () => {
    expect((await t.request({ method: 'GET', url: '/api/admin/dashboard/offers' })).statusCode).toBe(401);
    const customer = await t.registerCustomer();
    expect((await t.request({ method: 'GET', url: '/api/admin/dashboard/offers', token: customer.token })).statusCode).toBe(403);
    const bad = await t.request({ method: 'GET', url: '/api/admin/dashboard/offers?from=2026-13-01', token: await t.adminToken() });
    expect(bad.statusCode).toBe(400);
  });
});

describe('an offer that has sold (outside test 2026-11-29, B4)', () => {
  it('is not deleted: the administrator is told to make it inactive, and its licences keep their history', async () => {
    const offer = await createOffer(t, { kind: 'upgrade', prices: { USD: '29' } });
    const sold = await buyOffer(t, secret, offer);
    const admin = await t.adminToken();
    const refused = await t.request({ method: 'DELETE', url: `/api/offer/${offer.offerId}`, token: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toBe('This offer has sold licences, which keep it in their history: untick "Active" instead.');
    const { rows } = await t.db.query<{ offer_id: number | null }>('SELECT offer_id::int FROM orders WHERE id = $1', [sold.licenceId]);
    expect(rows[0]!.offer_id).toBe(offer.offerId);
    // An offer that sold nothing is deleted.
    const unsold = await createOffer(t, { kind: 'crossgrade', prices: { USD: '19' } });
    expect((await t.request({ method: 'DELETE', url: `/api/offer/${unsold.offerId}`, token: admin })).statusCode).toBe(200);
  });
});
