import { describe, expect, it } from 'vitest';
import { listRecentMail } from '../../mail/outbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { customerWithLicence, giveLicence } from '../licence/licence.test-factory.js';
import { findProductByName } from '../product/product.service.js';
import { sendReleaseMail } from './release-mail.service.js';
import { saveInstallerOf } from './release.test-factory.js';

const t = await createTestApp();
const spacey = (await findProductByName(t.db, 'Spacey'))!;

const saveInstaller = (version: string, channel = 'stable') => saveInstallerOf(t, spacey.id, version, channel);
const publish = async (body: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `/api/product/${spacey.id}/releases`, token: await t.adminToken(), body });
const choose = (token: string, releaseMail: boolean, betaChannel = false) =>
  t.request({ method: 'PUT', url: '/api/userinfo/release-preferences', token, body: { betaChannel, releaseMail } });
const ownersToMail = async (channel: string) => {
  const response = await t.request({
    method: 'GET',
    url: `/api/product/${spacey.id}/releases/recipients?channel=${channel}`,
    token: await t.adminToken(),
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { owners: number }).owners;
};
const listReleases = async () => {
  const response = await t.request({ method: 'GET', url: `/api/product/${spacey.id}/releases`, token: await t.adminToken() });
  expect(response.statusCode).toBe(200);
  return response.json() as { version: string; isMailing: boolean; mailQueued: number; mailSent: number; mailFailed: number }[];
};
const releaseMailsTo = async (email: string) => (await listRecentMail(t.db, 50, email)).filter((mail) => mail.kind === 'release');

describe('release mail', () => {
  it('mails the consenting owners only, once each, with a working one-click unsubscribe', async () => {
    const consenting = await customerWithLicence(t);
    const silent = await customerWithLicence(t);
    const otherProduct = await customerWithLicence(t, 'Punch');
    for (const owner of [consenting, otherProduct]) expect((await choose(owner.token, true)).statusCode).toBe(200);

    expect((await saveInstaller('3.0.0')).statusCode).toBe(200);
    const published = await publish({ version: '3.0.0', notes: 'A brighter shimmer.', notifyOwners: true });
    expect(published.statusCode).toBe(200);
    const { id: releaseId } = published.json() as { id: number };
    expect(await sendReleaseMail({ db: t.db, config: t.config, releaseId, batchSize: 1 })).toBeGreaterThanOrEqual(1);
    // The job again (a retry): nobody is mailed twice.
    expect(await sendReleaseMail({ db: t.db, config: t.config, releaseId })).toBe(0);

    const [mail, ...more] = await releaseMailsTo(consenting.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Spacey 3.0.0 is available');
    expect(mail!.body_text).toContain('A brighter shimmer.');
    // HTML with its plain-text alternative, both with the unsubscribe page's link.
    expect(mail!.body_html).toMatch(/^<!DOCTYPE html/);
    expect(mail!.body_html).toContain('A brighter shimmer.');
    expect(mail!.body_html).toMatch(/<a href="https?:\/\/[^"]+\/unsubscribe\/u1\.[^"]+"/);
    expect(mail!.body_text).not.toContain('<');
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await releaseMailsTo(silent.email)).toHaveLength(0);
    expect(await releaseMailsTo(otherProduct.email)).toHaveLength(0);

    // RFC 8058: the mail client's POST, without a login.
    const oneClick = /^<https?:\/\/[^/]+(\/api\/release-mail\/unsubscribe\?token=[^>]+)>$/.exec(mail!.headers['List-Unsubscribe']!)![1]!;
    expect(mail!.body_text).toContain(`/unsubscribe/${oneClick.split('token=')[1]}`);
    const unsubscribed = await t.app.inject({
      method: 'POST',
      url: oneClick,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.statusCode).toBe(200);
    const preferences = await t.request({ method: 'GET', url: '/api/userinfo/release-preferences', token: consenting.token });
    expect(preferences.json()).toMatchObject({ releaseMail: false, releaseMailConsentAt: null });

    const forged = await t.request({ method: 'POST', url: `${oneClick.slice(0, -3)}abc` });
    expect(forged.statusCode).toBe(404);
  });

  it('mails a beta only to consenting owners who opted in to the beta channel', async () => {
    const betaOwner = await customerWithLicence(t);
    const stableOwner = await customerWithLicence(t);
    expect((await choose(betaOwner.token, true, true)).statusCode).toBe(200);
    expect((await choose(stableOwner.token, true)).statusCode).toBe(200);
    expect((await saveInstaller('3.1.0-beta1', 'beta')).statusCode).toBe(200);
    const published = await publish({ version: '3.1.0-beta1', channel: 'beta', notifyOwners: true });
    await sendReleaseMail({ db: t.db, config: t.config, releaseId: (published.json() as { id: number }).id });
    expect(await releaseMailsTo(betaOwner.email)).toHaveLength(1);
    expect(await releaseMailsTo(stableOwner.email)).toHaveLength(0);
  });

  it('answers how many owners a release would mail, per channel, each address once', async () => {
    const [stableBefore, betaBefore] = [await ownersToMail('stable'), await ownersToMail('beta')];
    const consenting = await customerWithLicence(t);
    expect((await choose(consenting.token, true)).statusCode).toBe(200);
    await giveLicence(t, { email: consenting.email }); // a second licence: still one address
    const betaOwner = await customerWithLicence(t);
    expect((await choose(betaOwner.token, true, true)).statusCode).toBe(200);
    const silent = await customerWithLicence(t);
    expect((await choose(silent.token, false, true)).statusCode).toBe(200);
    await customerWithLicence(t, 'Punch').then((other) => choose(other.token, true, true));

    expect(await ownersToMail('stable')).toBe(stableBefore + 2);
    expect(await ownersToMail('beta')).toBe(betaBefore + 1);
  });

  it("lists a product's releases, newest first, with their mail queued, sent and failed", async () => {
    const owner = await customerWithLicence(t);
    expect((await choose(owner.token, true)).statusCode).toBe(200);
    expect((await saveInstaller('3.3.0')).statusCode).toBe(200);
    expect((await saveInstaller('3.4.0')).statusCode).toBe(200);
    expect((await publish({ version: '3.3.0' })).statusCode).toBe(200);
    const mailed = await publish({ version: '3.4.0', notes: 'Listed.', notifyOwners: true });
    const releaseId = (mailed.json() as { id: number }).id;
    const [newest, previous] = await listReleases();
    expect(newest).toMatchObject({ version: '3.4.0', isMailing: true, mailQueued: 0, mailSent: 0, mailFailed: 0 });
    expect(previous).toMatchObject({ version: '3.3.0', isMailing: false, mailQueued: 0, mailSent: 0 });

    const mails = await sendReleaseMail({ db: t.db, config: t.config, releaseId });
    expect(mails).toBeGreaterThanOrEqual(1);
    expect((await listReleases())[0]).toMatchObject({ mailQueued: mails, mailSent: 0 });
    const [mail] = await releaseMailsTo(owner.email);
    await t.db.query('UPDATE mail_outbox SET sent_at = now() WHERE id = $1', [mail!.id]);
    expect((await listReleases())[0]).toMatchObject({ mailQueued: mails - 1, mailSent: 1, mailFailed: 0 });
  });

  it('refuses a version without installers, a version published twice, and anyone but the administrator', async () => {
    expect((await publish({ version: '9.9.9' })).statusCode).toBe(400);
    expect((await saveInstaller('3.2.0')).statusCode).toBe(200);
    expect((await publish({ version: '3.2.0' })).statusCode).toBe(200);
    expect((await publish({ version: '3.2.0' })).statusCode).toBe(409);
    const customer = await t.registerCustomer();
    const refused = await t.request({
      method: 'POST',
      url: `/api/product/${spacey.id}/releases`,
      token: customer.token,
      body: { version: '3.2.0' },
    });
    expect(refused.statusCode).toBe(403);
    for (const url of [`/api/product/${spacey.id}/releases`, `/api/product/${spacey.id}/releases/recipients?channel=stable`]) {
      expect((await t.request({ method: 'GET', url, token: customer.token })).statusCode).toBe(403);
    }
  });
});
