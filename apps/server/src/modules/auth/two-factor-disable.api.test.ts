import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueIp } from '../../../test/test-app.js';
import { totpCodeAt, totpStepAt } from './totp.js';

const t = await createTestApp();

/** A proven customer logged in from a browser (its device cookie kept), with two-factor login turned on. */
async function customerWithTwoFactor() {
  const { email, password } = await t.registerCustomer();
  const login = await t.request({ method: 'POST', url: '/api/login/', ip: uniqueIp(), body: { username: email, password } });
  expect(login.statusCode, login.body).toBe(200);
  const token = (login.json() as { token: string }).token;
  const deviceCookie = String(login.headers['set-cookie']).split(';')[0]!;
  const setup = await t.request({ method: 'POST', url: '/api/account/twofactor/setup', token });
  const { secret } = setup.json() as { secret: string };
  const step = totpStepAt(Date.now());
  const enabled = await t.request({
    method: 'POST',
    url: '/api/account/twofactor/enable',
    token,
    body: { code: totpCodeAt(secret, step) },
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { email, password, token, deviceCookie, nextCode: () => totpCodeAt(secret, step + 1) };
}

describe('POST /api/account/twofactor/disable', () => {
  it("checks the password with the login's check: wrong ones count against the account's ceiling, the owner's browser keeps its own", async () => {
    const customer = await customerWithTwoFactor();
    const disable = (password: string, options: { cookie?: string } = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/twofactor/disable',
        headers: { authorization: `Bearer ${customer.token}`, ...(options.cookie ? { cookie: options.cookie } : {}) },
        payload: { password, code: customer.nextCode() },
        remoteAddress: uniqueIp(),
      });

    // Like wrong passwords at login: ten from callers without the browser's cookie, then such callers are refused.
    const statuses: number[] = [];
    for (let guess = 0; guess < 10; guess++) statuses.push((await disable(`wrong-${guess}`)).statusCode);
    const refused = await disable(customer.password);
    expect([...statuses, refused.statusCode]).toEqual([...Array.from({ length: 10 }, () => 403), 429]);
    expect(refused.headers['retry-after']).toBeDefined();
    // The same counter as the login's.
    const login = await t.request({
      method: 'POST',
      url: '/api/login/',
      ip: uniqueIp(),
      body: { username: customer.email, password: customer.password },
    });
    expect(login.statusCode).toBe(429);

    // The owner, at the browser that logged in before, is not locked out.
    const owner = await disable(customer.password, { cookie: customer.deviceCookie });
    expect(owner.statusCode, owner.body).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/account', token: customer.token })).json()).toMatchObject({ hasTwoFactor: false });
  });

  it('counts a wrong code like a wrong password', async () => {
    const customer = await customerWithTwoFactor();
    const wrongCode = await t.request({
      method: 'POST',
      url: '/api/account/twofactor/disable',
      token: customer.token,
      body: { password: customer.password, code: '000000' },
      ip: uniqueIp(),
    });
    expect(wrongCode.statusCode).toBe(403);
    const { rows } = await t.db.query<{ hits: number }>('SELECT hits FROM rate_limit WHERE key = $1', [
      `login-failures-account:${customer.email.toLowerCase()}`,
    ]);
    expect(rows).toEqual([{ hits: 1 }]);
  });

  it('answers that two-factor login is off when it is, counting nothing', async () => {
    const { email, password } = await t.registerCustomer();
    const token = await t.logIn(email, password);
    const off = await t.request({
      method: 'POST',
      url: '/api/account/twofactor/disable',
      token,
      body: { password, code: '000000' },
      ip: uniqueIp(),
    });
    expect(off.statusCode).toBe(409);
    expect(off.body).toContain('Two-factor login is off.');
    const { rows } = await t.db.query('SELECT hits FROM rate_limit WHERE key = $1', [`login-failures-account:${email.toLowerCase()}`]);
    expect(rows).toEqual([]);
  });
});
