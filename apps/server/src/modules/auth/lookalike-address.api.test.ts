import { randomBytes } from 'node:crypto';
import { messages } from '@store/contracts/messages';
import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueIp } from '../../../test/test-app.js';
import { orderCompleted, postWebhook } from '../../../test/webhook-fixtures.js';
import { giveLicence, randomDeviceId } from '../licence/licence.test-factory.js';

const webhookSecret = 'test-webhook-secret';
const t = await createTestApp({ FASTSPRING_WEBHOOK_SECRET: webhookSecret });

const KELVIN_SIGN = '\u212A';
const tag = () => randomBytes(4).toString('hex');
const products = (token: string) => t.request({ method: 'GET', url: '/api/userinfo/products', token });

/** The token of the newest account link mailed to exactly this address (no case folding, no collation). */
async function linkMailedTo(address: string): Promise<string | undefined> {
  const { rows } = await t.db.query<{ body_text: string }>(
    `SELECT body_text FROM mail_outbox WHERE recipient = $1 AND body_text LIKE '%/account/confirm/%' ORDER BY id DESC LIMIT 1`,
    [address],
  );
  return /\/account\/confirm\/([\w-]+)/.exec(rows[0]?.body_text ?? '')?.[1];
}

/**
 * What a stranger who registers `address` gets: the registration's answer and, when it was accepted, what the
 * login reaches after opening the confirmation link mailed to `address` in its own browser (licences, loyalty code,
 * and the plug-ins' online unlock of `product` with that login).
 */
async function registerAndConfirm(address: string, product = 'Spacey') {
  const password = 'secret-pass';
  const registered = await t.request({ method: 'POST', url: '/api/register', ip: uniqueIp(), body: { email: address, password } });
  if (registered.statusCode !== 200) return { registered };
  const token = (registered.json() as { token: string }).token;
  const link = await linkMailedTo(address);
  expect(link, `a confirmation link mailed to ${address}`).toBeDefined();
  const confirmed = await t.request({ method: 'POST', url: '/api/account/confirm', token, ip: uniqueIp(), body: { token: link } });
  expect(confirmed.statusCode).toBe(200);
  const unlock = await t.app.inject({
    method: 'POST',
    url: '/api/juce/unlock',
    remoteAddress: uniqueIp(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ product, email: address, pw: password, os: 'Mac', mach: randomDeviceId() }).toString(),
  });
  return {
    registered,
    token,
    licences: ((await products(token)).json() as { name: string }[]).map((licence) => licence.name),
    loyaltyCoupon: (await t.request({ method: 'POST', url: '/api/fastspring/loyaltycoupon', token })).body,
    unlock: unlock.body,
  };
}

describe('an address that looks like a buyer’s', () => {
  it.each([
    ['the Kelvin sign for the k of the local part', (local: string, domain: string) => `${KELVIN_SIGN}${local.slice(1)}@${domain}`],
    ['the Kelvin sign for the k of the domain', (local: string, domain: string) => `${local}@${KELVIN_SIGN}${domain.slice(1)}`],
    ['fullwidth letters in the local part', (local: string, domain: string) => `\uFF4B\uFF41\uFF54\uFF45${local.slice(4)}@${domain}`],
  ])('with %s is refused, and its registration and link reach none of the buyer’s licences', async (_, lookalikeOf) => {
    const local = `kate-${tag()}`;
    const domain = 'kiosk.example.com';
    const kate = `${local}@${domain}`;
    const licence = await giveLicence(t, { email: kate });
    const lookalike = lookalikeOf(local, domain);
    expect(lookalike).not.toBe(kate);

    const stranger = await registerAndConfirm(lookalike);
    expect(stranger.licences ?? []).toEqual([]);
    expect(stranger.unlock ?? '').not.toContain('<KEY>');
    expect(stranger.registered.statusCode).toBe(400);
    expect(stranger.registered.body).toContain(messages.emailInvalid);
    // The buyer's licence kept its owner and got no computer.
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM order_device WHERE order_id = $1', [licence.order.id]);
    expect(rows[0]).toEqual({ n: 0 });
  });

  it.each([
    ['a dotted capital İ for the i', (local: string) => `\u0130${local.slice(1)}`],
    ['a dotless ı for the i', (local: string) => `\u0131${local.slice(1)}`],
  ])('with %s is somebody else: its own login and person, none of the buyer’s licences', async (_, lookalikeOf) => {
    const local = `info-${tag()}`;
    const owner = `${local}@example.com`;
    await giveLicence(t, { email: owner });
    const lookalike = `${lookalikeOf(local)}@example.com`;

    const stranger = await registerAndConfirm(lookalike);
    expect(stranger.registered.statusCode).toBe(200);
    expect(stranger.licences).toEqual([]);
    expect(stranger.loyaltyCoupon).not.toMatch(/[A-Z0-9]{4}/);
    expect(stranger.unlock).toMatch(/<ERROR error="The account .* has no active licence of Spacey/);
    const { rows } = await t.db.query<{ email: string }>(
      `SELECT p.email FROM login l JOIN person p ON p.id = l.person_id WHERE l.login_name = $1`,
      [lookalike],
    );
    expect(rows).toEqual([{ email: lookalike }]);
  });

  it('cannot log in to the buyer’s login, whose password it knows, by a look-alike spelling of the name', async () => {
    const local = `kate-${tag()}`;
    const kate = await registerAndConfirm(`${local}@kiosk.example.com`);
    expect(kate.registered.statusCode).toBe(200);
    for (const username of [`${KELVIN_SIGN}${local.slice(1)}@kiosk.example.com`, `${local}@${KELVIN_SIGN}iosk.example.com`]) {
      const response = await t.request({
        method: 'POST',
        url: '/api/login/',
        ip: uniqueIp(),
        body: { username, password: 'secret-pass' },
      });
      expect(response.statusCode, username).toBe(400);
    }
    // ASCII letters in another case are the same address.
    expect(await t.logIn(`${local.toUpperCase()}@KIOSK.example.COM`, 'secret-pass')).toMatch(/\S/);
  });
});

describe('a login linked to a person of another address', () => {
  it('reaches only the licences of the person with its own address, whatever person it was linked to', async () => {
    const kate = `kate-${tag()}@example.com`;
    const licence = await giveLicence(t, { email: kate });
    // A look-alike login that proved its address under the old rule was linked to the person it imitates.
    const stranger = await registerAndConfirm(`kate-${tag()}@example.com`);
    await t.db.query('UPDATE login SET person_id = $2 WHERE login_name = $1', [
      stranger.registered.json<{ name: string }>().name,
      licence.personId,
    ]);

    expect((await products(stranger.token!)).json()).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/userinfo/orders', token: stranger.token! })).json()).toEqual([]);
    expect((await t.request({ method: 'POST', url: '/api/fastspring/loyaltycoupon', token: stranger.token! })).body).not.toMatch(
      /[A-Z0-9]{4}/,
    );
  });
});

describe('one address in several spellings', () => {
  it.each([
    ['a composed é (NFC) and a decomposed one (NFD)', `jos\u00E9`, `jose\u0301`, 'example.com', 'example.com'],
    ['an internationalised domain in Unicode and in punycode', 'kate', 'kate', 'bücher.example', 'xn--bcher-kva.example'],
    ['an internationalised domain in capitals and in punycode', 'kate', 'KATE', 'BÜCHER.example', 'xn--bcher-kva.example'],
  ])('is one person: %s', async (_, boughtLocal, registeredLocal, boughtDomain, registeredDomain) => {
    const suffix = `-${tag()}`;
    await giveLicence(t, { email: `${boughtLocal}${suffix}@${boughtDomain}` });
    const owner = await registerAndConfirm(`${registeredLocal}${suffix}@${registeredDomain}`);
    expect(owner.registered.statusCode).toBe(200);
    expect(owner.licences).toEqual(['Spacey']);
  });
});

describe('a look-alike address wherever an address enters', () => {
  it('is refused with the specification’s message by every form and call that takes an address', async () => {
    const local = `kate-${tag()}`;
    const kate = `${local}@example.com`;
    const licence = await giveLicence(t, { email: kate });
    const lookalike = `${KELVIN_SIGN}${local.slice(1)}@example.com`;
    const calls: { url: string; body: Record<string, unknown>; token?: string }[] = [
      { url: '/api/register', body: { email: lookalike, password: 'secret-pass' } },
      { url: '/api/login/', body: { username: lookalike, password: 'secret-pass' } },
      { url: '/api/passwordrequest', body: { email: lookalike } },
      { url: '/api/order/resend/', body: { email: lookalike, productName: 'Spacey' } },
      {
        url: '/api/userinfo/registerproduct',
        body: { ActivationKey: '12345678-1234-4234-8234-123456789012', Email: lookalike, FirstName: 'Kate', LastName: 'Lookalike' },
      },
      {
        url: '/api/product/support/',
        body: { email: lookalike, productName: 'Spacey', operatingSystem: 'macOS 14', problemDescription: 'Please send me my keys again.' },
      },
      { url: '/api/trial', body: { ProductName: 'Spacey', DeviceIdHash: randomDeviceId(), Email: lookalike } },
      {
        url: '/api/order/transfer',
        body: { id: licence.order.id, newOwnerEmail: lookalike, newOwnerName: 'Kate Lookalike' },
        token: await t.adminToken(),
      },
    ];
    for (const call of calls) {
      const response = await t.request({ method: 'POST', ip: uniqueIp(), ...call });
      expect(response.statusCode, call.url).toBe(400);
      expect(response.body, call.url).toContain(messages.emailInvalid);
    }
    const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM mail_outbox WHERE recipient = $1`, [lookalike]);
    expect(rows[0]!.n).toBe(0);
  });

  it('buys no licence for the person it imitates: the purchase waits for an administrator', async () => {
    const local = `kate-${tag()}`;
    const kate = `${local}@example.com`;
    const licence = await giveLicence(t, { email: kate });
    const event = orderCompleted({ email: `${KELVIN_SIGN}${local.slice(1)}@example.com`, items: [{ product: 'punch' }] });
    expect((await postWebhook(t.app, [event], { secret: webhookSecret })).statusCode).toBeLessThan(300);

    const { rows: licences } = await t.db.query('SELECT id FROM orders WHERE person_id = $1 ORDER BY id', [licence.personId]);
    expect(licences).toEqual([{ id: licence.order.id }]);
    const { rows: events } = await t.db.query<{ attention: string }>('SELECT attention FROM webhook_event WHERE id = $1', [event.id]);
    expect(events[0]!.attention).toContain('is not an address the store accepts');
  });
});
