import { describe, expect, it, vi } from 'vitest';
import { keyOfJuceAnswer, postJuceForm } from '../../../test/juce-answers.js';
import { createTestApp, uniqueIp } from '../../../test/test-app.js';
import { customerWithLicence, randomDeviceId } from '../licence/licence.test-factory.js';
import { findProductByName } from '../product/product.service.js';

const t = await createTestApp();

const installer = (overrides: Record<string, unknown>) => ({
  id: 0,
  platform: 'linux',
  fileName: 'Spacey.tar.gz',
  sizeBytes: 1000,
  sha256: '',
  notes: '',
  storage: 'url',
  location: 'https://cdn.example.com/spacey.tar.gz',
  ...overrides,
});

const saveInstaller = async (productName: string, body: Record<string, unknown>) => {
  const product = (await findProductByName(t.db, productName))!;
  return t.request({ method: 'POST', url: `/api/product/${product.id}/downloads`, token: await t.adminToken(), body });
};

const optIn = (token: string, choices: { betaChannel: boolean; releaseMail: boolean }) =>
  t.request({ method: 'PUT', url: '/api/userinfo/release-preferences', token, body: choices });

const checkWithKey = (body: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/plugin/updates', body: { product: 'Spacey', platform: 'linux', ...body }, ip: uniqueIp() });

// Spacey's Linux builds in this file: a stable 1.3 and a newer beta 1.4.
const stable = installer({ version: '1.3.0', releaseDate: '2099-01-10', notes: 'Spacey 1.3: a new reverb mode.' });
const beta = installer({ version: '1.4.0-beta1', releaseDate: '2099-02-01', notes: 'Try the new engine.', channel: 'beta' });
for (const body of [stable, beta]) expect((await saveInstaller('Spacey', body)).statusCode).toBe(200);

describe('update checks', () => {
  it('answers anyone the newest stable build with its notes, date and download page, cacheably', async () => {
    const answer = await t.request({ method: 'GET', url: '/api/plugin/updates?product=spacey&platform=linux' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=300');
    expect(answer.json()).toEqual({
      productName: 'Spacey',
      platform: 'linux',
      channel: 'stable',
      version: '1.3.0',
      releaseDate: '2099-01-10',
      notes: 'Spacey 1.3: a new reverb mode.',
      downloadPage: expect.stringMatching(/\/userarea$/) as unknown,
    });
  });

  it('answers version null without a build for the platform, and 404 for an unknown product', async () => {
    const none = await t.request({ method: 'GET', url: '/api/plugin/updates?product=Punch&platform=linux' });
    expect(none.json()).toMatchObject({ productName: 'Punch', version: null, releaseDate: null });
    const unknown = await t.request({ method: 'GET', url: '/api/plugin/updates?product=Nothing&platform=linux' });
    expect(unknown.statusCode).toBe(404);
  });

  it("offers the beta only to an opted-in owner's key file or serial, and stable to anyone else", async () => {
    const owner = await customerWithLicence(t, 'Spacey');
    const keyFile = owner.order.serial_2048;
    expect((await checkWithKey({ key: keyFile, channel: 'beta' })).json()).toMatchObject({ channel: 'stable', version: '1.3.0' });

    expect((await optIn(owner.token, { betaChannel: true, releaseMail: false })).statusCode).toBe(200);
    const answer = await checkWithKey({ key: keyFile, channel: 'beta' });
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.json()).toMatchObject({ channel: 'beta', version: '1.4.0-beta1', notes: 'Try the new engine.' });
    // The stable channel asked for with the same key: stable.
    expect((await checkWithKey({ key: keyFile, channel: 'stable' })).json()).toMatchObject({ version: '1.3.0' });
    // A key file replaced after a leak: stable again.
    expect(
      (await t.request({ method: 'POST', url: `/api/order/${owner.order.id}/replacekeys`, token: await t.adminToken(), body: {} }))
        .statusCode,
    ).toBe(200);
    expect((await checkWithKey({ key: keyFile, channel: 'beta' })).json()).toMatchObject({ channel: 'stable', version: '1.3.0' });
    // A key that proves nothing: stable, not an error.
    expect((await checkWithKey({ key: 'not-a-key', channel: 'beta' })).json()).toMatchObject({ channel: 'stable', version: '1.3.0' });
  });
});

describe('update checks with the key a plug-in built on clients/juce holds', () => {
  // Tapewarm's online keys expire after 90 days, so the module's key is its renewable key (decision 041).
  const tapewarm = { platform: 'linux', fileName: 'Tapewarm.tar.gz', location: 'https://cdn.example.com/tapewarm.tar.gz' };

  it("offers the beta to an opted-in owner's renewable key while its computer holds its place, and never to a trial", async () => {
    await t.db.query(`UPDATE product SET online_key_days = 90 WHERE name = 'Tapewarm'`);
    await vi.waitFor(async () => expect((await t.app.productCache.byName(t.db, 'Tapewarm'))?.online_key_days).toBe(90));
    for (const body of [
      installer({ ...tapewarm, version: '2.0.0', releaseDate: '2099-01-01' }),
      installer({ ...tapewarm, version: '2.1.0-beta1', releaseDate: '2099-02-01', channel: 'beta' }),
    ]) {
      expect((await saveInstaller('Tapewarm', body)).statusCode).toBe(200);
    }
    const check = (key: string) => checkWithKey({ product: 'Tapewarm', key, channel: 'beta' });
    const owner = await customerWithLicence(t, 'Tapewarm');
    const mach = randomDeviceId();
    const unlock = (renewable: string) =>
      postJuceForm(t, '/api/juce/unlock', { product: 'Tapewarm', email: owner.email, pw: owner.password, os: 'Linux', mach, renewable });
    const held = keyOfJuceAnswer((await unlock('1')).body);
    expect(held).not.toBe('');
    expect((await check(held)).json()).toMatchObject({ channel: 'stable', version: '2.0.0' });

    expect((await optIn(owner.token, { betaChannel: true, releaseMail: false })).statusCode).toBe(200);
    expect((await check(held)).json()).toMatchObject({ channel: 'beta', version: '2.1.0-beta1' });

    // A trial's key on the same computer proves no licence.
    const trial = keyOfJuceAnswer(
      (await postJuceForm(t, '/api/juce/trial', { product: 'Tapewarm', mach: randomDeviceId(), os: 'Linux', email: '' })).body,
    );
    expect(trial).not.toBe('');
    expect((await check(trial)).json()).toMatchObject({ channel: 'stable', version: '2.0.0' });

    // Removed in the customer area, the computer's key proves nothing any more.
    const products = (await t.request({ method: 'GET', url: '/api/userinfo/products', token: owner.token })).json<
      { orderDevices: { id: number; deviceIdHash: string }[] }[]
    >();
    const device = products.flatMap((product) => product.orderDevices).find((row) => row.deviceIdHash === mach)!;
    const removed = await t.request({ method: 'DELETE', url: `/api/userinfo/orderdevice/${device.id}`, token: owner.token });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await check(held)).json()).toMatchObject({ channel: 'stable', version: '2.0.0' });
    // Unlocked again, its place has a new removal secret: the new key proves it, the old one still does not.
    const renewed = keyOfJuceAnswer((await unlock('1')).body);
    expect((await check(renewed)).json()).toMatchObject({ channel: 'beta', version: '2.1.0-beta1' });
    expect((await check(held)).json()).toMatchObject({ channel: 'stable', version: '2.0.0' });
  });
});

describe('beta installers', () => {
  it('are downloadable by opted-in owners only, never by other owners or visitors', async () => {
    const owner = await customerWithLicence(t, 'Spacey');
    const listBuilds = async (token: string) =>
      (
        (await t.request({ method: 'GET', url: '/api/userinfo/downloads', token })).json() as {
          downloads: { id: number; version: string }[];
        }[]
      ).flatMap((product) => product.downloads);
    const before = await listBuilds(owner.token);
    expect(before.map((download) => download.version)).toContain('1.3.0');
    expect(before.map((download) => download.version)).not.toContain('1.4.0-beta1');

    expect((await optIn(owner.token, { betaChannel: true, releaseMail: false })).statusCode).toBe(200);
    const betaBuild = (await listBuilds(owner.token)).find((download) => download.version === '1.4.0-beta1')!;
    expect(betaBuild).toMatchObject({ channel: 'beta' });
    expect((await t.request({ method: 'GET', url: `/api/userinfo/downloads/${betaBuild.id}`, token: owner.token })).statusCode).toBe(200);

    const otherOwner = await customerWithLicence(t, 'Spacey');
    const refused = await t.request({ method: 'GET', url: `/api/userinfo/downloads/${betaBuild.id}`, token: otherOwner.token });
    expect(refused.statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/downloads/${betaBuild.id}`, ip: uniqueIp() })).statusCode).toBe(404);
  });

  it('stay beta when the product editor saves them without a channel, and a public one cannot become beta', async () => {
    const saved = (await (
      await saveInstaller('Spacey', installer({ version: '1.6.0-beta1', releaseDate: '2099-04-01', channel: 'beta' }))
    ).json()) as {
      id: number;
      version: string;
      channel: string;
    }[];
    const betaId = saved.find((download) => download.version === '1.6.0-beta1')!.id;
    const edited = await saveInstaller(
      'Spacey',
      installer({ id: betaId, version: '1.6.0-beta1', releaseDate: '2099-04-01', notes: 'Edited.' }),
    );
    expect((edited.json() as { id: number; channel: string }[]).find((download) => download.id === betaId)?.channel).toBe('beta');

    const publicSaved = (await (
      await saveInstaller('Spacey', installer({ version: '1.0.0', releaseDate: '2000-01-01', isPublic: true }))
    ).json()) as {
      id: number;
      version: string;
    }[];
    const publicId = publicSaved.find((download) => download.version === '1.0.0')!.id;
    const refused = await saveInstaller(
      'Spacey',
      installer({ id: publicId, version: '1.0.0', releaseDate: '2000-01-01', channel: 'beta' }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toBe('A beta build is for opted-in owners only.');
  });

  it('cannot be offered to every visitor', async () => {
    const refused = await saveInstaller(
      'Spacey',
      installer({ version: '1.5.0-beta1', releaseDate: '2099-03-01', channel: 'beta', isPublic: true }),
    );
    expect(refused.statusCode).toBe(400);
  });
});

describe('release preferences', () => {
  it('records each choice with the date it was first made, and withdraws it', async () => {
    const owner = await customerWithLicence(t, 'Spacey');
    const initial = await t.request({ method: 'GET', url: '/api/userinfo/release-preferences', token: owner.token });
    expect(initial.json()).toEqual({ betaChannel: false, releaseMail: false, betaOptedInAt: null, releaseMailConsentAt: null });
    const consented = (await optIn(owner.token, { betaChannel: false, releaseMail: true })).json() as { releaseMailConsentAt: string };
    expect(Date.parse(consented.releaseMailConsentAt)).toBeGreaterThan(Date.now() - 60_000);
    const again = (await optIn(owner.token, { betaChannel: true, releaseMail: true })).json() as { releaseMailConsentAt: string };
    expect(again.releaseMailConsentAt).toBe(consented.releaseMailConsentAt);
    expect((await optIn(owner.token, { betaChannel: false, releaseMail: false })).json()).toMatchObject({ releaseMailConsentAt: null });
    expect((await t.request({ method: 'GET', url: '/api/userinfo/release-preferences' })).statusCode).toBe(401);
  });
});
