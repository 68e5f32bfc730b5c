import { describe, expect, it } from 'vitest';
import { listRecentMail } from '../../mail/outbox.js';
import { SECRET_WITHHELD } from '../../mail/mailbox.service.js';
import { createTestApp, uniqueEmail, uniqueIp } from '../../../test/test-app.js';

const t = await createTestApp();

describe('register and login', () => {
  it('registers a customer, logs them in, and refuses a second registration of the address', async () => {
    const email = uniqueEmail();
    const registered = await t.request({ method: 'POST', url: '/api/register', body: { email, password: 'pass1234' } });
    expect(registered.statusCode).toBe(200);
    expect(registered.json()).toMatchObject({ name: email, isAdmin: false });

    const again = await t.request({ method: 'POST', url: '/api/register', body: { email: email.toUpperCase(), password: 'pass1234' } });
    expect(again.statusCode).toBe(409);
    expect(again.body).toBe('This email address is already registered.');

    const loggedIn = await t.request({ method: 'POST', url: '/api/login/', body: { username: email, password: 'pass1234' } });
    expect(loggedIn.statusCode).toBe(200);
    expect(loggedIn.json().token).toMatch(/^[\w-]{43}$/);
  });

  it('creates the person record with the login', async () => {
    const { email } = await t.registerCustomer();
    const { rows } = await t.db.query('SELECT p.email FROM login l JOIN person p ON p.id = l.person_id WHERE l.login_name = $1', [email]);
    expect(rows).toEqual([{ email }]);
  });

  it('answers invalid input with 400 naming the field and writes nothing', async () => {
    const response = await t.request({ method: 'POST', url: '/api/register', body: { email: 'not-an-email', password: 'pass1234' } });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe('email: Please enter a valid email address');
    const short = await t.request({ method: 'POST', url: '/api/register', body: { email: uniqueEmail(), password: 'abc' } });
    expect(short.statusCode).toBe(400);
    expect(short.body).toBe('password: Please enter a valid password');
    const { rows } = await t.db.query(`SELECT count(*)::int AS n FROM login WHERE login_name = 'not-an-email'`);
    expect(rows[0].n).toBe(0);
  });

  it('logs the administrator in by the name admin', async () => {
    const token = await t.adminToken();
    const me = await t.request({ method: 'GET', url: '/api/page/', token });
    expect(me.statusCode).toBe(200);
  });

  it('refuses a wrong password with a plain-text message', async () => {
    const { email } = await t.registerCustomer();
    const response = await t.request({ method: 'POST', url: '/api/login/', body: { username: email, password: 'wrong-password' } });
    expect(response.statusCode).toBe(401);
    expect(response.body).toBe('Wrong email or password');
  });
});

describe('sessions', () => {
  it('revokes the token on logout', async () => {
    const { token } = await t.registerCustomer();
    expect((await t.request({ method: 'POST', url: '/api/logout', token })).statusCode).toBe(200);
    const after = await t.request({ method: 'POST', url: '/api/passwordchange', token, body: { NewPassword: 'another' } });
    expect(after.statusCode).toBe(401);
  });

  it('takes a logout sent with a JSON content type and no body, and still refuses malformed or poisoned JSON', async () => {
    const { token } = await t.registerCustomer();
    const post = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload,
      });
    expect((await post('{"a":')).statusCode).toBe(400);
    expect((await post('{"__proto__":{"isAdmin":true}}')).statusCode).toBe(400);
    expect((await post('')).statusCode).toBe(200);
    expect((await post('')).statusCode).toBe(401);
  });

  it('refuses an expired session', async () => {
    const { token, email } = await t.registerCustomer();
    // Only this customer's sessions: the other tests' sessions stay valid.
    await t.db.query(
      `UPDATE session SET expires_at = now() - interval '1 second' WHERE login_id = (SELECT id FROM login WHERE login_name = $1)`,
      [email],
    );
    const response = await t.request({ method: 'POST', url: '/api/logout', token });
    expect(response.statusCode).toBe(401);
  });

  it('changes the password and ends the other sessions', async () => {
    const { email, password, token } = await t.registerCustomer();
    const otherToken = await t.logIn(email, password);
    const changed = await t.request({ method: 'POST', url: '/api/passwordchange', token, body: { NewPassword: 'brand-new' } });
    expect(changed.statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/logout', token: otherToken })).statusCode).toBe(401);
    await expect(t.logIn(email, password)).rejects.toThrow(/401/);
    await expect(t.logIn(email, 'brand-new')).resolves.toBeTruthy();
  });
});

describe('password request', () => {
  it('answers the same for unknown addresses and sends nothing', async () => {
    const unknown = uniqueEmail('nobody');
    const response = await t.request({ method: 'POST', url: '/api/passwordrequest', body: { email: unknown } });
    const { email } = await t.registerCustomer();
    const known = await t.request({ method: 'POST', url: '/api/passwordrequest', body: { email } });
    expect(response.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(response.body).toBe(known.body);
    expect(await listRecentMail(t.db, 10, unknown)).toHaveLength(0);
    // The confirmation link of the registration, then the new password.
    expect((await listRecentMail(t.db, 10, email)).map((mail) => mail.subject)).toEqual([
      'Your new password',
      'Confirm your email address',
    ]);
  });

  it('does not lock the customer out: the old password works until the new one is used', async () => {
    const { email, password } = await t.registerCustomer();
    await t.request({ method: 'POST', url: '/api/passwordrequest', body: { email } });
    const [mail] = await listRecentMail(t.db, 1, email);
    const newPassword = /Your new password: (\S+)/.exec(mail!.body_text)?.[1];
    expect(newPassword).toBeTruthy();

    await expect(t.logIn(email, password)).resolves.toBeTruthy();
    await expect(t.logIn(email, newPassword!)).resolves.toBeTruthy();
    await expect(t.logIn(email, password)).rejects.toThrow(/401/);
  });

  it('expires an unused requested password after 24 hours', async () => {
    const { email } = await t.registerCustomer();
    await t.request({ method: 'POST', url: '/api/passwordrequest', body: { email } });
    const [mail] = await listRecentMail(t.db, 1, email);
    const newPassword = /Your new password: (\S+)/.exec(mail!.body_text)![1]!;
    await t.db.query(`UPDATE login SET pending_password_expires = now() - interval '1 minute' WHERE login_name = $1`, [email]);
    await expect(t.logIn(email, newPassword)).rejects.toThrow(/401/);
  });
});

describe('rate limits', () => {
  it('throttles the guesser, not the owner: past the ceiling only browsers that logged in before get in', async () => {
    const { email, password } = await t.registerCustomer();
    // The owner's browser logged in once and keeps its device cookie.
    const ownerLogin = await t.request({ method: 'POST', url: '/api/login/', body: { username: email, password } });
    const deviceCookie = String(ownerLogin.headers['set-cookie']).split(';')[0]!;
    expect(deviceCookie).toMatch(/^store_device=/);

    // A stranger guesses from many addresses: after the account's ceiling, strangers are refused even the right password.
    const guesses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await t.request({
        method: 'POST',
        url: '/api/login/',
        ip: uniqueIp(),
        body: { username: email, password: `guess-${attempt}` },
      });
      guesses.push(response.statusCode);
    }
    expect(guesses).toEqual([...Array.from({ length: 10 }, () => 401), 429]);
    const stranger = await t.request({ method: 'POST', url: '/api/login/', ip: uniqueIp(), body: { username: email, password } });
    expect(stranger.statusCode).toBe(429);
    expect(stranger.body).toMatch(/Too many attempts/);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);

    // The owner, from the browser that logged in before, still gets in.
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      remoteAddress: uniqueIp(),
      headers: { cookie: deviceCookie },
      payload: { username: email, password },
    });
    expect(owner.statusCode).toBe(200);

    // Another account is not touched.
    const other = await t.registerCustomer();
    const response = await t.request({
      method: 'POST',
      url: '/api/login/',
      ip: uniqueIp(),
      body: { username: other.email, password: other.password },
    });
    expect(response.statusCode).toBe(200);
  });

  it('counts wrong passwords from a device cookie against that cookie, which then counts as none', async () => {
    const { email, password } = await t.registerCustomer();
    const ownerLogin = await t.request({ method: 'POST', url: '/api/login/', body: { username: email, password } });
    const cookie = String(ownerLogin.headers['set-cookie']).split(';')[0]!;
    const withCookie = (body: object) =>
      t.app.inject({ method: 'POST', url: '/api/login/', remoteAddress: uniqueIp(), headers: { cookie }, payload: body });
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await withCookie({ username: email, password: 'wrong-pass' })).statusCode).toBe(401);
    // Spent: the cookie's sixth wrong guess counts against the account like a stranger's, and the right password still works.
    expect((await withCookie({ username: email, password })).statusCode).toBe(200);
    // A cookie for another login, or a forged one, is no cookie.
    const forged = cookie.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    const forgedLogin = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      remoteAddress: uniqueIp(),
      headers: { cookie: forged },
      payload: { username: email, password },
    });
    expect(forgedLogin.statusCode).toBe(200);
  });

  it('counts the plug-in unlock against the same per-account ceiling as the login', async () => {
    const { email, password } = await t.registerCustomer();
    for (let attempt = 0; attempt < 10; attempt++) {
      const unlock = await t.app.inject({
        method: 'POST',
        url: '/api/juce/unlock',
        remoteAddress: uniqueIp(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          product: 'Spacey',
          email,
          pw: `guess-${attempt}`,
          os: 'Mac',
          mach: 'abcdefabcdefabcdefabcdefabcdef12',
        }).toString(),
      });
      expect(unlock.body).toMatch(/<ERROR error="Wrong email or password/);
    }
    const stranger = await t.request({ method: 'POST', url: '/api/login/', ip: uniqueIp(), body: { username: email, password } });
    expect(stranger.statusCode).toBe(429);
  });

  it('keeps one ceiling for a login however its address is spelled (Unicode or punycode domain, composed or not)', async () => {
    const login = (username: string, password: string) =>
      t.request({ method: 'POST', url: '/api/login/', ip: uniqueIp(), body: { username, password } });
    const local = uniqueEmail('jos\u00E9').split('@')[0]!;
    const email = `${local}@b\u00FCcher.example`;
    const registered = await t.request({
      method: 'POST',
      url: '/api/register',
      ip: uniqueIp(),
      body: { email, password: 'right-password' },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    // Capitals only for the ASCII letters: "É" is not "é" (decision 030), so it would be another address.
    const asciiCapitals = email.replace(/[a-z]+/g, (letters) => letters.toUpperCase());
    const spellings = [email, `${local}@xn--bcher-kva.example`, `${local.normalize('NFD')}@bu\u0308cher.example`, asciiCapitals];
    const guesses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      guesses.push((await login(spellings[attempt % spellings.length]!, `guess-${attempt}`)).statusCode);
    }
    expect(guesses).toEqual(Array.from({ length: 10 }, () => 401));
    // Every spelling is the same login, past its ceiling for strangers: refused even with the right password.
    for (const username of spellings) expect((await login(username, 'right-password')).statusCode, username).toBe(429);
    // The per-address mail limits are the same counter for every spelling too.
    expect(await statusesOf(4, { url: '/api/passwordrequest', body: (attempt) => ({ email: spellings[attempt]! }) })).toEqual(
      limited(3, 200),
    );
  });

  /** The statuses of `count` calls made one after another; `body` may differ per attempt. */
  const statusesOf = async (count: number, call: { url: string; ip?: string; body: (attempt: number) => object }) => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < count; attempt++) {
      const response = await t.request({ method: 'POST', url: call.url, ip: call.ip ?? uniqueIp(), body: call.body(attempt) });
      statuses.push(response.statusCode);
    }
    return statuses;
  };
  /** `allowed` times `status`, then 429. */
  const limited = (allowed: number, status: number) => [...Array.from({ length: allowed }, () => status), 429];

  it('limits password requests per address', async () => {
    const email = uniqueEmail();
    expect(await statusesOf(4, { url: '/api/passwordrequest', body: () => ({ email }) })).toEqual(limited(3, 200));
  });

  it("lets the owner request again minutes after a stranger's requests used up the address's limit", async () => {
    const { email } = await t.registerCustomer();
    expect(await statusesOf(4, { url: '/api/passwordrequest', body: () => ({ email }) })).toEqual(limited(3, 200));
    const refused = await t.request({ method: 'POST', url: '/api/passwordrequest', ip: uniqueIp(), body: { email } });
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(10 * 60);
    // Each of the stranger's requests mailed the owner a password; the newest works.
    const [mail] = await listRecentMail(t.db, 1, email);
    const mailed = /Your new password: (\S+)/.exec(mail!.body_text)![1]!;
    await expect(t.logIn(email, mailed)).resolves.toBeTruthy();
    // Ten minutes later the owner may ask again.
    await t.db.query(`UPDATE rate_limit SET window_start = window_start - interval '10 minutes' WHERE key = $1`, [
      `password-request-address:${email.toLowerCase()}`,
    ]);
    expect((await t.request({ method: 'POST', url: '/api/passwordrequest', ip: uniqueIp(), body: { email } })).statusCode).toBe(200);
  });

  it('limits password requests per IP, known addresses or not', async () => {
    const call = { url: '/api/passwordrequest', ip: uniqueIp(), body: () => ({ email: uniqueEmail() }) };
    expect(await statusesOf(21, call)).toEqual(limited(20, 200));
  });

  it('limits wrong passwords per IP across addresses', async () => {
    const call = { url: '/api/login/', ip: uniqueIp(), body: () => ({ username: uniqueEmail(), password: 'not-the-password' }) };
    expect(await statusesOf(31, call)).toEqual(limited(30, 401));
  });

  it('limits registrations per IP and per address', async () => {
    const perIp = { url: '/api/register', ip: uniqueIp(), body: () => ({ email: uniqueEmail(), password: 'secret-password-1' }) };
    expect(await statusesOf(31, perIp)).toEqual(limited(30, 200));
    const email = uniqueEmail();
    const perAddress = { url: '/api/register', body: () => ({ email, password: 'secret-password-1' }) };
    expect(await statusesOf(6, perAddress)).toEqual([200, 409, 409, 409, 409, 429]);
  });
});

const { staffLogin } = t;

/** A "support" staff login invited by the administrator, with its password set through the mailed link; its token. */
const supportLogin = async (email = uniqueEmail('support')): Promise<string> => (await staffLogin('support', email)).token;

const staffAuditOf = async (email: string) =>
  (
    await t.db.query<{ action: string; before: unknown; after: unknown }>(
      `SELECT action, before, after FROM audit_log WHERE entity = 'staff' AND entity_id = $1 ORDER BY id`,
      [email],
    )
  ).rows;

describe('staff logins', () => {
  it('opens an invitation as a first password, never as a change of an old one', async () => {
    const email = uniqueEmail('invited');
    const invited = await t.request({ method: 'POST', url: '/api/staff', token: await t.adminToken(), body: { email, role: 'support' } });
    expect(invited.statusCode, invited.body).toBe(200);
    const link = await t.accountLinkTokenOf(email);
    const opened = await t.request({ method: 'POST', url: '/api/account/confirm', ip: uniqueIp(), body: { token: link } });
    expect(opened.json()).toEqual({ status: 'passwordNeeded', email, hasLogin: true, isStaffInvitation: true });
  });

  it('invites a support login, which logs in with its role, resends keys without the public limits, and can be removed', async () => {
    const adminToken = await t.adminToken();
    const email = uniqueEmail('support');
    const token = await supportLogin(email);
    const staff = (await t.request({ method: 'GET', url: '/api/staff', token: adminToken })).json() as {
      id: number;
      name: string;
      role: string;
      hasPassword: boolean;
    }[];
    // This test's own login: other tests invite support staff into the same database.
    const member = staff.find((entry) => entry.name === email)!;
    expect(member).toMatchObject({ role: 'support', hasPassword: true });
    expect(staff[0]).toMatchObject({ name: 'admin', role: 'admin' });
    const login = await t.request({
      method: 'POST',
      url: '/api/login/',
      ip: uniqueIp(),
      body: { username: member.name, password: 'staff-pass' },
    });
    expect(login.json()).toMatchObject({ name: member.name, role: 'support', isAdmin: false });
    // No licences of its own: a staff login is nobody's customer record.
    expect((await t.request({ method: 'GET', url: `/api/person/byEmail/${encodeURIComponent(member.name)}`, token })).statusCode).toBe(404);

    // Staff resends without the public limits and are told plainly when the address owns no such licence.
    const resend = await t.request({
      method: 'POST',
      url: '/api/order/resend/',
      token,
      body: { email: uniqueEmail(), productName: 'Spacey' },
    });
    expect(resend.statusCode).toBe(404);
    expect(resend.body).toMatch(/has no active licence of Spacey/);

    expect(
      (await t.request({ method: 'PUT', url: `/api/staff/${member.id}`, token: adminToken, body: { role: 'admin' } })).statusCode,
    ).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/person/', token })).statusCode).toBe(401);
    expect((await t.request({ method: 'DELETE', url: `/api/staff/${member.id}`, token: adminToken })).statusCode).toBe(200);
    const relogin = await t.logIn(member.name, 'staff-pass');
    expect((await t.request({ method: 'GET', url: '/api/person/', token: relogin })).statusCode).toBe(403);
    const { rows } = await t.db.query(`SELECT entity, action FROM audit_log WHERE entity = 'staff' AND entity_id = $1 ORDER BY id`, [
      member.name,
    ]);
    expect(rows).toEqual([
      { entity: 'staff', action: 'create' },
      { entity: 'staff', action: 'update' },
      { entity: 'staff', action: 'delete' },
    ]);
  });

  it('makes staff of a login nobody proved the address of only through the mailed link, never by its password', async () => {
    // A stranger registers the new hire's address before the administrator invites it.
    const { email, password, token: strangersToken } = await t.registerCustomer('strangers-pass', { isProven: false });
    const invited = await t.request({ method: 'POST', url: '/api/staff', token: await t.adminToken(), body: { email, role: 'admin' } });
    expect(invited.statusCode).toBe(200);
    // The stranger's session, password and any mailed password are gone.
    expect((await t.request({ method: 'GET', url: '/api/account', token: strangersToken })).statusCode).toBe(401);
    await expect(t.logIn(email, password)).rejects.toThrow(/401/);
    const [mail] = await listRecentMail(t.db, 1, email);
    expect(mail!.body_text).toContain('/account/confirm/');
    // Whoever reads the address's mail sets the password and is staff.
    const opened = await t.request({
      method: 'POST',
      url: '/api/account/confirm',
      ip: uniqueIp(),
      body: { token: await t.accountLinkTokenOf(email), password: 'hires-own-pass' },
    });
    expect(opened.statusCode).toBe(200);
    const login = await t.request({
      method: 'POST',
      url: '/api/login/',
      ip: uniqueIp(),
      body: { username: email, password: 'hires-own-pass' },
    });
    expect(login.json()).toMatchObject({ role: 'admin' });
    // The login existed: a role change from customer (decision 088).
    expect(await staffAuditOf(email)).toEqual([{ action: 'update', before: { role: 'customer' }, after: { role: 'admin' } }]);
  });

  it('gives support the mails that carry a password or a sign-in link without their text, and the administrator all of it', async () => {
    const { email } = await t.registerCustomer();
    await t.request({ method: 'POST', url: '/api/passwordrequest', body: { email } });
    const read = async (token: string) =>
      (await t.request({ method: 'GET', url: `/api/mailbox?to=${encodeURIComponent(email)}`, token })).json() as {
        subject: string;
        text: string;
        html: string | null;
      }[];
    const bySupport = await read(await supportLogin());
    expect(bySupport.map((mail) => mail.subject)).toEqual(['Your new password', 'Confirm your email address']);
    for (const mail of bySupport) expect(mail).toMatchObject({ text: SECRET_WITHHELD, html: null });
    const byAdmin = await read(await t.adminToken());
    expect(byAdmin[0]!.text).toMatch(/Your new password: \S+/);
    expect(byAdmin[1]!.text).toContain('/account/confirm/');
  });

  it("keeps the built-in administrator's role and refuses changing one's own", async () => {
    const adminToken = await t.adminToken();
    const adminId = (await t.db.query<{ id: number }>(`SELECT id FROM login WHERE login_name = 'admin'`)).rows[0]!.id;
    const own = await t.request({ method: 'PUT', url: `/api/staff/${adminId}`, token: adminToken, body: { role: 'support' } });
    expect(own.statusCode).toBe(400);
    const invite = await t.request({ method: 'POST', url: '/api/staff', token: adminToken, body: { email: 'admin', role: 'support' } });
    expect(invite.statusCode).toBe(400);
    expect((await t.db.query(`SELECT role FROM login WHERE login_name = 'admin'`)).rows).toEqual([{ role: 'admin' }]);
  });

  // Review 2026-11-28 (staff roles), S2; decision 088.
  it('refuses an administrator their own role through the invitation as through PUT, and changes and audits nothing', async () => {
    const second = await staffLogin('admin');
    const put = await t.request({ method: 'PUT', url: `/api/staff/${second.id}`, token: second.token, body: { role: 'support' } });
    expect({ status: put.statusCode, body: put.body }).toEqual({ status: 400, body: 'You cannot change your own role.' });
    // The same change through the invitation, with the address spelled otherwise (the login is found by its canonical form).
    for (const email of [second.email, second.email.toUpperCase()]) {
      const invite = await t.request({ method: 'POST', url: '/api/staff', token: second.token, body: { email, role: 'support' } });
      expect({ status: invite.statusCode, body: invite.body }).toEqual({ status: 400, body: 'You cannot change your own role.' });
    }
    const { rows } = await t.db.query<{ role: string }>('SELECT role FROM login WHERE id = $1', [second.id]);
    expect(rows).toEqual([{ role: 'admin' }]);
    // Still logged in: the refused invitation ended no session.
    expect((await t.request({ method: 'GET', url: '/api/staff', token: second.token })).statusCode).toBe(200);
    expect(await staffAuditOf(second.email)).toEqual([{ action: 'create', before: null, after: { role: 'admin' } }]);
  });

  it('audits inviting an existing staff login as the role change it is, with the role before, and ends its sessions', async () => {
    const adminToken = await t.adminToken();
    const other = await staffLogin('admin');
    const invite = await t.request({ method: 'POST', url: '/api/staff', token: adminToken, body: { email: other.email, role: 'support' } });
    expect(invite.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/staff', token: other.token })).statusCode).toBe(401);
    const relogin = await t.logIn(other.email, 'staff-pass');
    expect((await t.request({ method: 'GET', url: '/api/staff', token: relogin })).statusCode).toBe(403);
    // As PUT records it: an update, with the role before (admin) and after (support).
    expect(await staffAuditOf(other.email)).toEqual([
      { action: 'create', before: null, after: { role: 'admin' } },
      { action: 'update', before: { role: 'admin' }, after: { role: 'support' } },
    ]);
  });
});

describe('guards', () => {
  // Every route, by audience. A new route must be added here, and an admin or customer route that lost its guard
  // fails the requests below: the lists, not the guards, say who may call what.
  const publicCalls = [
    'GET /api/health',
    'GET /api/page/byUrl/:url',
    'GET /api/page/menuitems',
    'GET /api/product/', // the catalogue; key material only for the administrator (product.api.test.ts)
    'POST /api/login/',
    'POST /api/register',
    'POST /api/passwordrequest',
    'POST /api/account/confirm', // the mailed link's token proves the address (account.api.test.ts)
    'POST /api/fastspring/webhook', // signed by the provider (webhook.api.test.ts)
    'GET /api/fastspring/purchase/:id', // the provider's order id is the key (purchase-status.api.test.ts)
    'POST /api/fastspring/purchase/:id/account', // the paying browser's single-use claim (purchase-account.api.test.ts)
    'POST /api/juce/unlock', // the customer's web login in the form (juce-unlock.api.test.ts)
    'POST /api/userinfo/registerproductfordevice', // the key proves the licence (device.api.test.ts)
    'POST /api/juce/trial', // a trial needs no account, one per computer (trial.api.test.ts)
    'POST /api/trial', // the website's trial by Device ID (trial.api.test.ts)
    'GET /api/downloads/byProduct/:productName', // public installers only (public-download.api.test.ts)
    'GET /api/downloads/:id', // a public installer's link, limited per address (public-download.api.test.ts)
    'POST /api/userinfo/registerproduct',
    'POST /api/order/resend/',
    'POST /api/product/support/',
    'GET /sandbox/popup',
    'GET /sandbox/popup.js',
    'GET /sandbox/sbl.js',
    'POST /sandbox/api/pay',
    'POST /sandbox/api/session',
    'POST /sandbox/api/session/finalize',
    'POST /sandbox/api/secure', // opens a secure payload with the public half of the vendor's key (decision 036)
    'GET /sandbox/fastspring-api/orders', // the sandbox's copy of FastSpring's API, behind the API user's basic auth
    'GET /sandbox/fastspring-api/returns/:ids',
    // Plug-ins (decisions 041 and 055): renewal proves itself with the signed key; update checks ask nothing.
    'POST /api/juce/renew',
    'GET /api/plugin/updates',
    'POST /api/plugin/updates',
    'POST /api/release-mail/unsubscribe', // a signed token from the mail (RFC 8058 one-click)
  ];
  const customerCalls = [
    'GET /api/userinfo/products',
    'DELETE /api/userinfo/orderdevice/:id',
    'PUT /api/userinfo/orderdevice/:id',
    'GET /api/userinfo/downloads',
    'GET /api/userinfo/downloads/:id',
    'GET /api/userinfo/verifyorderfortransfer/:id',
    'POST /api/fastspring/loyaltycoupon',
    'POST /api/logout',
    'POST /api/passwordchange',
    'GET /api/account',
    'GET /api/userinfo/orders',
    'POST /api/account/confirmation',
    'POST /api/account/twofactor/setup',
    'POST /api/account/twofactor/enable',
    'POST /api/account/twofactor/disable',
    'GET /api/admin/screens/:screen', // each screen's own audience (screen-access.api.test.ts)
    'GET /api/userinfo/offers',
    'POST /api/userinfo/offers/quote',
    'GET /api/userinfo/personaldata',
    'POST /api/userinfo/erasure',
    'POST /api/userinfo/releasedevice',
    'GET /api/userinfo/release-preferences',
    'PUT /api/userinfo/release-preferences',
    'POST /api/userinfo/orders/:id/replacekeys',
    'POST /api/userinfo/bundles/quote',
    'GET /api/userinfo/bundles',
  ];
  // What the "support" role may call besides the customer's calls: persons, orders and mails, read only.
  const staffCalls = [
    'GET /api/person/',
    'GET /api/person/:id',
    'GET /api/person/:id/timeline', // decision 061
    'GET /api/person/byEmail/:email',
    'GET /api/order/byPerson/:personId',
    'GET /api/orderDevice/byOrder/:orderId',
    'GET /api/mailbox',
    'GET /api/admin/orders',
    'GET /api/admin/orders.csv',
    'GET /api/admin/orders/:id', // the order detail (order-detail.api.test.ts)
    'GET /api/admin/transfers', // each transfer its own entry (order-detail.api.test.ts)
    'GET /api/admin/search',
    'GET /api/order/:id/purchase',
    'POST /api/order/:id/releasedevice', // a removal code a customer reads out to support (decision 041)
    'POST /api/admin/resend', // the back office's Resend Serial (resend.api.test.ts)
  ];
  const adminCalls = [
    'POST /api/order/:id/revoke',
    'POST /api/order/:id/replacekeys',
    'POST /api/product/:productId/releases',
    'GET /api/product/:productId/releases',
    'GET /api/product/:productId/releases/recipients',
    'GET /api/bundle/',
    'POST /api/bundle/',
    'DELETE /api/bundle/:id',
    'GET /api/offer/',
    'POST /api/offer/',
    'DELETE /api/offer/:id',
    'GET /api/staff',
    'GET /api/webhookEvent/',
    'GET /api/webhookEvent/:id',
    'POST /api/webhookEvent/:id/replay',
    'POST /api/webhookEvent/:id/resolve',
    'POST /api/webhookEvent/reconcile',
    'POST /api/staff',
    'PUT /api/staff/:id',
    'DELETE /api/staff/:id',
    'POST /api/person/',
    'DELETE /api/persons/:id',
    'POST /api/persons/:id/erasure',
    'DELETE /api/registration/',
    'DELETE /api/orderdevice/:id',
    'POST /api/order/',
    'DELETE /api/order/:id',
    'POST /api/order/refreshkeys/',
    'POST /api/order/transfer',
    'POST /api/order/unassigned/create/',
    'GET /api/order/unassigned/productname/:batch',
    'GET /api/order/unassigned/serials/:batch',
    'GET /api/order/unsassigned',
    'DELETE /api/order/unassigned/:id',
    'GET /api/page/',
    'GET /api/page/:id',
    'POST /api/page/',
    'DELETE /api/page/:id',
    'GET /api/product/:id',
    'POST /api/product/',
    'DELETE /api/product/:id',
    'POST /api/product/generatekeys/',
    'GET /api/product/:productId/downloads',
    'POST /api/product/:productId/downloads',
    'DELETE /api/product/:productId/downloads/:id',
    'GET /api/productserial/:id',
    'POST /api/productserial/',
    'GET /api/product/:id/trials',
    'GET /api/mail/failed',
    'POST /api/mail/:id/retry',
    'POST /sandbox/api/backdate',
    'POST /sandbox/api/replay',
    'GET /api/admin/dashboard',
    'GET /api/admin/dashboard/trials',
    'GET /api/admin/dashboard/offers',
    'GET /api/admin/audit',
    'GET /api/order/unassigned/batches',
    'GET /api/order/unassigned/batches/:batch/codes',
    'GET /api/order/unassigned/batches/:batch/csv',
    'POST /api/order/unassigned/batches/:batch/void',
    'GET /api/admin/webhooks',
    'POST /api/admin/webhooks',
    'PUT /api/admin/webhooks/:id',
    'DELETE /api/admin/webhooks/:id',
    'POST /api/admin/webhooks/:id/rotate-secret',
    'GET /api/admin/webhooks/:id/deliveries',
    'POST /api/admin/webhook-deliveries/:id/replay',
    'GET /api/admin/api-keys',
    'POST /api/admin/api-keys',
    'DELETE /api/admin/api-keys/:id',
  ];
  // The script API: an API key, never a session (api-key.api.test.ts checks the scopes).
  const apiKeyCalls = [
    'GET /api/v1/licences',
    'GET /api/v1/licences/:id',
    'POST /api/v1/licences',
    'POST /api/v1/licences/:id/revoke',
    'GET /api/v1/persons',
    'GET /api/v1/persons/:id',
    'POST /api/v1/persons',
    'GET /api/v1/dashboard',
  ];
  const call = (entry: string, token?: string) => {
    const [method, url] = entry.split(' ') as [string, string];
    return t.request({
      method,
      url: url.replace(/:[A-Za-z]+/g, '1'),
      token,
      body: method === 'GET' || method === 'DELETE' ? undefined : {},
    });
  };

  it("knows every route: each is public, a customer's or the administrator's", () => {
    const routes = t.app.routeTable
      .filter((route) => route.method !== 'HEAD' && !route.url.startsWith('/api/docs'))
      .map((route) => `${route.method} ${route.url}`);
    expect([...new Set(routes)].sort()).toEqual([...publicCalls, ...customerCalls, ...staffCalls, ...adminCalls, ...apiKeyCalls].sort());
  });

  it('refuses every script API call without a key, and with a session token instead (401)', async () => {
    const adminToken = await t.adminToken();
    for (const entry of apiKeyCalls) {
      expect((await call(entry)).statusCode, `${entry} anonymous`).toBe(401);
      expect((await call(entry, adminToken)).statusCode, `${entry} administrator's session`).toBe(401);
    }
  });

  it('refuses every admin and staff call without a token (401) and to a customer (403)', async () => {
    const { token } = await t.registerCustomer();
    for (const entry of [...staffCalls, ...adminCalls]) {
      expect((await call(entry)).statusCode, `${entry} anonymous`).toBe(401);
      expect((await call(entry, token)).statusCode, `${entry} customer`).toBe(403);
    }
  });

  it('lets "support" staff make the staff calls and refuses them every admin call (403)', async () => {
    const support = await supportLogin();
    for (const entry of staffCalls) expect((await call(entry, support)).statusCode, `${entry} support`).not.toBe(403);
    for (const entry of adminCalls) expect((await call(entry, support)).statusCode, `${entry} support`).toBe(403);
    // The catalogue shows support no key material, as for anyone but an administrator.
    const products = (await t.request({ method: 'GET', url: '/api/product/', token: support })).json() as Record<string, unknown>[];
    expect(products.every((product) => !('privateKey' in product) && !('privatekey' in product))).toBe(true);
  });

  it('refuses every signed-in call without a token (401)', async () => {
    for (const entry of customerCalls) expect((await call(entry)).statusCode, entry).toBe(401);
  });
});
