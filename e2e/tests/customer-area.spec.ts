import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { e2eAdminPassword } from '../playwright.config.js';
import { expectNoAxeViolations } from '../axe.js';
import { expect, registerThroughUi, test, uniqueEmail } from '../fixtures.js';

type Licence = {
  name: string;
  orderId: number;
  serialNew: string;
  serial2048: string;
  orderDevices: { deviceName: string; deviceIdHashEncrypted: string }[];
};

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function logInByApi(request: APIRequestContext, username: string, password: string): Promise<string> {
  const response = await request.post('/api/login/', { data: { username, password } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** Gives the customer a licence of the product the way the administrator does (person editor's NEW ORDER). */
async function giveLicence(request: APIRequestContext, email: string, productName: string): Promise<number> {
  const admin = bearer(await logInByApi(request, 'admin', e2eAdminPassword));
  const products = (await (await request.get('/api/product/')).json()) as { id: number; name: string }[];
  const product = products.find((candidate) => candidate.name === productName);
  expect(product, `product ${productName}`).toBeDefined();
  const personResponse = await request.get(`/api/person/byEmail/${encodeURIComponent(email)}`, { headers: admin });
  expect(personResponse.ok(), await personResponse.text()).toBe(true);
  const person = (await personResponse.json()) as { id: number };
  const order = await request.post('/api/order/', {
    headers: admin,
    data: { id: 0, productId: product?.id, personId: person.id, serial: '', creationDate: '' },
  });
  expect(order.ok(), await order.text()).toBe(true);
  const orders = (await (await request.get(`/api/order/byPerson/${person.id}`, { headers: admin })).json()) as { id: number }[];
  expect(orders).toHaveLength(1);
  return orders[0]!.id;
}

/** The signed-in customer's licences as the server answers them. */
async function licencesOf(page: Page, request: APIRequestContext): Promise<Licence[]> {
  const stored = await page.evaluate(() => window.localStorage.getItem('currentUser'));
  const { token } = JSON.parse(stored ?? '{}') as { token: string };
  return (await (await request.get('/api/userinfo/products', { headers: bearer(token) })).json()) as Licence[];
}

async function saved(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
}

test.describe('customer area licences', () => {
  test('a fresh customer has no licences', async ({ page }) => {
    await registerThroughUi(page, uniqueEmail('fresh'));
    await expect(page.getByRole('heading', { name: 'Your licences (at most 4 computers can be registered per licence)' })).toBeVisible();
    await expect(page.getByText('No licences found')).toBeVisible();
  });

  test('a stale session goes to the login when the licences cannot be loaded', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => window.localStorage.setItem('currentUser', JSON.stringify({ name: 'ghost@example.com', token: 'expired' })));
    await page.goto('/userarea');
    await expect(page).toHaveURL(/\/login\/?$/);
  });

  test('downloads both keys of Spacey, registers an offline computer, saves its key and deletes it', async ({ page, request }) => {
    const email = uniqueEmail('spacey');
    await registerThroughUi(page, email);
    await giveLicence(request, email, 'Spacey');
    await page.reload();

    const licence = page.getByRole('region', { name: 'Spacey' });
    await expect(licence.getByRole('link', { name: 'Spacey' })).toHaveAttribute('href', '/products/spacey');
    await expect(page.getByText('No licences found')).toBeHidden();
    // A new licence cannot be transferred before 30 days.
    await expect(licence.getByRole('link', { name: 'Transfer License...' })).toHaveCount(0);
    const [fromServer] = await licencesOf(page, request);
    expect(fromServer?.serial2048).toBeTruthy();
    expect(fromServer?.serialNew).toBeTruthy();

    const actual = await saved(page, () => licence.getByRole('button', { name: 'Download Actual Key' }).click());
    expect(actual).toEqual({ name: 'Spacey_SerialKey.txt', text: fromServer?.serial2048 });
    const older = await saved(page, () => licence.getByRole('button', { name: 'Download key for older releases' }).click());
    // A name of its own, so it does not overwrite the actual key in the downloads folder (decision 037).
    expect(older).toEqual({ name: 'Spacey_SerialKey_OlderReleases.txt', text: fromServer?.serialNew });

    await licence.getByRole('button', { name: 'Offline Registration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Spacey' });
    await expect(dialog).toBeVisible();
    // Static backdrop, no keyboard close.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    const deviceId = dialog.getByLabel('Device ID of the offline plug-in');
    await deviceId.fill('0123456789abcdef0123456789abcde');
    await dialog.getByRole('button', { name: 'REGISTER' }).click();
    await expect(dialog.getByText('Please enter a valid Device ID (32 characters long).')).toBeVisible();
    await deviceId.fill('0123456789abcdef0123456789abcdef');
    await expect(dialog.getByText('Please enter a valid Device ID (32 characters long).')).toBeHidden();
    await dialog.getByRole('button', { name: 'REGISTER' }).click();
    await expect(dialog).toBeHidden();

    const row = licence.getByRole('row').filter({ hasText: 'Offline Device' });
    await expect(row).toHaveCount(1);
    const [withDevice] = await licencesOf(page, request);
    const offlineKey = await saved(page, () => row.getByRole('button', { name: 'Download offline Key' }).click());
    expect(offlineKey.name).toBe('Spacey_OfflineKey.txt');
    expect(offlineKey.text).toBe(withDevice?.orderDevices[0]?.deviceIdHashEncrypted);
    expect(offlineKey.text).not.toBe('');

    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Remove this computer?' }).getByRole('button', { name: 'Remove computer' }).click();
    await expect(row).toHaveCount(0);
    expect((await licencesOf(page, request))[0]?.orderDevices).toEqual([]);
  });

  test('replaces a leaked serial after asking: new key files in place of the old ones', async ({ page, request }) => {
    const email = uniqueEmail('leaked');
    await registerThroughUi(page, email);
    await giveLicence(request, email, 'Punch');
    await page.reload();
    const licence = page.getByRole('region', { name: 'Punch' });
    await expect(licence.getByRole('button', { name: 'Download Actual Key' })).toBeVisible();
    const [before] = await licencesOf(page, request);

    await licence.getByRole('button', { name: 'Replace keys...' }).click();
    const dialog = page.getByRole('dialog', { name: 'Replace the keys of Punch?' });
    await expect(dialog).toContainText('The old serial and key files stop working at once');
    await expectNoAxeViolations(page, 'the owner replaces keys');
    await dialog.getByRole('button', { name: 'Replace keys' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('toast').filter({ hasText: 'New keys of Punch issued and mailed to you.' })).toBeVisible();

    const [after] = await licencesOf(page, request);
    expect(after?.serialNew).toBeTruthy();
    expect(after?.serialNew).not.toBe(before?.serialNew);
    const actual = await saved(page, () => licence.getByRole('button', { name: 'Download Actual Key' }).click());
    expect(actual).toEqual({ name: 'Punch_SerialKey.txt', text: after?.serialNew });
  });

  test('offers the transfer of a licence activated more than 30 days ago', async ({ page, request }) => {
    const email = uniqueEmail('veteran');
    await registerThroughUi(page, email);
    const orderId = await giveLicence(request, email, 'Punch');
    // The sandbox's test switch ages the licence on the server's clock (decision 009).
    const admin = bearer(await logInByApi(request, 'admin', e2eAdminPassword));
    const backdated = await request.post('/sandbox/api/backdate', { headers: admin, data: { orderId, days: 31 } });
    expect(backdated.ok(), await backdated.text()).toBe(true);
    await page.reload();
    const licence = page.getByRole('region', { name: 'Punch' });
    await expect(licence.getByRole('button', { name: 'Download Actual Key' })).toBeVisible();
    // Punch has no 2048-bit key: one key only.
    await expect(licence.getByRole('button', { name: 'Download key for older releases' })).toHaveCount(0);
    const [punch] = await licencesOf(page, request);
    const actual = await saved(page, () => licence.getByRole('button', { name: 'Download Actual Key' }).click());
    expect(actual).toEqual({ name: 'Punch_SerialKey.txt', text: punch?.serialNew });
    await licence.getByRole('link', { name: 'Transfer License...' }).click();
    await expect(page).toHaveURL(new RegExp(`/transferlicense/${punch?.orderId}$`));
    // The transfer page reads the licence too (to say when a transfer is possible): let that answer finish.
    await expect(page.getByRole('button', { name: 'TRANSFER LICENSE' })).toBeVisible();
    await page.unrouteAll({ behavior: 'wait' });
  });
});
