import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';
import { customerWithLicence } from '../licence/licence.test-factory.js';
import { findProductByName } from '../product/product.service.js';

const t = await createTestApp({
  DOWNLOADS_S3_ENDPOINT: 'https://installers.s3.eu-central-1.amazonaws.com',
  DOWNLOADS_S3_REGION: 'eu-central-1',
  DOWNLOADS_S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  DOWNLOADS_S3_SECRET_ACCESS_KEY: 'secret-example',
  DOWNLOADS_URL_EXPIRY_SECONDS: '600',
});

let versionCounter = 0;
const uniqueVersion = () => `9.${Date.now() % 100000}.${++versionCounter}`;

const installer = (overrides: Record<string, unknown> = {}) => ({
  id: 0,
  platform: 'macos',
  version: uniqueVersion(),
  fileName: 'Tapewarm-macOS.pkg',
  sizeBytes: 12_345_678,
  sha256: 'a'.repeat(64),
  releaseDate: '2026-10-01',
  notes: 'Faster start-up.\nFixes a crash in Logic.',
  storage: 's3',
  location: 'tapewarm/Tapewarm-macOS.pkg',
  ...overrides,
});

const saveInstaller = async (productId: number, body: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `/api/product/${productId}/downloads`, token: await t.adminToken(), body });

describe('installers', () => {
  it("lists a product's installers to its owners only, the newest per platform as current", async () => {
    const tapewarm = (await findProductByName(t.db, 'Tapewarm'))!;
    const older = installer({ releaseDate: '2026-01-10', notes: 'First release.' });
    const newer = installer({ releaseDate: '2026-11-01' });
    const linux = installer({
      platform: 'linux',
      storage: 'url',
      location: 'https://cdn.example.com/tapewarm.tar.gz',
      fileName: 'tapewarm.tar.gz',
    });
    for (const body of [older, newer, linux]) expect((await saveInstaller(tapewarm.id, body)).statusCode).toBe(200);

    const owner = await customerWithLicence(t, 'Tapewarm');
    const listed = await t.request({ method: 'GET', url: '/api/userinfo/downloads', token: owner.token });
    expect(listed.statusCode).toBe(200);
    const product = (
      listed.json() as { productName: string; downloads: { version: string; isCurrent: boolean; platform: string; notes: string }[] }[]
    ).find((entry) => entry.productName === 'Tapewarm')!;
    const mine = product.downloads.filter((download) => [older.version, newer.version, linux.version].includes(download.version));
    expect(mine.map((download) => [download.platform, download.version])).toEqual([
      ['macos', newer.version],
      ['macos', older.version],
      ['linux', linux.version],
    ]);
    expect(product.downloads.find((download) => download.version === newer.version)).toMatchObject({ isCurrent: true, notes: newer.notes });
    expect(product.downloads.find((download) => download.version === older.version)?.isCurrent).toBe(false);
    expect(JSON.stringify(listed.json())).not.toContain('tapewarm/Tapewarm-macOS.pkg'); // no storage location

    // Anyone else: nothing, and no link.
    const stranger = await t.registerCustomer();
    expect((await t.request({ method: 'GET', url: '/api/userinfo/downloads', token: stranger.token })).json()).toEqual([]);
    const [anyId] = product.downloads.map((download) => (download as unknown as { id: number }).id);
    const refused = await t.request({ method: 'GET', url: `/api/userinfo/downloads/${anyId}`, token: stranger.token });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toBe('Download not found');
    expect((await t.request({ method: 'GET', url: `/api/userinfo/downloads/${anyId}` })).statusCode).toBe(401);
  });

  it('hands out a presigned link that expires for a file in the bucket, and the plain URL otherwise', async () => {
    const punch = (await findProductByName(t.db, 'Punch'))!;
    const inBucket = installer({ fileName: 'Punch 2 (macOS).pkg', location: 'punch/Punch 2.pkg' });
    const hosted = installer({ platform: 'windows', storage: 'url', location: '/downloads/punch-setup.zip', fileName: 'punch-setup.zip' });
    const saved = (await (await saveInstaller(punch.id, inBucket)).json()) as { id: number; version: string }[];
    const all = (await (await saveInstaller(punch.id, hosted)).json()) as { id: number; version: string }[];
    const bucketId = saved.find((download) => download.version === inBucket.version)!.id;
    const hostedId = all.find((download) => download.version === hosted.version)!.id;

    const owner = await customerWithLicence(t, 'Punch');
    const before = Date.now();
    const signed = (await t.request({ method: 'GET', url: `/api/userinfo/downloads/${bucketId}`, token: owner.token })).json();
    const url = new URL(signed.url);
    expect(url.origin + url.pathname).toBe('https://installers.s3.eu-central-1.amazonaws.com/punch/Punch%202.pkg');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^AKIDEXAMPLE\/\d{8}\/eu-central-1\/s3\/aws4_request$/);
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('response-content-disposition')).toBe('attachment; filename="Punch 2 (macOS).pkg"');
    expect(Date.parse(signed.expiresAt) - before).toBeGreaterThanOrEqual(599_000);

    const plain = (await t.request({ method: 'GET', url: `/api/userinfo/downloads/${hostedId}`, token: owner.token })).json();
    expect(plain).toEqual({ url: 'http://localhost:3000/downloads/punch-setup.zip', fileName: 'punch-setup.zip', expiresAt: null });
  });

  it('lets the administrator change and delete installers, refusing bad input and duplicates with a reason', async () => {
    const spacey = (await findProductByName(t.db, 'Spacey'))!;
    const body = installer();
    const created = (await (await saveInstaller(spacey.id, body)).json()) as { id: number; version: string; notes: string }[];
    const id = created.find((download) => download.version === body.version)!.id;

    const duplicate = await saveInstaller(spacey.id, { ...body });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.body).toBe(`Version ${body.version} for this platform already exists.`);
    expect((await saveInstaller(spacey.id, { ...body, id, sha256: 'xyz' })).statusCode).toBe(400);
    expect((await saveInstaller(spacey.id, { ...body, id, storage: 'url', location: 'ftp://nope' })).statusCode).toBe(400);
    expect((await saveInstaller(999_999_999, body)).statusCode).toBe(404);

    const changed = (await (await saveInstaller(spacey.id, { ...body, id, notes: 'Changed.' })).json()) as { id: number; notes: string }[];
    expect(changed.find((download) => download.id === id)?.notes).toBe('Changed.');

    const customer = await t.registerCustomer();
    expect((await t.request({ method: 'GET', url: `/api/product/${spacey.id}/downloads`, token: customer.token })).statusCode).toBe(403);
    const admin = await t.adminToken();
    expect((await t.request({ method: 'DELETE', url: `/api/product/${spacey.id}/downloads/${id}`, token: admin })).statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url: `/api/product/${spacey.id}/downloads/${id}`, token: admin })).statusCode).toBe(404);
    const listed = (await t.request({ method: 'GET', url: `/api/product/${spacey.id}/downloads`, token: admin })).json() as {
      id: number;
    }[];
    expect(listed.some((download) => download.id === id)).toBe(false);
  });
});
