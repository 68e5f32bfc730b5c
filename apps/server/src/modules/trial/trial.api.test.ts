import { describe, expect, it } from 'vitest';
import { decryptKeyFile } from '../../licensing/juce-key-file.js';
import { parseRootAttributes } from '../../licensing/juce-xml.js';
import { createTestApp, uniqueEmail, uniqueIp } from '../../../test/test-app.js';
import { randomDeviceId } from '../licence/licence.test-factory.js';
import { findProductByName } from '../product/product.service.js';
import { keyOfJuceAnswer } from '../../../test/juce-answers.js';

const t = await createTestApp();
const DAY_MS = 24 * 60 * 60 * 1000;

/** Posts the form as the JUCE module does (product, email, os, mach; %20 for spaces, a bare name when empty). */
const askTrial = (fields: { product: string; mach: string; email?: string; os?: string }, ip = uniqueIp()) => {
  const body = Object.entries({ product: fields.product, email: fields.email ?? '', os: fields.os ?? 'Linux', mach: fields.mach })
    .map(([name, value]) => (value === '' ? name : `${name}=${encodeURIComponent(value)}`))
    .join('&');
  return t.app.inject({
    method: 'POST',
    url: '/api/juce/trial',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
    remoteAddress: ip,
  });
};
const keyOf = keyOfJuceAnswer;
const attributeOf = (body: string, name: string) => parseRootAttributes(body)?.get(name);
const countTrials = async (deviceId: string) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM trial WHERE lower(device_id) = lower($1)', [deviceId])).rows[0]!.n;

describe('POST /api/juce/trial', () => {
  it("answers an expiring key file for the machine that runs for the product's trial length", async () => {
    const spacey = (await findProductByName(t.db, 'Spacey'))!;
    const mach = randomDeviceId();
    const before = Date.now();
    const response = await askTrial({ product: 'Spacey', mach, email: 'tries@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(attributeOf(response.body, 'message')).toMatch(/^Your 30-day trial of Spacey has started\. It runs until \d{4}-\d\d-\d\d\.$/);
    const content = decryptKeyFile(keyOf(response.body), spacey.public_key_2048)!;
    // The address is kept for the vendor; the signed file names no one (nobody proved the address).
    expect(content).toMatchObject({ isExpiring: true, mach, app: 'Spacey', email: 'trial', user: 'Trial' });
    const { rows } = await t.db.query<{ email: string }>('SELECT email FROM trial WHERE device_id = $1', [mach]);
    expect(rows).toEqual([{ email: 'tries@example.com' }]);
    expect(content.attributes.mach).toBeUndefined();
    const expiry = content.expiryTime!.getTime();
    expect(expiry).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
  });

  it('gives one trial per machine and product: the same key again while it runs, in any spelling of the ID', async () => {
    const mach = randomDeviceId();
    const first = await askTrial({ product: 'Punch', mach });
    const again = await askTrial({ product: 'Punch', mach: mach.toLowerCase() });
    expect(keyOf(again.body)).toBe(keyOf(first.body));
    expect(attributeOf(again.body, 'message')).toMatch(/^Your trial of Punch on this computer runs until/);
    const punch = (await findProductByName(t.db, 'Punch'))!;
    expect(decryptKeyFile(keyOf(first.body), punch.public_key)).toMatchObject({ isExpiring: true, user: 'Trial', email: 'trial' });
    expect(await countTrials(mach)).toBe(1);
    // Another product is another trial.
    expect(keyOf((await askTrial({ product: 'Spacey', mach })).body)).not.toBe('');
    expect(await countTrials(mach)).toBe(2);
  });

  it('holds one trial per machine under concurrent requests, and in the database itself', async () => {
    const mach = randomDeviceId();
    const replies = await Promise.all(Array.from({ length: 5 }, () => askTrial({ product: 'Tapewarm', mach })));
    expect(new Set(replies.map((reply) => keyOf(reply.body))).size).toBe(1);
    expect(await countTrials(mach)).toBe(1);
    const insertAgain = t.db.query(
      `INSERT INTO trial (product_id, device_id, source, key_file, expires_at)
       SELECT product_id, lower(device_id), 'web', 'x', now() + interval '1 day' FROM trial WHERE device_id = $1`,
      [mach],
    );
    await expect(insertAgain).rejects.toMatchObject({ code: '23505' });
  });

  it('refuses an ended trial, a product ID in another case, a bad machine ID and an unknown product, taking nothing', async () => {
    const mach = randomDeviceId();
    await askTrial({ product: 'Spacey', mach });
    await t.db.query(
      `UPDATE trial SET started_at = now() - interval '40 days', expires_at = now() - interval '10 days' WHERE device_id = $1`,
      [mach],
    );
    const ended = await askTrial({ product: 'Spacey', mach });
    expect(ended.body).not.toContain('<KEY>');
    expect(attributeOf(ended.body, 'error')).toMatch(
      /^The trial of Spacey on this computer ended on \d{4}-\d\d-\d\d\. A computer gets one trial of each product\.$/,
    );

    const other = randomDeviceId();
    const cases: [Parameters<typeof askTrial>[0], string][] = [
      [{ product: 'spacey', mach: other }, 'ProductID is incorrect.'],
      [{ product: 'Spacey', mach: '1234' }, 'This computer cannot start a trial: This Device ID is not valid.'],
      [{ product: 'Spacey', mach: '' }, 'This computer cannot start a trial: The Device ID is missing.'],
      [{ product: 'Nope', mach: other }, 'Unknown product "Nope".'],
      [{ product: 'Spacey', mach: other, email: 'admin\r\nBcc: x@example.com' }, 'Please enter a valid email address'],
      [{ product: 'Spacey', mach: other, email: 'nope' }, 'Please enter a valid email address'],
    ];
    for (const [fields, error] of cases) {
      const response = await askTrial(fields);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(`<ERROR error="${error.replace(/"/g, '&quot;')}"/>`);
    }
    expect(await countTrials(other)).toBe(0);
  });

  it('limits trials per address', async () => {
    const ip = uniqueIp();
    const replies: string[] = [];
    for (let attempt = 0; attempt < 21; attempt++) replies.push((await askTrial({ product: 'Spacey', mach: randomDeviceId() }, ip)).body);
    expect(replies[19]).toMatch(/^<MESSAGE/);
    expect(attributeOf(replies[20]!, 'error')).toBe('Too many attempts. Please wait a few minutes and try again.');
  });
});

describe('trial length, the website trial and the admin list', () => {
  it('uses the trial length set in the admin product editor', async () => {
    const admin = await t.adminToken();
    const product = (await t.request({ method: 'GET', url: '/api/product/0', token: admin })).json();
    expect(product.trialDays).toBe(30);
    const created = await t.request({
      method: 'POST',
      url: '/api/product/',
      token: admin,
      body: {
        id: 0,
        name: `Trialled${Date.now()}`,
        description: 'A product with a week of trial',
        price: '10',
        useRsa2048: false,
        trialDays: 7,
      },
    });
    expect(created.statusCode).toBe(200);
    const keys = (await t.request({ method: 'POST', url: '/api/product/generatekeys/', token: admin, body: {} })).json();
    const saved = await t.request({
      method: 'POST',
      url: '/api/product/',
      token: admin,
      body: { ...(created.json() as object), ...(keys as object), useRsa2048: false },
    });
    expect(saved.json().trialDays).toBe(7);
    const badLength = await t.request({
      method: 'POST',
      url: '/api/product/',
      token: admin,
      body: { ...(saved.json() as object), trialDays: 0 },
    });
    expect(badLength.statusCode).toBe(400);
    expect(badLength.body).toBe('trialDays: A trial lasts 1 to 365 days');

    const reply = await askTrial({ product: saved.json().name, mach: randomDeviceId() });
    const content = decryptKeyFile(keyOf(reply.body), keys.publicKey)!;
    expect(content.expiryTime!.getTime() - Date.now()).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(content.expiryTime!.getTime() - Date.now()).toBeLessThanOrEqual(7 * DAY_MS);
  });

  it('starts a trial for an offline computer by its 32-character Device ID', async () => {
    const deviceId = randomDeviceId();
    const email = uniqueEmail('visitor');
    const response = await t.request({
      method: 'POST',
      url: '/api/trial',
      body: { ProductName: 'spacey', DeviceIdHash: ` ${deviceId} `, Email: email },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ productName: 'Spacey', isNew: true });
    const spacey = (await findProductByName(t.db, 'Spacey'))!;
    expect(decryptKeyFile(body.keyFile, spacey.public_key_2048)).toMatchObject({
      isExpiring: true,
      mach: deviceId,
      app: 'Spacey',
      email: 'trial',
    });
    expect(new Date(body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);

    const again = (await t.request({ method: 'POST', url: '/api/trial', body: { ProductName: 'Spacey', DeviceIdHash: deviceId } })).json();
    expect(again).toMatchObject({ isNew: false, keyFile: body.keyFile });

    const short = await t.request({ method: 'POST', url: '/api/trial', body: { ProductName: 'Spacey', DeviceIdHash: 'M1A2B3C4D5' } });
    expect(short.statusCode).toBe(400);
    expect(short.body).toBe('Please enter a valid Device ID (32 characters long).');
    const badEmail = await t.request({
      method: 'POST',
      url: '/api/trial',
      body: { ProductName: 'Spacey', DeviceIdHash: randomDeviceId(), Email: 'nope' },
    });
    expect(badEmail.statusCode).toBe(400);
  });

  it("shows the administrator a product's trials, newest first, and nobody else", async () => {
    const tapewarm = (await findProductByName(t.db, 'Tapewarm'))!;
    const first = randomDeviceId();
    const second = randomDeviceId();
    await askTrial({ product: 'Tapewarm', mach: first, os: 'Windows 11' });
    await t.request({
      method: 'POST',
      url: '/api/trial',
      body: { ProductName: 'Tapewarm', DeviceIdHash: second, Email: 'web@example.com' },
    });
    const url = `/api/product/${tapewarm.id}/trials?pageSize=100`;
    const list = (await t.request({ method: 'GET', url, token: await t.adminToken() })).json();
    expect(list.trialDays).toBe(30);
    expect(list.total).toBeGreaterThanOrEqual(2);
    const mine = list.rows.filter((row: { deviceIdHash: string }) => [first, second].includes(row.deviceIdHash));
    expect(mine).toEqual([
      expect.objectContaining({ deviceIdHash: second, source: 'web', email: 'web@example.com', deviceName: 'Website', isExpired: false }),
      expect.objectContaining({ deviceIdHash: first, source: 'plugin', email: '', deviceName: 'Windows 11', isExpired: false }),
    ]);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url, token: (await t.registerCustomer()).token })).statusCode).toBe(403);
  });
});
