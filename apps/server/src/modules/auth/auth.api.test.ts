import { describe, expect, it } from 'vitest';
import { listRecentMail } from '../../mail/outbox.js';
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
      t.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload });
    expect((await post('{"a":')).statusCode).toBe(400);
    expect((await post('{"__proto__":{"isAdmin":true}}')).statusCode).toBe(400);
    expect((await post('')).statusCode).toBe(200);
    expect((await post('')).statusCode).toBe(401);
  });

  it('refuses an expired session', async () => {
    const { token } = await t.registerCustomer();
    await t.db.query(`UPDATE session SET expires_at = now() - interval '1 second'`);
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
    expect(await listRecentMail(t.db, 10, email)).toHaveLength(1);
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
  it('throttles repeated wrong logins for one address without blocking others', async () => {
    const { email, password } = await t.registerCustomer();
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const response = await t.request({ method: 'POST', url: '/api/login/', ip, body: { username: email, password: 'wrong-pass' } });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    const blocked = await t.request({ method: 'POST', url: '/api/login/', ip, body: { username: email, password } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toMatch(/Too many attempts/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    const other = await t.registerCustomer();
    const response = await t.request({ method: 'POST', url: '/api/login/', ip, body: { username: other.email, password: other.password } });
    expect(response.statusCode).toBe(200);
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

  it('limits password requests per IP, known addresses or not', async () => {
    const call = { url: '/api/passwordrequest', ip: uniqueIp(), body: () => ({ email: uniqueEmail() }) };
    expect(await statusesOf(31, call)).toEqual(limited(30, 200));
  });

  it('limits login attempts per IP across addresses', async () => {
    const call = { url: '/api/login/', ip: uniqueIp(), body: () => ({ username: uniqueEmail(), password: 'not-the-password' }) };
    expect(await statusesOf(101, call)).toEqual(limited(100, 401));
  });

  it('limits registrations per IP and per address', async () => {
    const perIp = { url: '/api/register', ip: uniqueIp(), body: () => ({ email: uniqueEmail(), password: 'secret-password-1' }) };
    expect(await statusesOf(31, perIp)).toEqual(limited(30, 200));
    const email = uniqueEmail();
    const perAddress = { url: '/api/register', body: () => ({ email, password: 'secret-password-1' }) };
    expect(await statusesOf(6, perAddress)).toEqual([200, 409, 409, 409, 409, 429]);
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
    'POST /api/fastspring/webhook', // signed by the provider (webhook.api.test.ts)
    'POST /api/juce/unlock', // the customer's web login in the form (juce-unlock.api.test.ts)
    'POST /api/userinfo/registerproductfordevice', // the key proves the licence (device.api.test.ts)
    'POST /api/userinfo/registerproduct',
    'POST /api/order/resend/',
    'POST /api/product/support/',
    'GET /sandbox/popup',
    'GET /sandbox/popup.js',
    'GET /sandbox/sbl.js',
    'POST /sandbox/api/pay',
    'POST /sandbox/api/session',
    'POST /sandbox/api/session/finalize',
  ];
  const customerCalls = [
    'GET /api/userinfo/products',
    'DELETE /api/userinfo/orderdevice/:id',
    'GET /api/userinfo/verifyorderfortransfer/:id',
    'POST /api/fastspring/loyaltycoupon',
    'POST /api/logout',
    'POST /api/passwordchange',
  ];
  const adminCalls = [
    'GET /api/person/',
    'GET /api/person/:id',
    'GET /api/person/byEmail/:email',
    'POST /api/person/',
    'DELETE /api/persons/:id',
    'DELETE /api/registration/',
    'GET /api/order/byPerson/:personId',
    'GET /api/orderDevice/byOrder/:orderId',
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
    'GET /api/productserial/:id',
    'POST /api/productserial/',
    'GET /api/mailbox',
    'POST /sandbox/api/backdate',
    'POST /sandbox/api/replay',
    'GET /api/admin/dashboard',
    'GET /api/admin/orders',
    'GET /api/admin/orders.csv',
    'GET /api/admin/search',
    'GET /api/admin/audit',
    'GET /api/order/unassigned/batches',
    'GET /api/order/unassigned/batches/:batch/codes',
    'GET /api/order/unassigned/batches/:batch/csv',
    'POST /api/order/unassigned/batches/:batch/void',
  ];
  const call = (entry: string, token?: string) => {
    const [method, url] = entry.split(' ') as [string, string];
    return t.request({ method, url: url.replace(/:[A-Za-z]+/g, '1'), token, body: method === 'GET' || method === 'DELETE' ? undefined : {} });
  };

  it('knows every route: each is public, a customer\'s or the administrator\'s', () => {
    const routes = t.app.routeTable
      .filter((route) => route.method !== 'HEAD' && !route.url.startsWith('/api/docs'))
      .map((route) => `${route.method} ${route.url}`);
    expect([...new Set(routes)].sort()).toEqual([...publicCalls, ...customerCalls, ...adminCalls].sort());
  });

  it('refuses every admin call without a token (401) and to a customer (403)', async () => {
    const { token } = await t.registerCustomer();
    for (const entry of adminCalls) {
      expect((await call(entry)).statusCode, `${entry} anonymous`).toBe(401);
      expect((await call(entry, token)).statusCode, `${entry} customer`).toBe(403);
    }
  });

  it('refuses every signed-in call without a token (401)', async () => {
    for (const entry of customerCalls) expect((await call(entry)).statusCode, entry).toBe(401);
  });
});

