import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueIp } from '../../../test/test-app.js';
import { customerWithLicence } from '../licence/licence.test-factory.js';
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
