import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { e2eAdminPassword } from '../playwright.config.js';
import { expect, fillNewOwner, logInThroughUi, payInSandboxPopup, registerThroughUi, test, uniqueEmail } from '../fixtures.js';

const DEVICE_ID = () => Array.from({ length: 32 }, () => '0123456789ABCDEF'[Math.floor(Math.random() * 16)]).join('');

/** The administrator's mailbox in a browser of its own: the mail as the buyer will see it. */
async function openMailboxFor(browser: Browser, email: string, isMobile: boolean): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext(isMobile ? { viewport: { width: 390, height: 844 } } : {});
  const page = await context.newPage();
  await logInThroughUi(page, 'admin', e2eAdminPassword);
  await page.goto('/admin/mailbox');
  await page.getByLabel('Recipient').fill(email);
  await page.getByRole('button', { name: 'SHOW' }).click();
  return { page, close: () => context.close() };
}

async function backdateLicence(request: APIRequestContext, orderId: number): Promise<void> {
  const login = await request.post('/api/login/', { data: { username: 'admin', password: e2eAdminPassword } });
  const { token } = (await login.json()) as { token: string };
  const answer = await request.post('/sandbox/api/backdate', {
    headers: { authorization: `Bearer ${token}` },
    data: { orderId, days: 31 },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/**
 * A new buyer's whole way, as a person sees it: the home page, a product page, the cart, paying, the order
 * confirmation mail, the account, an installer download, registering, renaming and removing a computer, and
 * selling the licence on.
 */
async function buyerJourney(page: Page, browser: Browser, request: APIRequestContext, isMobile: boolean) {
  const buyer = uniqueEmail('journey');

  // Home page: a vendor's shop, reachable from the keyboard.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Plug-ins that sound like records' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Imprint' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();

  // The product page: artwork, features, formats and requirements; focus lands on its heading.
  await page.locator('.content-page .card').filter({ hasText: 'Spacey' }).getByRole('link', { name: 'Spacey' }).click();
  await expect(page).toHaveURL(/\/products\/spacey$/);
  const heading = page.getByRole('heading', { level: 1, name: 'Spacey' });
  await expect(heading).toBeFocused();
  await expect(page.getByRole('img', { name: 'Spacey artwork' })).toBeVisible();
  for (const section of ['Features', 'Formats', 'System requirements'])
    await expect(page.getByRole('heading', { name: section })).toBeVisible();
  await expect(page.locator('shop-price[product="spacey"]').first()).toHaveText('USD 49.00 + VAT');

  // Adding to the cart opens the cart with the product in it.
  await page.getByRole('button', { name: 'Buy Spacey' }).click();
  const cart = page.getByRole('dialog', { name: 'Cart' });
  await expect(cart).toBeVisible();
  await expect(cart.getByTestId('cart-item')).toContainText('Spacey');
  await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeAttached();
  await cart.getByRole('button', { name: 'Checkout' }).click();
  await payInSandboxPopup(page, buyer);
  await expect(page.getByTestId('message')).toHaveText('Thanks for your purchase.');

  // The order confirmation, as the administrator's mailbox shows it: HTML, the key file attached.
  const mailbox = await openMailboxFor(browser, buyer, isMobile);
  const mail = mailbox.page.getByTestId('mail').filter({ hasText: 'Your order' });
  await expect(mail).toHaveCount(1, { timeout: 15_000 });
  await expect(mail.getByTestId('mail-subject')).toHaveText(/^Your order SBX[\d-]+: Spacey$/);
  const preview = mail.frameLocator('iframe[title^="HTML preview"]');
  await expect(preview.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  await expect(preview.getByText('Download the installer for your computer')).toBeVisible();
  await mail.getByRole('button', { name: 'Plain text' }).click();
  await expect(mail.getByTestId('mail-text')).toContainText('Key file: Spacey_SerialKey.txt');
  const keyDownload = mailbox.page.waitForEvent('download');
  await mail.getByRole('button', { name: 'Spacey_SerialKey.txt' }).click();
  expect((await keyDownload).suggestedFilename()).toBe('Spacey_SerialKey.txt');
  expect(await readFile(await (await keyDownload).path(), 'utf8')).toMatch(/#[0-9a-f]+/);
  await mailbox.close();

  // The account: the licence, told apart by its number, with its serial state, places and transfer date.
  await registerThroughUi(page, buyer);
  await expect(page.getByRole('heading', { level: 1, name: buyer })).toBeFocused();
  const licence = page.getByRole('region', { name: 'Spacey', exact: true });
  await expect(licence.getByTestId('licence-number')).toHaveText(/^#\d+ · Purchased$/);
  const orderId = Number((await licence.getByTestId('licence-number').textContent())!.match(/#(\d+)/)![1]);
  await expect(licence.getByTestId('licence-status')).toHaveText('Active');
  await expect(licence.getByTestId('free-places')).toHaveText('4 of 4 places free');
  await expect(licence.getByTestId('transfer-date')).toContainText('Possible from');
  await expect(licence.getByRole('link', { name: 'Transfer License...' })).toHaveCount(0);
  await expect(licence.getByTestId('no-devices')).toBeVisible();

  // An installer: the current macOS build, checked against the SHA-256 the account shows.
  const downloads = page.getByRole('region', { name: 'Downloads' });
  const spaceyDownloads = downloads.getByRole('article', { name: 'Spacey' });
  const macos = spaceyDownloads.getByTestId('current-download').filter({ hasText: 'macOS' });
  await expect(macos).toContainText('version 1.2.0');
  await expect(macos).toContainText('Shimmer has a new tone control.');
  const shownSha = await macos.getByTestId('sha256').textContent();
  const installer = page.waitForEvent('download');
  await macos.getByRole('button', { name: 'Download Spacey 1.2.0 for macOS' }).click();
  const file = await installer;
  expect(file.suggestedFilename()).toBe('spacey-1.2.0-macos.zip');
  expect(
    createHash('sha256')
      .update(await readFile(await file.path()))
      .digest('hex'),
  ).toBe(shownSha);
  await expect(spaceyDownloads.getByText(/Older versions and release notes \(2\)/)).toBeVisible();

  // Registering a computer, renaming it, and removing it after confirming.
  await licence.getByRole('button', { name: 'Offline Registration' }).click();
  const offline = page.getByRole('dialog', { name: 'Spacey' });
  await offline.getByLabel('Device ID of the offline plug-in').fill(DEVICE_ID());
  await offline.getByRole('button', { name: 'REGISTER' }).click();
  await expect(offline).toBeHidden();
  const device = licence.getByTestId('device');
  await expect(device).toHaveCount(1);
  await expect(device).toContainText('Offline Device');
  await expect(device.getByTestId('last-activated').locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  await expect(licence.getByTestId('free-places')).toHaveText('3 of 4 places free');

  await device.getByRole('button', { name: 'Rename Offline Device' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename computer' });
  await rename.getByLabel('Name').fill('Studio laptop');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Renamed to Studio laptop (Offline).' })).toBeVisible();
  await expect(device).toContainText('Studio laptop (Offline)');

  await device.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove this computer?' });
  await expect(confirm).toContainText('Studio laptop (Offline)');
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(device).toHaveCount(1);
  await device.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Remove computer' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Studio laptop (Offline) was removed from Spacey.' })).toBeVisible();
  await expect(licence.getByTestId('no-devices')).toBeVisible();
  await expect(licence.getByTestId('free-places')).toHaveText('4 of 4 places free');

  // Too early for a transfer: its page says from when, instead of a form that would fail.
  await page.goto(`/transferlicense/${orderId}`);
  await expect(page.getByTestId('transfer-not-yet')).toContainText('This Spacey licence can be transferred from');
  await expect(page.getByRole('button', { name: 'TRANSFER LICENSE' })).toBeHidden();

  // 31 days later (the sandbox's test switch ages the licence): the transfer, paid in the sandbox.
  await backdateLicence(request, orderId);
  await page.goto('/userarea');
  await expect(licence.getByTestId('transfer-date')).toHaveCount(0);
  await licence.getByRole('link', { name: 'Transfer License...' }).click();
  await expect(page.getByRole('heading', { name: 'Transfer License' })).toBeFocused();
  const newOwner = uniqueEmail('new-owner');
  await fillNewOwner(page, newOwner);
  await page.getByRole('button', { name: 'TRANSFER LICENSE' }).click();
  await payInSandboxPopup(page, buyer);
  await expect(page.getByTestId('message')).toHaveText('Thanks for your purchase.');
  await page.goto('/userarea');
  await expect(page.getByText('No licences found')).toBeVisible();
  await expect(page.getByTestId('no-downloads')).toBeVisible();

  // Each side was told what happened and what to do next.
  const transferMail = await openMailboxFor(browser, newOwner, isMobile);
  const received = transferMail.page.getByTestId('mail').filter({ hasText: 'A Spacey licence is now yours' });
  await expect(received).toHaveCount(1, { timeout: 15_000 });
  await expect(received.frameLocator('iframe').getByText('Download the installer under Downloads')).toBeVisible();
  await expect(received.getByRole('button', { name: 'Spacey_SerialKey.txt' })).toBeVisible();
  await transferMail.page.getByLabel('Recipient').fill(buyer);
  await transferMail.page.getByRole('button', { name: 'SHOW' }).click();
  const away = transferMail.page.getByTestId('mail').filter({ hasText: 'Your Spacey licence was transferred' });
  await expect(away).toHaveCount(1);
  await expect(away.frameLocator('iframe').getByText('uninstall it from your computers')).toBeVisible();
  await transferMail.close();
}

test.describe('a new buyer, desktop', () => {
  test('from the home page to a running plug-in and a transfer', async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    await buyerJourney(page, browser, request, false);
  });
});

test.describe('a new buyer, 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('from the home page to a running plug-in and a transfer', async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    await buyerJourney(page, browser, request, true);
  });
});

test.describe('failures stay where they happened', () => {
  test('a mistyped activation code keeps the customer signed in; a message page without a message says so', async ({ page }) => {
    const email = uniqueEmail('stay');
    await registerThroughUi(page, email);
    await page.goto('/activate');
    await page.getByLabel('Activation Key').fill('0f8fad5b-d9cb-469f-a165-70867728950e');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Confirm Email').fill(email);
    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Last Name').fill('Lovelace');
    await page.getByRole('button', { name: 'ACTIVATE' }).click();
    await expect(page.getByText(/^Error: This activation key is not valid or has already been used\.$/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'LOGOUT' })).toBeAttached();
    expect(await page.evaluate(() => window.localStorage.getItem('currentUser'))).not.toBeNull();

    await page.goto('/messageview');
    await expect(page.getByTestId('no-message')).toContainText('There is no message to show here.');
  });
});
