import { ACCOUNT_LINK_UNUSABLE } from '@store/contracts/account';
import { SECOND_FACTOR_REQUIRED } from '@store/contracts/auth';
import { describe, expect, it } from 'vitest';
import { listRecentMail } from '../../mail/outbox.js';
import { TEST_ADMIN_PASSWORD } from '../../../test/constants.js';
import { createTestApp, uniqueEmail, uniqueIp } from '../../../test/test-app.js';
import { giveLicence, randomDeviceId, registerDevice } from '../licence/licence.test-factory.js';
import { totpCodeAt, totpStepAt } from './totp.js';

const t = await createTestApp();

const products = (token: string) => t.request({ method: 'GET', url: '/api/userinfo/products', token });
const confirm = (body: { token: string; password?: string }, token?: string) =>
  t.request({ method: 'POST', url: '/api/account/confirm', body, ip: uniqueIp(), ...(token ? { token } : {}) });
const status = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/account', token })).json() as { isEmailVerified: boolean };

/** A licence of `email`'s person, owned before anyone registered the address. */
async function buyerWithLicence() {
  const email = uniqueEmail('buyer');
  const licence = await giveLicence(t, { email });
  return { email, licence };
}

async function redeemActivationCode(email: string) {
  const { rows } = await t.db.query<{ activation_key: string }>(
    `INSERT INTO unassigned_order (product_id, activation_key, distributor_name, batch_number)
     SELECT id, gen_random_uuid(), 'Test Distributor', nextval('activation_batch_number') FROM product WHERE name = 'Punch'
     RETURNING activation_key`,
  );
  const response = await t.request({
    method: 'POST',
    url: '/api/userinfo/registerproduct',
    ip: uniqueIp(),
    body: { ActivationKey: rows[0]!.activation_key, Email: email, FirstName: 'Ada', LastName: 'Lovelace' },
  });
  expect(response.statusCode).toBe(200);
}

describe('a login that has not proven its address', () => {
  it("reaches none of the address's licences: no list, downloads, devices, transfer or loyalty coupon", async () => {
    const { email, licence } = await buyerWithLicence();
    const device = await registerDevice(t, { ProductName: 'Spacey', Key: licence.order.serial_2048, DeviceIdHash: randomDeviceId() });
    expect(device.statusCode).toBe(200);
    const stranger = await t.request({ method: 'POST', url: '/api/register', ip: uniqueIp(), body: { email, password: 'stranger-pass' } });
    expect(stranger.statusCode).toBe(200);
    const token = (stranger.json() as { token: string }).token;

    expect(await status(token)).toMatchObject({ isEmailVerified: false });
    expect((await products(token)).json()).toEqual([]);
    const deviceId = (await t.db.query<{ id: number }>('SELECT id FROM order_device WHERE order_id = $1', [licence.order.id])).rows[0]!.id;
    expect((await t.request({ method: 'DELETE', url: `/api/userinfo/orderdevice/${deviceId}`, token })).statusCode).toBe(404);
    await t.db.query(`UPDATE orders SET license_activation_date = now() - interval '40 days' WHERE id = $1`, [licence.order.id]);
    expect((await t.request({ method: 'GET', url: `/api/userinfo/verifyorderfortransfer/${licence.order.id}`, token })).statusCode).toBe(
      403,
    );
    expect((await t.request({ method: 'POST', url: '/api/fastspring/loyaltycoupon', token })).body).not.toMatch(/[A-Z0-9]{4}/);
    const unlock = await t.app.inject({
      method: 'POST',
      url: '/api/juce/unlock',
      remoteAddress: uniqueIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ product: 'Spacey', email, pw: 'stranger-pass', os: 'Mac', mach: randomDeviceId() }).toString(),
    });
    // Told to prove the address first (the mailbox is the owner's, so the stranger cannot), nothing about licences.
    expect(unlock.body).toMatch(/^<ERROR error="Please confirm your address .* first: open the link in the mail we sent you/);
    expect(unlock.body).not.toMatch(/licence/);
    // Nothing changed: the device is still there and no new one was added.
    expect((await t.db.query('SELECT id FROM order_device WHERE order_id = $1', [licence.order.id])).rows).toHaveLength(1);
  });

  it('gets its licences once the confirmation link is opened in its browser, which ends its other sessions', async () => {
    const { token, email } = await t.registerCustomer('secret-password', { isProven: false });
    await giveLicence(t, { email });
    const otherSession = await t.logIn(email, 'secret-password');
    expect((await products(token)).json()).toEqual([]);

    const link = await t.accountLinkTokenOf(email);
    const confirmed = await confirm({ token: link }, token);
    expect(confirmed.json()).toEqual({ status: 'confirmed', email });
    expect((await products(token)).json()).toHaveLength(1);
    expect((await products(otherSession)).statusCode).toBe(401);
    // The link works once.
    expect((await confirm({ token: link }, token)).body).toBe(ACCOUNT_LINK_UNUSABLE);
  });

  it('is not proven by the owner opening the link elsewhere: that asks for a new password, which locks the stranger out', async () => {
    const { email } = await buyerWithLicence();
    const stranger = await t.request({ method: 'POST', url: '/api/register', ip: uniqueIp(), body: { email, password: 'stranger-pass' } });
    const strangerToken = (stranger.json() as { token: string }).token;
    const link = await t.accountLinkTokenOf(email);

    // The owner opens the mailed link in a browser without the stranger's session.
    expect((await confirm({ token: link })).json()).toEqual({ status: 'passwordNeeded', email, hasLogin: true });
    expect(await status(strangerToken)).toMatchObject({ isEmailVerified: false });
    const owner = await confirm({ token: link, password: 'owner-pass' });
    const ownerToken = (owner.json() as { user: { token: string } }).user.token;
    expect((await products(ownerToken)).json()).toHaveLength(1);

    expect((await products(strangerToken)).statusCode).toBe(401);
    await expect(t.logIn(email, 'stranger-pass')).rejects.toThrow(/401/);
  });

  it('mails the confirmation link again on request, a few times at most', async () => {
    const { token, email } = await t.registerCustomer('secret-password', { isProven: false });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      statuses.push((await t.request({ method: 'POST', url: '/api/account/confirmation', token })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const links = (await listRecentMail(t.db, 10, email)).filter((mail) => mail.subject === 'Confirm your email address');
    expect(links).toHaveLength(4);
  });

  it('refuses an expired link and changes nothing', async () => {
    const { token, email } = await t.registerCustomer('secret-password', { isProven: false });
    const link = await t.accountLinkTokenOf(email);
    await t.db.query(`UPDATE account_link SET expires_at = now() - interval '1 minute' WHERE lower(email) = lower($1)`, [email]);
    const response = await confirm({ token: link }, token);
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe(ACCOUNT_LINK_UNUSABLE);
    expect(await status(token)).toMatchObject({ isEmailVerified: false });
  });
});

describe('the owner of an address someone else registered', () => {
  it('gets in with "Lost your password?": the mailed password proves the address and ends the stranger\'s session', async () => {
    const { email } = await buyerWithLicence();
    const stranger = await t.request({ method: 'POST', url: '/api/register', ip: uniqueIp(), body: { email, password: 'stranger-pass' } });
    const strangerToken = (stranger.json() as { token: string }).token;

    await t.request({ method: 'POST', url: '/api/passwordrequest', ip: uniqueIp(), body: { email } });
    const [mail] = await listRecentMail(t.db, 1, email);
    const mailed = /Your new password: (\S+)/.exec(mail!.body_text)![1]!;
    const ownerToken = await t.logIn(email, mailed);

    expect((await products(ownerToken)).json()).toHaveLength(1);
    expect((await products(strangerToken)).statusCode).toBe(401);
    await expect(t.logIn(email, 'stranger-pass')).rejects.toThrow(/401/);
  });

  it('receives a link with a purchase made after the stranger registered, and the licence is theirs alone', async () => {
    const email = uniqueEmail('late-buyer');
    const stranger = await t.request({ method: 'POST', url: '/api/register', ip: uniqueIp(), body: { email, password: 'stranger-pass' } });
    const strangerToken = (stranger.json() as { token: string }).token;
    await redeemActivationCode(email);
    expect((await products(strangerToken)).json()).toEqual([]);

    // One mail: the licence, with a link that confirms the address and sets a password (decision 053).
    const mails = await listRecentMail(t.db, 10, email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your Punch licence', 'Confirm your email address']);
    expect(mails[0]!.body_text).toContain('which also confirms that this address is yours');
    const link = await t.accountLinkTokenOf(email);
    const owner = await confirm({ token: link, password: 'owner-pass' });
    const ownerToken = (owner.json() as { user: { token: string } }).user.token;
    expect((await products(ownerToken)).json()).toEqual([expect.objectContaining({ name: 'Punch' })]);
    expect((await products(strangerToken)).statusCode).toBe(401);
  });
});

describe('a purchase or a redeemed code for an address without a login', () => {
  it('mails a link that sets a password: the account then exists and is proven', async () => {
    const email = uniqueEmail('new-buyer');
    await redeemActivationCode(email);
    // The licence mail is the only one, and it carries the link (decision 053).
    const mails = await listRecentMail(t.db, 10, email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your Punch licence']);
    expect(mails[0]!.body_text).toContain('Sign in to your account: open http://localhost:3000/account/confirm/');

    const link = await t.accountLinkTokenOf(email);
    expect((await confirm({ token: link })).json()).toEqual({ status: 'passwordNeeded', email, hasLogin: false });
    const opened = await confirm({ token: link, password: 'my-new-pass' });
    expect(opened.json()).toMatchObject({ status: 'confirmed', email, user: { name: email } });
    const token = await t.logIn(email, 'my-new-pass');
    expect(await status(token)).toMatchObject({ isEmailVerified: true });
    expect((await products(token)).json()).toEqual([expect.objectContaining({ name: 'Punch' })]);
  });

  it('mails nothing more to an address whose login is proven', async () => {
    const { email } = await t.registerCustomer();
    await redeemActivationCode(email);
    const mails = (await listRecentMail(t.db, 10, email)).filter((mail) => mail.subject === 'Your Punch licence');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body_text).toContain(`Sign in to your account at http://localhost:3000/login with ${email}.`);
    expect(mails[0]!.body_text).not.toContain('/account/confirm/');
  });
});

describe('two-factor login', () => {
  it('is only for a proven address: a stranger cannot set it up, and one set up before the proof gives way to the mailed password', async () => {
    const stranger = await t.registerCustomer('strangers-pass', { isProven: false });
    const setup = await t.request({ method: 'POST', url: '/api/account/twofactor/setup', token: stranger.token });
    expect(setup.statusCode).toBe(403);
    expect(setup.body).toBe('Confirm your email address first: open the link we mailed you, or ask for a new one.');
    expect(
      (await t.db.query('SELECT 1 FROM login_totp WHERE login_id = (SELECT id FROM login WHERE login_name = $1)', [stranger.email]))
        .rowCount,
    ).toBe(0);

    // A second factor a stranger turned on before this rule (as the data may hold): the owner's mailed password
    // proves the address, lets the owner in and drops it.
    await t.db.query(`INSERT INTO login_totp (login_id, secret_sealed, enabled_at) SELECT id, $2, now() FROM login WHERE login_name = $1`, [
      stranger.email,
      t.app.secretBox.seal('JBSWY3DPEHPK3PXP'),
    ]);
    await t.request({ method: 'POST', url: '/api/passwordrequest', body: { email: stranger.email } });
    const [mail] = await listRecentMail(t.db, 1, stranger.email);
    const mailed = /Your new password: (\S+)/.exec(mail!.body_text)![1]!;
    const owner = await t.request({
      method: 'POST',
      url: '/api/login/',
      ip: uniqueIp(),
      body: { username: stranger.email, password: mailed },
    });
    expect(owner.statusCode).toBe(200);
    expect(
      (await t.db.query('SELECT 1 FROM login_totp WHERE login_id = (SELECT id FROM login WHERE login_name = $1)', [stranger.email]))
        .rowCount,
    ).toBe(0);
    // Proven now, the owner may turn it on.
    const ownSetup = await t.request({
      method: 'POST',
      url: '/api/account/twofactor/setup',
      token: (owner.json() as { token: string }).token,
    });
    expect(ownSetup.statusCode).toBe(200);
  });

  it('is not bypassed by an older mailed link: once the address is proven, a link opens no session anywhere', async () => {
    const { token, email } = await t.registerCustomer('secret-password', { isProven: false });
    const firstLink = await t.accountLinkTokenOf(email);
    // "Send the link again"; the second link proves the address in the login's own browser.
    expect((await t.request({ method: 'POST', url: '/api/account/confirmation', token })).statusCode).toBe(200);
    const secondLink = await t.accountLinkTokenOf(email);
    expect(secondLink).not.toBe(firstLink);
    expect((await confirm({ token: secondLink }, token)).json()).toEqual({ status: 'confirmed', email });
    // The proof ends every other link mailed to the address.
    const { rows: unused } = await t.db.query('SELECT 1 FROM account_link WHERE email_canonical = $1 AND used_at IS NULL', [email]);
    expect(unused).toEqual([]);

    const { secret } = (await t.request({ method: 'POST', url: '/api/account/twofactor/setup', token })).json() as { secret: string };
    const enabled = await t.request({
      method: 'POST',
      url: '/api/account/twofactor/enable',
      token,
      body: { code: totpCodeAt(secret, totpStepAt(Date.now())) },
    });
    expect(enabled.statusCode).toBe(200);

    // Whoever reads the mailbox (what a second factor guards against) opens the first, never-used link elsewhere.
    const opened = await confirm({ token: firstLink });
    expect(opened.statusCode).toBe(400);
    expect(opened.body).toBe(ACCOUNT_LINK_UNUSABLE);
    const takeover = await confirm({ token: firstLink, password: 'someone-elses-pass' });
    expect(takeover.statusCode).toBe(400);
    expect(takeover.body).toBe(ACCOUNT_LINK_UNUSABLE);
    // Nothing changed: the owner's password and session stand, and a login still needs the code.
    expect(await status(token)).toMatchObject({ isEmailVerified: true });
    const withoutCode = await t.request({
      method: 'POST',
      url: '/api/login/',
      ip: uniqueIp(),
      body: { username: email, password: 'secret-password' },
    });
    expect(withoutCode.body).toBe(SECOND_FACTOR_REQUIRED);
    await expect(t.logIn(email, 'someone-elses-pass')).rejects.toThrow(/401/);
  });

  it('is not bypassed by a purchase link mailed before the login registered and proved the address', async () => {
    const email = uniqueEmail('early-buyer');
    await redeemActivationCode(email);
    const purchaseLink = await t.accountLinkTokenOf(email);
    // The buyer registers later and proves the address with the confirmation link, opened in another browser.
    await t.request({ method: 'POST', url: '/api/register', ip: uniqueIp(), body: { email, password: 'buyers-pass' } });
    const confirmLink = await t.accountLinkTokenOf(email);
    expect(confirmLink).not.toBe(purchaseLink);
    const ownerToken = ((await confirm({ token: confirmLink, password: 'owners-pass' })).json() as { user: { token: string } }).user.token;
    expect(await status(ownerToken)).toMatchObject({ isEmailVerified: true });

    const late = await confirm({ token: purchaseLink, password: 'late-pass' });
    expect(late.body).toBe(ACCOUNT_LINK_UNUSABLE);
    expect((await products(ownerToken)).statusCode).toBe(200);
    await expect(t.logIn(email, 'late-pass')).rejects.toThrow(/401/);
  });

  it('asks the administrator who turned it on for the code, takes each code and recovery code once, and turns off with the password', async () => {
    const adminToken = await t.logIn('admin', TEST_ADMIN_PASSWORD);
    const setup = await t.request({ method: 'POST', url: '/api/account/twofactor/setup', token: adminToken });
    const { secret, uri } = setup.json() as { secret: string; uri: string };
    expect(uri).toContain(`secret=${secret}`);
    const step = totpStepAt(Date.now());
    expect(
      (await t.request({ method: 'POST', url: '/api/account/twofactor/enable', token: adminToken, body: { code: '000000' } })).statusCode,
    ).toBe(400);
    const enabled = await t.request({
      method: 'POST',
      url: '/api/account/twofactor/enable',
      token: adminToken,
      body: { code: totpCodeAt(secret, step) },
    });
    const { recoveryCodes } = enabled.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);

    const login = (body: object) =>
      t.request({
        method: 'POST',
        url: '/api/login/',
        ip: uniqueIp(),
        body: { username: 'admin', password: TEST_ADMIN_PASSWORD, ...body },
      });
    const withoutCode = await login({});
    expect(withoutCode.statusCode).toBe(401);
    expect(withoutCode.body).toBe(SECOND_FACTOR_REQUIRED);
    expect((await login({ otp: '123456' })).statusCode).toBe(401);
    // The code used to turn it on is spent; the next one works, once.
    expect((await login({ otp: totpCodeAt(secret, step) })).statusCode).toBe(401);
    expect((await login({ otp: totpCodeAt(secret, step + 1) })).statusCode).toBe(200);
    expect((await login({ otp: totpCodeAt(secret, step + 1) })).statusCode).toBe(401);
    const recovered = await login({ otp: recoveryCodes[0] });
    expect(recovered.statusCode).toBe(200);
    expect((await login({ otp: recoveryCodes[0] })).statusCode).toBe(401);
    // A wrong password never reaches the second step.
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/login/',
          ip: uniqueIp(),
          body: { username: 'admin', password: 'wrong-password', otp: recoveryCodes[1] },
        })
      ).statusCode,
    ).toBe(401);

    const token = (recovered.json() as { token: string }).token;
    const disable = (body: object) => t.request({ method: 'POST', url: '/api/account/twofactor/disable', token, body });
    expect((await disable({ password: 'nope', code: recoveryCodes[2] })).statusCode).toBe(403);
    // The password alone, which a session may set anew, is not enough: a current code (or a recovery code) too.
    expect((await disable({ password: TEST_ADMIN_PASSWORD })).statusCode).toBe(400);
    const wrongCode = await disable({ password: TEST_ADMIN_PASSWORD, code: '000000' });
    expect(wrongCode.statusCode).toBe(403);
    expect(wrongCode.body).toMatch(/^This code is not right/);
    expect((await login({})).statusCode).toBe(401);
    expect((await disable({ password: TEST_ADMIN_PASSWORD, code: recoveryCodes[2] })).statusCode).toBe(200);
    expect((await login({})).statusCode).toBe(200);
  });

  it('leaves the login of everyone without it as the specification has it', async () => {
    const { email, password } = await t.registerCustomer();
    const response = await t.request({ method: 'POST', url: '/api/login/', ip: uniqueIp(), body: { username: email, password } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: email, token: expect.any(String) });
  });
});

describe('smaller holes', () => {
  it('answers a NUL byte anywhere in a URL with 400 and no stack trace', async () => {
    for (const url of ['/api/page/byUrl/home%00', '/api/person/1%00', '/some%00page', '/api/health?x=%00']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.body, url).toBe('Malformed URL');
    }
  });

  it('refuses addresses with line breaks, or the word admin, wherever an address enters', async () => {
    const adminToken = await t.adminToken();
    for (const email of ['x@y.zz\r\nBcc: victim@example.com', 'admin']) {
      const person = await t.request({
        method: 'POST',
        url: '/api/person/',
        token: adminToken,
        body: { id: 0, email, name: 'X', country: 'CH' },
      });
      expect(person.statusCode, email).toBe(400);
      const activation = await t.request({
        method: 'POST',
        url: '/api/userinfo/registerproduct',
        ip: uniqueIp(),
        body: { ActivationKey: '3f2504e0-4f89-11d3-9a0c-0305e82c3301', Email: email, FirstName: 'Ada', LastName: 'Lovelace' },
      });
      expect(activation.statusCode, email).toBe(400);
    }
    const { rows } = await t.db.query(`SELECT id FROM person WHERE email LIKE '%Bcc%' OR email = 'admin'`);
    expect(rows).toEqual([]);
  });
});
