import { webhookEventTypes } from '@store/contracts/outbound-webhook';
import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, uniqueIp } from '../../../test/test-app.js';
import { orderCompleted, postWebhook, providerId, returnCreated, sampleGiftOrderCompleted } from '../../../test/webhook-fixtures.js';
import { totpCodeAt, totpStepAt } from '../auth/totp.js';
import { webhookSecretOf } from '../checkout/webhook-signature.js';
import { postJuceForm } from '../../../test/juce-answers.js';
import { customerWithLicence, giveLicence, randomDeviceId, registerDevice } from '../licence/licence.test-factory.js';
import { buyInSandbox, columnsHolding, customerWithEverything } from './privacy.test-factory.js';

// Erasure of a customer's personal data (docs/PRIVACY.md, decision 040): by the customer from the account screen
// (POST /api/userinfo/erasure) or by an administrator from the person screen (POST /api/persons/{id}/erasure).
const t = await createTestApp();
// The sandbox posts its webhooks to this server's own listening address.
await t.app.listen({ port: 0, host: '127.0.0.1' });

const eraseOwn = (token: string, body: { password: string; code?: string }) =>
  t.request({ method: 'POST', url: '/api/userinfo/erasure', token, body, ip: uniqueIp() });
const eraseAsAdmin = async (personId: number, token?: string) =>
  t.request({ method: 'POST', url: `/api/persons/${personId}/erasure`, token: token ?? (await t.adminToken()) });

/** What the tax records keep of the customer's orders: no person data, so it must be the same after the erasure. */
const keptOrders = async (personId: number) =>
  (
    await t.db.query(
      `SELECT o.id, o.product_id, o.creation_date, o.amount, o.currency, o.country, o.provider_order_id, o.provider_reference, o.source,
              po.reference, po.currency AS purchase_currency, po.subtotal, po.tax, po.total, po.items, po.completed_at
         FROM orders o LEFT JOIN provider_order po ON po.provider_order_id = o.provider_order_id
        WHERE o.person_id = $1 ORDER BY o.id`,
      [personId],
    )
  ).rows;

const needlesOf = (customer: Awaited<ReturnType<typeof customerWithEverything>>) => [
  customer.email,
  customer.fullName,
  customer.name.first,
  customer.name.last,
  customer.deviceId,
];

describe('POST /api/userinfo/erasure', () => {
  it('leaves none of the personal data in any column of any table; the orders, their amounts and dates stay', async () => {
    const customer = await customerWithEverything(t);
    const needles = needlesOf(customer);
    // The search finds the data before: it would find any left behind.
    expect(await columnsHolding(t, needles)).toEqual(
      expect.arrayContaining([
        'public.person.email',
        'public.person.name',
        'public.login.login_name',
        'public.mail_outbox.recipient',
        'public.mail_outbox.body_text',
        'public.support_request.email',
        'public.trial.email',
        'public.trial.device_id',
        'public.order_device.device_id_hash',
        'public.webhook_event.payload',
        'public.provider_order.buyer_email',
        'public.sandbox_provider_record.data',
        'public.audit_log.after',
        'public.rate_limit.key',
        'public.account_link.email',
      ]),
    );
    const ordersBefore = await keptOrders(customer.personId);
    expect(ordersBefore).toHaveLength(3);

    const erased = await eraseOwn(customer.token, { password: customer.password });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toEqual({ licencesEnded: 3, computersRemoved: 1, ordersKept: 3 });

    expect(await columnsHolding(t, needles)).toEqual([]);
    expect(await keptOrders(customer.personId)).toEqual(ordersBefore);
    const { rows: licences } = await t.db.query('SELECT state, serial_new, serial_2048 FROM orders WHERE person_id = $1', [
      customer.personId,
    ]);
    expect(licences).toEqual(Array.from({ length: 3 }, () => ({ state: 'erased', serial_new: '', serial_2048: '' })));
    const { rows: persons } = await t.db.query('SELECT email, name, country, erased_at FROM person WHERE id = $1', [customer.personId]);
    expect(persons).toEqual([{ email: '', name: '', country: '', erased_at: expect.any(Date) }]);
    // The previous owner of the licence transferred to the customer keeps their mail, without the customer's name.
    const { rows: sellerMails } = await t.db.query<{ body_text: string }>(
      `SELECT body_text FROM mail_outbox WHERE recipient = $1 AND subject LIKE '%was transferred'`,
      [customer.sellerEmail],
    );
    expect(sellerMails).toHaveLength(1);
    expect(sellerMails[0]!.body_text).toContain('[erased]');
  });

  it('erases the person from the outbound webhooks’ messages, which name them (decisions 052, 062)', async () => {
    const endpoint = await t.request({
      method: 'POST',
      url: '/api/admin/webhooks',
      token: await t.adminToken(),
      body: { url: 'https://hooks.example.com/erasure', events: webhookEventTypes },
    });
    expect(endpoint.statusCode, endpoint.body).toBe(200);
    try {
      const customer = await customerWithEverything(t);
      const needles = needlesOf(customer);
      expect(await columnsHolding(t, needles)).toContain('public.webhook_message.payload');
      const erased = await eraseOwn(customer.token, { password: customer.password });
      expect(erased.statusCode, erased.body).toBe(200);
      expect(await columnsHolding(t, needles)).toEqual([]);
      // The messages stay (their deliveries and log), with the mentions replaced.
      const { rows } = await t.db.query<{ payload: string }>(
        `SELECT payload::text FROM webhook_message WHERE payload::text LIKE '%[erased]%'`,
      );
      expect(rows.length).toBeGreaterThan(0);
    } finally {
      await t.request({
        method: 'DELETE',
        url: `/api/admin/webhooks/${(endpoint.json() as { id: number }).id}`,
        token: await t.adminToken(),
      });
    }
  });

  it('erases from the outbound webhooks’ messages the Device IDs and names of computers removed earlier or on licences sold on', async () => {
    // Review W2: the computers registered on the person's licences at the time of the erasure are not all of theirs.
    const endpoint = await t.request({
      method: 'POST',
      url: '/api/admin/webhooks',
      token: await t.adminToken(),
      body: {
        url: 'https://hooks.example.com/earlier-computers',
        events: ['computer.registered', 'computer.removed', 'licence.transferred'],
      },
    });
    expect(endpoint.statusCode, endpoint.body).toBe(200);
    const adminCall = async (method: string, url: string, body?: unknown) => {
      const response = await t.request({ method, url, token: await t.adminToken(), body });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    };
    const messagesHolding = async (needle: string) =>
      (await t.db.query(`SELECT 1 FROM webhook_message WHERE payload::text ILIKE '%' || $1 || '%'`, [needle])).rowCount;
    const register = async (serial: string, deviceId: string, name: string) => {
      const registered = await registerDevice(
        t,
        { ProductName: 'Spacey', Key: serial, DeviceIdHash: deviceId, DeviceName: name },
        uniqueIp(),
      );
      expect(registered.statusCode, registered.body).toBe(200);
    };
    try {
      const customer = await t.registerCustomer();
      const { order, personId } = await giveLicence(t, { email: customer.email, name: 'Ada Lovelace' });
      const sold = await giveLicence(t, { email: customer.email, name: 'Ada Lovelace' });
      const removedId = randomDeviceId();
      const soldId = randomDeviceId();
      await register(order.serial_2048, removedId, 'Attic rig');
      await register(sold.order.serial_2048, soldId, 'Cellar rig');
      // The customer removes the first computer; the second licence is sold on (its computers go with the transfer).
      const { rows: devices } = await t.db.query<{ id: number }>('SELECT id FROM order_device WHERE order_id = $1', [order.id]);
      const removal = await t.request({ method: 'DELETE', url: `/api/userinfo/orderdevice/${devices[0]!.id}`, token: customer.token });
      expect(removal.statusCode, removal.body).toBe(200);
      await adminCall('POST', '/api/order/transfer', { id: sold.order.id, newOwnerEmail: uniqueEmail('buyer'), newOwnerName: 'Bea Buyer' });
      // A licence bought second-hand: its computers before the transfer were the seller's, not the person's.
      const seller = await giveLicence(t, { email: uniqueEmail('seller'), name: 'Sam Seller' });
      const sellersId = randomDeviceId();
      await register(seller.order.serial_2048, sellersId, 'Seller rig');
      await adminCall('POST', '/api/order/transfer', { id: seller.order.id, newOwnerEmail: customer.email, newOwnerName: 'Ada Lovelace' });
      const needles = { removedId, soldId, attic: 'Attic rig', cellar: 'Cellar rig' };
      for (const needle of Object.values(needles)) expect(await messagesHolding(needle)).toBeGreaterThan(0);

      const erased = await eraseAsAdmin(personId);
      expect(erased.statusCode, erased.body).toBe(200);
      const left = Object.fromEntries(
        await Promise.all(Object.entries(needles).map(async ([key, needle]) => [key, await messagesHolding(needle)])),
      );
      expect(left).toEqual({ removedId: 0, soldId: 0, attic: 0, cellar: 0 });
      // Nor anywhere else: the removed computer's freed place keeps no Device ID either.
      expect(await columnsHolding(t, Object.values(needles))).toEqual([]);
      // The seller's computer is not the person's: its Device ID stays in the seller's messages.
      expect(await messagesHolding(sellersId)).toBeGreaterThan(0);
    } finally {
      await t.request({
        method: 'DELETE',
        url: `/api/admin/webhooks/${(endpoint.json() as { id: number }).id}`,
        token: await t.adminToken(),
      });
    }
  });

  it('logs the customer out for good: the session ends and the login is gone', async () => {
    const customer = await customerWithEverything(t);
    expect((await eraseOwn(customer.token, { password: customer.password })).statusCode).toBe(200);

    expect((await t.request({ method: 'GET', url: '/api/userinfo/products', token: customer.token })).statusCode).toBe(401);
    const login = await t.request({
      method: 'POST',
      url: '/api/login/',
      body: { username: customer.email, password: customer.password },
      ip: uniqueIp(),
    });
    expect(login.statusCode).toBe(401);
    expect(login.body).toBe('Wrong email or password');
    // A second erasure: the session is gone (401), and the administrator is told the person is erased already (409).
    expect((await eraseOwn(customer.token, { password: customer.password })).statusCode).toBe(401);
    const again = await eraseAsAdmin(customer.personId);
    expect(again.statusCode).toBe(409);
    expect(again.body).toBe(`The personal data of person ${customer.personId} was erased already.`);
  });

  it('asks for the password again (a session alone is not enough) and erases nothing without it', async () => {
    const customer = await customerWithEverything(t);
    const refused = await eraseOwn(customer.token, { password: 'not-the-password' });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toBe('The password is not right.');
    expect(await columnsHolding(t, [customer.email])).toContain('public.person.email');
    expect((await t.request({ method: 'GET', url: '/api/userinfo/products', token: customer.token })).statusCode).toBe(200);
  });

  it('asks for a code too when two-factor login is on', async () => {
    const customer = await t.registerCustomer();
    const setup = await t.request({ method: 'POST', url: '/api/account/twofactor/setup', token: customer.token });
    const { secret } = setup.json() as { secret: string };
    const step = totpStepAt(Date.now());
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/account/twofactor/enable',
          token: customer.token,
          body: { code: totpCodeAt(secret, step) },
        })
      ).statusCode,
    ).toBe(200);

    const withoutCode = await eraseOwn(customer.token, { password: customer.password });
    expect(withoutCode.statusCode).toBe(403);
    expect(withoutCode.body).toBe('Enter the current code of your authenticator app, or a recovery code.');
    const erased = await eraseOwn(customer.token, { password: customer.password, code: totpCodeAt(secret, step + 1) });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await columnsHolding(t, [customer.email])).toEqual([]);
  });

  it('erases only the login of one that never proved its address: what is kept under the address may be someone else’s', async () => {
    const email = uniqueEmail('unproven');
    await giveLicence(t, { email });
    const registered = await t.request({ method: 'POST', url: '/api/register', body: { email, password: 'a-password' }, ip: uniqueIp() });
    const stranger = (registered.json() as { token: string }).token;
    const erased = await eraseOwn(stranger, { password: 'a-password' });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toEqual({ licencesEnded: 0, computersRemoved: 0, ordersKept: 0 });

    const { rows } = await t.db.query('SELECT o.state FROM orders o JOIN person p ON p.id = o.person_id WHERE p.email = $1', [email]);
    expect(rows).toEqual([{ state: 'active' }]);
    expect((await t.db.query('SELECT 1 FROM login WHERE login_name = $1', [email])).rows).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/account', token: stranger })).statusCode).toBe(401);
  });
});

describe('two people whose addresses differ only by the case of a non-ASCII letter (decision 030: two people)', () => {
  /** Registers `address` and proves it with the mailed link in the same browser; the session's token. */
  async function registerProven(address: string, password: string): Promise<string> {
    const registered = await t.request({ method: 'POST', url: '/api/register', ip: uniqueIp(), body: { email: address, password } });
    expect(registered.statusCode, registered.body).toBe(200);
    const token = (registered.json() as { token: string }).token;
    const { rows } = await t.db.query<{ body_text: string }>(
      `SELECT body_text FROM mail_outbox WHERE recipient = $1 AND body_text LIKE '%/account/confirm/%' ORDER BY id DESC LIMIT 1`,
      [address],
    );
    const link = /\/account\/confirm\/([\w-]+)/.exec(rows[0]!.body_text)![1]!;
    const confirmed = await t.request({ method: 'POST', url: '/api/account/confirm', token, ip: uniqueIp(), body: { token: link } });
    expect(confirmed.json()).toMatchObject({ status: 'confirmed' });
    return token;
  }

  it("one's export and erasure leave the other's login, support requests, trials and mails alone", async () => {
    const tag = uniqueEmail('x').split('@')[0]!.slice(2);
    // PostgreSQL's lower() under the database's collation folds both pairs: what the old matching did.
    const { rows: folded } = await t.db.query<{ same: boolean }>(`SELECT lower('\u00C9mile') = '\u00E9mile' AS same`);
    expect(folded[0]!.same).toBe(true);
    const lower = `\u00E9mile-${tag}@example.com`;
    const upper = `\u00C9mile-${tag}@example.com`;
    const lowerToken = await registerProven(lower, 'lower-password');
    await registerProven(upper, 'upper-password');

    // The other person's support request and trial.
    const support = await t.request({
      method: 'POST',
      url: '/api/product/support/',
      ip: uniqueIp(),
      body: { email: upper, productName: 'Spacey', operatingSystem: 'macOS', problemDescription: 'Private text of the other person' },
    });
    expect(support.statusCode, support.body).toBe(200);
    const trial = await t.request({
      method: 'POST',
      url: '/api/trial',
      ip: uniqueIp(),
      body: { ProductName: 'Spacey', DeviceIdHash: randomDeviceId(), Email: upper },
    });
    expect(trial.statusCode, trial.body).toBe(200);
    const mailsOfUpper = async () =>
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox WHERE recipient = $1', [upper])).rows[0]!.n;
    const mailsBefore = await mailsOfUpper();
    expect(mailsBefore).toBeGreaterThan(0);

    const exported = await t.request({ method: 'GET', url: '/api/userinfo/personaldata', token: lowerToken });
    expect(exported.statusCode).toBe(200);
    const data = exported.json() as { supportRequests: unknown[]; trials: unknown[]; mails: { recipient: string }[] };
    expect(data.supportRequests).toEqual([]);
    expect(data.trials).toEqual([]);
    expect(exported.body).not.toContain(upper);

    expect((await eraseOwn(lowerToken, { password: 'lower-password' })).statusCode).toBe(200);
    expect((await t.db.query('SELECT 1 FROM login WHERE login_name = $1', [upper])).rows).toHaveLength(1);
    expect((await t.db.query('SELECT 1 FROM support_request WHERE email = $1', [upper])).rows).toHaveLength(1);
    expect((await t.db.query('SELECT 1 FROM trial WHERE email = $1', [upper])).rows).toHaveLength(1);
    expect(await mailsOfUpper()).toBe(mailsBefore);
    await expect(t.logIn(upper, 'upper-password')).resolves.toBeTruthy();
    // The erased person's own records went.
    expect((await t.db.query('SELECT 1 FROM login WHERE login_name = $1', [lower])).rows).toEqual([]);
  });
});

describe('what an erasure may not touch', () => {
  // Review S1 (docs/reviews/2026-11-28-staff-roles.md): a Device ID is whatever the plug-in sent. "admin" would have
  // rewritten the role of every staff record, "@" cut every address in the log, the record's subject too.
  it.each(['admin', '@'])("leaves other people's audit records alone whatever Device ID the customer chose (%s)", async (mach) => {
    const hire = uniqueEmail('hire');
    const invited = await t.request({
      method: 'POST',
      url: '/api/staff',
      token: await t.adminToken(),
      body: { email: hire, role: 'admin' },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const staffRecords = () =>
      t.db.query(`SELECT id, actor, entity_id, before, after FROM audit_log WHERE entity = 'staff' AND entity_id = $1 ORDER BY id`, [hire]);
    const { rows: before } = await staffRecords();
    expect(before).toMatchObject([{ after: { role: 'admin' } }]);

    const owner = await customerWithLicence(t, 'Spacey');
    const unlocked = await postJuceForm(t, '/api/juce/unlock', {
      product: 'Spacey',
      email: owner.email,
      pw: owner.password,
      os: 'Linux',
      mach,
    });
    expect(unlocked.body).toMatch(/<KEY>/);
    expect((await eraseOwn(owner.token, { password: owner.password })).statusCode).toBe(200);

    expect((await staffRecords()).rows).toEqual(before);
  });

  it("redacts the erased person's Device IDs in the records of their own licences' computers, and only there", async () => {
    const admin = await t.adminToken();
    const deviceId = randomDeviceId();
    // The same computer on the erased person's licence and on someone else's; the administrator removes it from both.
    const [owner, other] = [await customerWithLicence(t, 'Spacey'), await customerWithLicence(t, 'Spacey')];
    for (const holder of [owner, other]) {
      const body = { ProductName: 'Spacey', Key: holder.order.serial_2048, DeviceIdHash: deviceId, DeviceName: 'Studio' };
      expect((await registerDevice(t, body, uniqueIp())).statusCode).toBe(200);
      const { rows } = await t.db.query<{ id: number }>('SELECT id FROM order_device WHERE order_id = $1', [holder.order.id]);
      expect((await t.request({ method: 'DELETE', url: `/api/orderdevice/${rows[0]!.id}`, token: admin })).statusCode).toBe(200);
    }
    expect((await eraseOwn(owner.token, { password: owner.password })).statusCode).toBe(200);
    const recordOf = async (orderId: number) =>
      (
        await t.db.query<{ before: unknown }>(`SELECT before FROM audit_log WHERE entity = 'order-device' AND before->>'orderId' = $1`, [
          String(orderId),
        ])
      ).rows.map((row) => row.before);
    expect(await recordOf(owner.order.id)).toEqual([{ orderId: owner.order.id, deviceName: '[erased]', deviceIdHash: '[erased]' }]);
    expect(await recordOf(other.order.id)).toEqual([{ orderId: other.order.id, deviceName: 'Studio', deviceIdHash: deviceId }]);
  });
});

describe("other people's records (decision 093)", () => {
  /** An outbound webhook's message as emit_webhook_event writes it; its id. */
  const insertMessage = async (eventType: string, data: Record<string, unknown>) => {
    const id = `msg_${providerId()}`;
    const payload = { type: eventType, timestamp: new Date().toISOString(), data };
    await t.db.query('INSERT INTO webhook_message (id, event_type, payload) VALUES ($1, $2, $3)', [id, eventType, JSON.stringify(payload)]);
    return id;
  };
  const messagePayloads = async (ids: readonly string[]) =>
    (await t.db.query<{ payload: unknown }>('SELECT payload FROM webhook_message WHERE id = ANY($1) ORDER BY id', [ids])).rows;

  // Names and Device IDs are whatever the customer typed and the plug-in sent: a customer named "Licence" whose
  // computer's Device ID is "password-reset" must not cut those words out of everyone else's records.
  it("leaves another customer's mails, webhook events, sandbox records, refused transfers and outbound messages alone when they hold the erased person's name or Device ID but not their address", async () => {
    const erased = await giveLicence(t, { email: uniqueEmail('licence'), name: 'Licence' });
    const registered = await registerDevice(
      t,
      { ProductName: 'Spacey', Key: erased.order.serial_2048, DeviceIdHash: 'password-reset' },
      uniqueIp(),
    );
    expect(registered.statusCode, registered.body).toBe(200);

    // Another customer: a support request (the mail to support and its acknowledgement), a purchase's event with a note for the
    // administrator, the sandbox's record of it, a refused transfer, and outbound messages (their computer has the
    // same Device ID).
    const other = await giveLicence(t, { email: uniqueEmail('other'), name: 'Olga Other' });
    const note = 'Licence lost after the password-reset: the Licence server stays offline.';
    const support = await t.request({
      method: 'POST',
      url: '/api/product/support/',
      ip: uniqueIp(),
      body: { email: other.email, productName: 'Spacey', operatingSystem: 'macOS', problemDescription: note },
    });
    expect(support.statusCode, support.body).toBe(200);
    const providerOrderId = providerId();
    const event = orderCompleted({
      email: other.email,
      first: 'Olga',
      last: 'Other',
      orderId: providerOrderId,
      items: [{ product: 'spacey' }],
      tags: { note },
    });
    await t.db.query('INSERT INTO webhook_event (id, type, payload, error, attention) VALUES ($1, $2, $3, $4, $4)', [
      event.id,
      event.type,
      JSON.stringify(event),
      note,
    ]);
    await t.db.query(`INSERT INTO sandbox_provider_record (id, kind, provider_order_id, data) VALUES ($1, 'order', $1, $2)`, [
      providerOrderId,
      JSON.stringify(event.data),
    ]);
    await t.db.query('INSERT INTO licence_transfer_refusal (provider_order_id, reason) VALUES ($1, $2)', [
      providerOrderId,
      `Licence ${other.order.id} is not active and cannot be transferred.`,
    ]);
    const messageIds = [
      await insertMessage('support.requested', { requestId: 1, email: other.email, productName: 'Spacey', problemDescription: note }),
      await insertMessage('computer.registered', {
        licenceId: other.order.id,
        computerId: 1,
        deviceName: 'Licence server',
        deviceIdHash: 'password-reset',
      }),
    ];
    const recordsOfOther = async () => ({
      mails: (
        await t.db.query(
          `SELECT subject, body_text, body_html, attachments, last_error FROM mail_outbox WHERE recipient = $1 OR reply_to = $1 ORDER BY id`,
          [other.email],
        )
      ).rows,
      events: (await t.db.query('SELECT payload, error, attention FROM webhook_event WHERE id = $1', [event.id])).rows,
      sandbox: (await t.db.query('SELECT data FROM sandbox_provider_record WHERE id = $1', [providerOrderId])).rows,
      refusals: (await t.db.query('SELECT reason FROM licence_transfer_refusal WHERE provider_order_id = $1', [providerOrderId])).rows,
      messages: await messagePayloads(messageIds),
    });
    const before = await recordsOfOther();
    expect(before.mails.length).toBeGreaterThanOrEqual(2);
    for (const records of Object.values(before)) {
      expect(records.length).toBeGreaterThan(0);
      expect(JSON.stringify(records)).toMatch(/\bLicence\b/i);
    }

    expect((await eraseAsAdmin(erased.personId)).statusCode).toBe(200);

    expect(await recordsOfOther()).toEqual(before);
    // The erased person's own data is gone.
    expect(await columnsHolding(t, [erased.email])).toEqual([]);
  });

  it("still replaces their name in another customer's records that hold their address: a gift's receipt, a note, a message", async () => {
    const payer = uniqueEmail('payer');
    const recipient = uniqueEmail('recipient');
    const gift = sampleGiftOrderCompleted({ payerEmail: payer, recipientEmail: recipient, product: 'spacey' });
    const posted = await postWebhook(t.app, [gift], { secret: webhookSecretOf(t.config)! });
    expect(posted.statusCode, posted.body).toBe(200);
    const { rows: persons } = await t.db.query<{ id: number; name: string }>('SELECT id, name FROM person WHERE email = $1', [recipient]);
    expect(persons).toEqual([{ id: expect.any(Number), name: 'John Doe' }]);
    const receipt = async () =>
      (
        await t.db.query<{ subject: string; body_text: string }>(
          `SELECT subject, body_text FROM mail_outbox WHERE recipient = $1 AND subject LIKE 'Your gift %'`,
          [payer],
        )
      ).rows;
    const [mail] = await receipt();
    expect(mail!.subject).toContain('John Doe');
    expect(mail!.body_text).toContain(recipient);

    // Another customer's support request and a note on their purchase's event name the recipient, address and name.
    const other = uniqueEmail('other');
    const note = `Please move my licence to ${recipient} (John Doe).`;
    const messageId = await insertMessage('support.requested', {
      requestId: 2,
      email: other,
      productName: 'Spacey',
      problemDescription: note,
    });
    const event = orderCompleted({ email: other, first: 'Olga', last: 'Other', items: [{ product: 'spacey' }], tags: { for: 'John Doe' } });
    await t.db.query('INSERT INTO webhook_event (id, type, payload, attention) VALUES ($1, $2, $3, $4)', [
      event.id,
      event.type,
      JSON.stringify(event),
      note,
    ]);

    expect((await eraseAsAdmin(persons[0]!.id)).statusCode).toBe(200);

    const [after] = await receipt();
    expect(after!.subject).toMatch(/^Your gift .* was delivered to \[erased\]$/);
    expect(after!.body_text).not.toMatch(/John Doe|recipient-/);
    expect(after!.body_text).toContain('Jane');
    expect(await messagePayloads([messageId])).toEqual([
      {
        payload: expect.objectContaining({
          data: expect.objectContaining({ email: other, problemDescription: 'Please move my licence to [erased] ([erased]).' }),
        }),
      },
    ]);
    const { rows: events } = await t.db.query<{ payload: { data: { tags: unknown; customer: { email: string } } }; attention: string }>(
      'SELECT payload, attention FROM webhook_event WHERE id = $1',
      [event.id],
    );
    expect(events[0]!.attention).toBe('Please move my licence to [erased] ([erased]).');
    expect(events[0]!.payload.data).toMatchObject({ tags: { for: '[erased]' }, customer: { email: other } });
  });

  it('erasing bo@… leaves the purchase of jimbo@… whole: an event or sandbox record is theirs only by their whole address', async () => {
    const bo = uniqueEmail('bo');
    const jimbo = `jim${bo}`;
    const erased = await giveLicence(t, { email: bo, name: 'Bo Brown' });
    const purchase = await buyInSandbox(t, { email: jimbo, first: 'Jim', last: 'Bolt', country: 'DE' });
    const recordsOfJimbo = async () => ({
      events: (await t.db.query(`SELECT payload, error, attention FROM webhook_event WHERE payload->'data'->>'id' = $1`, [purchase.id]))
        .rows,
      sandbox: (await t.db.query('SELECT data FROM sandbox_provider_record WHERE provider_order_id = $1', [purchase.id])).rows,
    });
    const before = await recordsOfJimbo();
    expect(before.events).toHaveLength(1);
    expect(before.sandbox).toHaveLength(1);
    expect(JSON.stringify(before)).toContain(jimbo);

    expect((await eraseAsAdmin(erased.personId)).statusCode).toBe(200);

    expect(await recordsOfJimbo()).toEqual(before);
  });
});

describe('POST /api/persons/{id}/erasure', () => {
  it('erases the person and records it in the audit log with the person id only', async () => {
    const customer = await customerWithEverything(t);
    const admin = await t.adminToken();
    const erased = await eraseAsAdmin(customer.personId, admin);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toEqual({ licencesEnded: 3, computersRemoved: 1, ordersKept: 3 });
    expect(await columnsHolding(t, needlesOf(customer))).toEqual([]);

    const { rows } = await t.db.query(
      `SELECT actor, action, entity, entity_id, before, after FROM audit_log WHERE action = 'erase' AND entity_id = $1`,
      [String(customer.personId)],
    );
    expect(rows).toEqual([
      {
        actor: 'admin',
        action: 'erase',
        entity: 'person',
        entity_id: String(customer.personId),
        before: null,
        after: { erased: true, by: 'admin', licencesEnded: 3, computersRemoved: 1, ordersKept: 3 },
      },
    ]);
    const person = await t.request({ method: 'GET', url: `/api/person/${customer.personId}`, token: admin });
    expect(person.json()).toEqual({ id: customer.personId, email: '', name: '', country: '', erasedAt: expect.any(String) });
    // The customer's session ended with their login.
    expect((await t.request({ method: 'GET', url: '/api/account', token: customer.token })).statusCode).toBe(401);
  });

  it('answers 404 for no such person, 409 for one erased already, and deletes a person who had no orders', async () => {
    const admin = await t.adminToken();
    expect((await eraseAsAdmin(999_999_999, admin)).statusCode).toBe(404);
    const created = await t.request({
      method: 'POST',
      url: '/api/person/',
      token: admin,
      body: { id: 0, email: uniqueEmail('blank'), name: 'Blank' },
    });
    const { id } = created.json() as { id: number };
    expect((await eraseAsAdmin(id, admin)).json()).toEqual({ licencesEnded: 0, computersRemoved: 0, ordersKept: 0 });
    expect((await t.db.query('SELECT 1 FROM person WHERE id = $1', [id])).rows).toEqual([]);
    expect((await eraseAsAdmin(id, admin)).statusCode).toBe(404);

    const customer = await customerWithEverything(t);
    expect((await eraseAsAdmin(customer.personId, admin)).statusCode).toBe(200);
    const again = await eraseAsAdmin(customer.personId, admin);
    expect(again.statusCode).toBe(409);
    // The erased record cannot be filled in again, nor given a licence.
    const save = await t.request({
      method: 'POST',
      url: '/api/person/',
      token: admin,
      body: { id: customer.personId, email: uniqueEmail(), name: 'Someone' },
    });
    expect(save.statusCode).toBe(409);
    const product = (await t.db.query<{ id: number }>(`SELECT id FROM product WHERE name = 'Punch'`)).rows[0]!;
    const order = await t.request({
      method: 'POST',
      url: '/api/order/',
      token: admin,
      body: { productId: product.id, personId: customer.personId },
    });
    expect(order.statusCode).toBe(409);
    // The database holds the rule too, whatever the caller: a licence for the erased person is refused (and retried).
    await expect(
      t.db.query(`INSERT INTO orders (product_id, person_id, source) VALUES ($1, $2, 'admin')`, [product.id, customer.personId]),
    ).rejects.toMatchObject({ code: '40001' });
  });

  it("lets a customer erase no one else: the administrator's call is refused, the person stays", async () => {
    const victim = await customerWithEverything(t);
    const attacker = await t.registerCustomer();
    const refused = await eraseAsAdmin(victim.personId, attacker.token);
    expect(refused.statusCode).toBe(403);
    expect(await columnsHolding(t, [victim.email])).toContain('public.person.email');
    // Their own erasure erases their own account only.
    expect((await eraseOwn(attacker.token, { password: attacker.password })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/userinfo/products', token: victim.token })).statusCode).toBe(200);
    expect(await columnsHolding(t, [victim.email])).toContain('public.person.email');
  });

  it('refuses a person whose address is a staff login', async () => {
    const email = uniqueEmail('staff');
    const admin = await t.adminToken();
    const { personId } = await giveLicence(t, { email });
    expect((await t.request({ method: 'POST', url: '/api/staff', token: admin, body: { email, role: 'support' } })).statusCode).toBe(200);
    const refused = await eraseAsAdmin(personId, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toBe('This person has a staff login: remove it first (ADMIN → STAFF), then erase the person.');
  });
});

describe('after an erasure', () => {
  it('keeps that each computer had its trial, under a marker naming nobody: an erasure starts no second trial (decision 085)', async () => {
    const customer = await t.registerCustomer('trial-pass');
    const [ended, running] = [randomDeviceId(), randomDeviceId()];
    const startTrial = (deviceId: string, product: string) =>
      t.request({
        method: 'POST',
        url: '/api/trial',
        ip: uniqueIp(),
        body: { ProductName: product, DeviceIdHash: deviceId, Email: customer.email },
      });
    expect((await startTrial(ended, 'Spacey')).statusCode).toBe(200);
    const first = await startTrial(running, 'Punch');
    expect(first.statusCode).toBe(200);
    const firstEnd = (first.json() as { expiresAt: string }).expiresAt;
    await t.db.query(
      `UPDATE trial SET expires_at = now() - interval '1 day', started_at = now() - interval '31 days' WHERE device_id = $1`,
      [ended],
    );

    expect((await eraseOwn(customer.token, { password: 'trial-pass' })).statusCode).toBe(200);
    expect(await columnsHolding(t, [customer.email, ended, running])).toEqual([]);

    // The ended trial stays ended; the running one runs on to the same day, with a new key file for the computer.
    const again = await startTrial(ended, 'Spacey');
    expect(again.statusCode).toBe(400);
    expect(again.body).toMatch(/^The trial of Spacey on this computer ended on /);
    const resumed = await startTrial(running.toLowerCase(), 'Punch');
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ isNew: false, expiresAt: firstEnd, keyFile: expect.stringContaining('#') });
  });

  it("records a refund of the erased customer's purchase on the kept order", async () => {
    const customer = await customerWithEverything(t);
    expect((await eraseAsAdmin(customer.personId)).statusCode).toBe(200);

    const refund = returnCreated(customer.purchase.id);
    const response = await postWebhook(t.app, [refund], { secret: webhookSecretOf(t.config)! });
    expect(response.statusCode, response.body).toBe(200);
    const { rows } = await t.db.query('SELECT state, amount, refunded FROM orders WHERE provider_order_id = $1', [customer.purchase.id]);
    expect(rows).toEqual([{ state: 'refunded', amount: expect.any(String), refunded: rows[0].amount }]);
    expect(Number(rows[0].refunded)).toBeGreaterThan(0);
  });
});
