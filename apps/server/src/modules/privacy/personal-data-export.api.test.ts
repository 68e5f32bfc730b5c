import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, uniqueIp } from '../../../test/test-app.js';
import { customerWithEverything } from './privacy.test-factory.js';

// GET /api/userinfo/personaldata: everything the shop holds about the caller, as a JSON file (docs/PRIVACY.md).
const t = await createTestApp();
// The sandbox posts its webhooks to this server's own listening address.
await t.app.listen({ port: 0, host: '127.0.0.1' });

const exportOf = (token: string) => t.request({ method: 'GET', url: '/api/userinfo/personaldata', token });

describe('GET /api/userinfo/personaldata', () => {
  it('answers, as a JSON attachment, the account, licences, computers, orders and amounts, mails, support requests and trials', async () => {
    const customer = await customerWithEverything(t);
    const response = await exportOf(customer.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="personal-data.json"');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const data = response.json();

    expect(Date.parse(data.exportedAt)).not.toBeNaN();
    expect(data.account).toEqual({
      loginName: customer.email,
      loginCreatedAt: expect.any(String),
      isEmailVerified: true,
      hasTwoFactor: false,
      person: {
        id: customer.personId,
        email: customer.email,
        earlierEmails: [],
        name: customer.fullName,
        country: 'AT',
        createdAt: expect.any(String),
      },
    });

    const { rows: stored } = await t.db.query(
      `SELECT o.id, o.serial, o.serial_new, o.serial_2048, o.amount, o.currency, o.country, o.provider_reference
         FROM orders o WHERE o.person_id = $1 ORDER BY o.id`,
      [customer.personId],
    );
    expect(data.licences.map((licence: { orderId: number }) => licence.orderId)).toEqual(stored.map((row) => row.id));
    const bought = data.licences.find((licence: { orderId: number }) => licence.orderId === customer.boughtOrderId);
    const storedBought = stored.find((row) => row.id === customer.boughtOrderId)!;
    expect(bought).toEqual({
      orderId: customer.boughtOrderId,
      productName: 'Spacey',
      state: 'active',
      source: 'purchase',
      creationDate: expect.any(String),
      licenseActivationDate: expect.any(String),
      serial: storedBought.serial,
      serialNew: storedBought.serial_new,
      serial2048: storedBought.serial_2048,
      reference: customer.purchase.reference,
      amount: storedBought.amount,
      currency: 'USD',
      country: 'DE',
      refunded: null,
      computers: [
        {
          id: expect.any(Number),
          deviceName: customer.deviceName,
          deviceId: customer.deviceId,
          registeredAt: expect.any(String),
          lastActivatedAt: expect.any(String),
        },
      ],
    });
    expect(bought.serial2048).not.toBe('');
    expect(Number(bought.amount)).toBeGreaterThan(0);
    expect(data.licences.map((licence: { productName: string; source: string }) => `${licence.productName} ${licence.source}`)).toEqual([
      'Spacey purchase',
      'Punch activation',
      'Tapewarm transfer',
    ]);

    expect(data.orders).toEqual([
      expect.objectContaining({
        providerOrderId: customer.purchase.id,
        reference: customer.purchase.reference,
        currency: 'USD',
        isPayer: true,
        items: [expect.objectContaining({ product: 'spacey', quantity: 1 })],
        licences: [{ orderId: customer.boughtOrderId, productName: 'Spacey', state: 'active' }],
      }),
    ]);
    expect(data.orders[0].total).toBeGreaterThan(0);
    expect(data.transfers).toEqual([{ orderId: customer.transferredOrderId, date: expect.any(String), direction: 'in' }]);
    expect(data.activationCodes).toEqual([
      { activationKey: customer.activationKey, productName: 'Punch', redeemedAt: expect.any(String), orderId: expect.any(Number) },
    ]);
    expect(data.loyaltyCodes).toEqual([{ code: customer.loyaltyCode, createdAt: expect.any(String), usedAt: null }]);

    const subjects = data.mails.map((mail: { subject: string }) => mail.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Your order /), expect.stringMatching(/^Support request #\d+: Spacey$/)]),
    );
    const supportMail = data.mails.find((mail: { subject: string }) => mail.subject.startsWith('Support request'));
    expect(supportMail).toMatchObject({ to: t.config.SUPPORT_EMAIL, replyTo: customer.email });
    expect(supportMail.text).toContain(customer.problemDescription);
    const licenceMail = data.mails.find((mail: { subject: string }) => mail.subject.startsWith('Your order '));
    expect(licenceMail).toMatchObject({ to: customer.email, attachments: ['Spacey_SerialKey.txt'] });
    // The confirmation link is a secret: its mail is listed, its text is not.
    const confirmation = data.mails.find((mail: { kind: string | null }) => mail.kind === 'account-confirmation');
    expect(confirmation).toMatchObject({ to: customer.email, text: null });

    expect(data.supportRequests).toEqual([
      {
        id: expect.any(Number),
        productName: 'Spacey',
        operatingSystem: 'macOS 14, Logic Pro',
        problemDescription: customer.problemDescription,
        createdAt: expect.any(String),
      },
    ]);
    expect(data.trials).toEqual([
      {
        productName: 'Punch',
        deviceId: customer.deviceId,
        deviceName: 'Website',
        email: customer.email,
        source: 'web',
        startedAt: expect.any(String),
        expiresAt: expect.any(String),
      },
    ]);
  });

  it("never shows another customer's data", async () => {
    const [first, second] = [await customerWithEverything(t), await customerWithEverything(t)];
    const texts = [(await exportOf(first.token)).body, (await exportOf(second.token)).body];
    for (const [text, own, other] of [
      [texts[0]!, first, second],
      [texts[1]!, second, first],
    ] as const) {
      // Each export holds its owner's data (the same search would find the other's)...
      for (const mine of [own.email, own.name.first, own.deviceId, own.activationKey, own.loyaltyCode]) expect(text).toContain(mine);
      // ...and nothing of the other customer's.
      for (const foreign of [other.email, other.name.first, other.name.last, other.deviceId, other.activationKey, other.loyaltyCode]) {
        expect(text.toLowerCase()).not.toContain(foreign.toLowerCase());
      }
    }
  });

  it('shows a login that has not proven its address only its own record, not what is kept under the address', async () => {
    const email = uniqueEmail('unproven');
    const support = await t.request({
      method: 'POST',
      url: '/api/product/support/',
      body: { email, productName: 'Spacey', operatingSystem: 'Windows 11', problemDescription: 'Someone else asked this, not the login.' },
      ip: uniqueIp(),
    });
    expect(support.statusCode).toBe(200);
    const register = await t.request({ method: 'POST', url: '/api/register', body: { email, password: 'a-password' }, ip: uniqueIp() });
    const { token } = register.json() as { token: string };

    const data = (await exportOf(token)).json();
    expect(data.account).toMatchObject({ loginName: email, isEmailVerified: false, person: null });
    expect([data.licences, data.orders, data.mails, data.supportRequests, data.trials]).toEqual([[], [], [], [], []]);
  });

  it('needs a login', async () => {
    expect((await t.request({ method: 'GET', url: '/api/userinfo/personaldata' })).statusCode).toBe(401);
  });
});
