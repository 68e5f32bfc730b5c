import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rateLimits } from '../../lib/rate-limit.js';
import { createTestApp, uniqueIp } from '../../../test/test-app.js';

const t = await createTestApp({
  DOWNLOADS_S3_ENDPOINT: 'https://installers.s3.eu-central-1.amazonaws.com',
  DOWNLOADS_S3_REGION: 'eu-central-1',
  DOWNLOADS_S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  DOWNLOADS_S3_SECRET_ACCESS_KEY: 'secret-example',
});

type PublicInstallers = {
  productName: string;
  trialDays: number;
  downloads: { id: number; platform: string; version: string; fileName: string }[];
};
type AdminInstaller = { id: number; version: string; platform: string; isPublic: boolean; downloadCount: number };

/** A product of its own, so its installers and counts are this test's alone. */
async function newProduct(): Promise<{ id: number; name: string }> {
  const name = `Trialware ${randomBytes(3).toString('hex')}`;
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO product (name, path, price, trial_days) VALUES ($1, $2, 10, 14) RETURNING id`,
    [name, name.toLowerCase().replace(' ', '-')],
  );
  return { id: rows[0]!.id, name };
}

let versionCounter = 0;
const installer = (overrides: Record<string, unknown> = {}) => ({
  id: 0,
  platform: 'macos',
  version: `3.${++versionCounter}.0`,
  fileName: 'Trialware.pkg',
  sizeBytes: 1000,
  sha256: '',
  releaseDate: '2026-10-01',
  notes: '',
  storage: 'url',
  location: '/downloads/trialware.pkg',
  ...overrides,
});

const admin = async (method: string, url: string, body?: unknown) => t.request({ method, url, token: await t.adminToken(), body });

/** Saves installers and answers the product's list as the administrator sees it. */
async function saveInstallers(productId: number, ...bodies: Record<string, unknown>[]): Promise<AdminInstaller[]> {
  let list: AdminInstaller[] = [];
  for (const body of bodies) {
    const response = await admin('POST', `/api/product/${productId}/downloads`, body);
    expect(response.statusCode, response.body).toBe(200);
    list = response.json();
  }
  return list;
}

const idOf = (list: AdminInstaller[], version: string) => list.find((download) => download.version === version)!.id;
const listPublic = (productName: string, ip = uniqueIp()) =>
  t.request({ method: 'GET', url: `/api/downloads/byProduct/${encodeURIComponent(productName)}`, ip });
const linkPublic = (id: number, ip = uniqueIp()) => t.request({ method: 'GET', url: `/api/downloads/${id}`, ip });

describe('installers for everyone (the trial builds)', () => {
  it("lists a product's newest public installer per platform to a visitor without an account, never an owners-only one", async () => {
    const product = await newProduct();
    const olderPublic = installer({ releaseDate: '2026-01-10', isPublic: true });
    const newerOwnersOnly = installer({ releaseDate: '2026-11-01', location: 'trialware/full.pkg', storage: 's3' });
    const oldestPublic = installer({ releaseDate: '2025-06-01', isPublic: true });
    const windows = installer({
      platform: 'windows',
      fileName: 'Trialware.exe',
      location: 'trialware/setup.exe',
      storage: 's3',
      isPublic: true,
    });
    const saved = await saveInstallers(product.id, olderPublic, newerOwnersOnly, oldestPublic, windows);
    expect(saved.find((download) => download.version === olderPublic.version)?.isPublic).toBe(true);
    expect(saved.find((download) => download.version === newerOwnersOnly.version)?.isPublic).toBe(false);

    // The page's address names the product in lower case.
    const response = await listPublic(product.name.toLowerCase());
    expect(response.statusCode, response.body).toBe(200);
    const listed = response.json() as PublicInstallers;
    expect(listed.productName).toBe(product.name);
    expect(listed.trialDays).toBe(14);
    expect(listed.downloads.map((download) => [download.platform, download.version])).toEqual([
      ['macos', olderPublic.version],
      ['windows', windows.version],
    ]);
    expect(response.body).not.toContain('trialware/'); // no storage location

    const unknown = await listPublic('No Such Product');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe('Product not found');
  });

  it('hands a visitor the link of a public installer, and nothing for an owners-only or unknown one', async () => {
    const product = await newProduct();
    const hosted = installer({ isPublic: true });
    const inBucket = installer({
      platform: 'windows',
      storage: 's3',
      location: 'trialware/Trial Setup.exe',
      fileName: 'Trial Setup.exe',
      isPublic: true,
    });
    const ownersOnly = installer({ platform: 'linux' });
    const saved = await saveInstallers(product.id, hosted, inBucket, ownersOnly);

    const plain = await linkPublic(idOf(saved, hosted.version));
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toEqual({ url: 'http://localhost:3000/downloads/trialware.pkg', fileName: 'Trialware.pkg', expiresAt: null });
    // A counted answer that no shared cache may hand out again.
    expect(plain.headers['cache-control']).toBe('no-store');

    const signed = (await linkPublic(idOf(saved, inBucket.version))).json() as { url: string; expiresAt: string };
    const url = new URL(signed.url);
    expect(url.origin + url.pathname).toBe('https://installers.s3.eu-central-1.amazonaws.com/trialware/Trial%20Setup.exe');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(signed.expiresAt).not.toBeNull();

    for (const id of [idOf(saved, ownersOnly.version), 999_999_999]) {
      const refused = await linkPublic(id);
      expect(refused.statusCode).toBe(404);
      expect(refused.body).toBe('Download not found');
    }
    // An owners-only installer stays the owners' even for a signed-in customer asking here.
    const customer = await t.registerCustomer();
    const asCustomer = await t.request({ method: 'GET', url: `/api/downloads/${idOf(saved, ownersOnly.version)}`, token: customer.token });
    expect(asCustomer.statusCode).toBe(404);

    // Made owners-only again, the installer is no longer listed or handed out.
    await saveInstallers(product.id, { ...hosted, id: idOf(saved, hosted.version), isPublic: false });
    expect((await linkPublic(idOf(saved, hosted.version))).statusCode).toBe(404);
    expect(((await listPublic(product.name)).json() as PublicInstallers).downloads.map((download) => download.version)).toEqual([
      inBucket.version,
    ]);
  });

  it('keeps an installer public or owners-only when a change leaves the switch out', async () => {
    const product = await newProduct();
    const withoutSwitch = installer();
    const [saved] = await saveInstallers(product.id, { ...withoutSwitch, isPublic: true });
    const [changed] = await saveInstallers(product.id, { ...withoutSwitch, id: saved!.id, notes: 'Changed.' });
    expect(changed).toMatchObject({ isPublic: true });
    // A new installer without the switch is owners-only.
    const added = installer({ platform: 'linux' });
    const list = await saveInstallers(product.id, added);
    expect(list.find((download) => download.version === added.version)).toMatchObject({ isPublic: false });
  });

  it('limits the links one address gets, whatever it asks for, and leaves other addresses alone', async () => {
    const product = await newProduct();
    const body = installer({ isPublic: true });
    const id = idOf(await saveInstallers(product.id, body), body.version);
    const ip = uniqueIp();
    const { limit } = rateLimits.publicDownloadPerIp;
    // Unknown installers count too, so guessing ids costs the same.
    for (let index = 0; index < limit; index++) {
      expect((await linkPublic(index % 2 === 0 ? id : 999_999_999, ip)).statusCode).not.toBe(429);
    }
    const refused = await linkPublic(id, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await linkPublic(id, uniqueIp())).statusCode).toBe(200);
    // The list is not a download: it stays readable.
    expect((await listPublic(product.name, ip)).statusCode).toBe(200);
  });

  it('counts the links handed out per product and version, and shows each installer its count', async () => {
    const product = await newProduct();
    const first = installer({ isPublic: true });
    const second = installer({ platform: 'windows', isPublic: true });
    const ownersOnly = installer({ platform: 'linux' });
    const saved = await saveInstallers(product.id, first, second, ownersOnly);
    for (let index = 0; index < 3; index++) expect((await linkPublic(idOf(saved, first.version))).statusCode).toBe(200);
    expect((await linkPublic(idOf(saved, second.version))).statusCode).toBe(200);
    expect((await linkPublic(idOf(saved, ownersOnly.version))).statusCode).toBe(404);

    const { rows } = await t.db.query<{ version: string; platform: string; downloads: number }>(
      `SELECT version, platform, sum(downloads)::int AS downloads FROM product_download_count WHERE product_id = $1
        GROUP BY 1, 2 ORDER BY 1`,
      [product.id],
    );
    expect(rows).toEqual([
      { version: first.version, platform: 'macos', downloads: 3 },
      { version: second.version, platform: 'windows', downloads: 1 },
    ]);
    const listed = (await admin('GET', `/api/product/${product.id}/downloads`)).json() as AdminInstaller[];
    expect(listed.map((download) => [download.version, download.downloadCount]).sort()).toEqual(
      [
        [first.version, 3],
        [second.version, 1],
        [ownersOnly.version, 0],
      ].sort(),
    );
  });
});
