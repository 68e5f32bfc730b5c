import { devices, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { adminApi, savedText } from '../admin-helpers.js';
import { expectNoAxeViolations } from '../axe.js';
import { accountLinkTo, expect, fillNewOwner, payInSandboxPopup, test, uniqueEmail } from '../fixtures.js';
import { currentTotp } from '../totp.js';

// Issue 29's customer journey (decision 037), on a desktop and on a phone, with axe run on every screen it shows.

const DEVICE_ID = () => Array.from({ length: 32 }, () => '0123456789ABCDEF'[Math.floor(Math.random() * 16)]).join('');
// A device descriptor without its browser choice, which a describe block may not change (the config runs Chromium).
const { defaultBrowserType: _phoneBrowser, ...pixel7 } = devices['Pixel 7'];

/** The buttons of a dialog that carry text (not the × close button) share one case style: all capitals or none. */
async function expectOneCaseStyle(dialog: Locator): Promise<void> {
  const labels = (await dialog.getByRole('button').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
  const styles = new Set(labels.map((label) => (label === label.toUpperCase() ? 'CAPITALS' : 'Sentence')));
  expect(styles.size, `button labels ${labels.join(', ')}`).toBe(1);
}

/** After paying as a new buyer: the reference, where the mail went, and the way to sign in; then the account. */
async function buyAsNewBuyer(page: Page, request: APIRequestContext, buyer: string): Promise<void> {
  await page.goto('/purchase/Spacey');
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await payInSandboxPopup(page, buyer);
  await expect(page.getByTestId('message')).toHaveText('Thanks for your purchase.');
  await expect(page.getByTestId('order-reference')).toHaveText(/^SBX\d{6}-\d{4}-\d{5}$/);
  await expect(page.getByTestId('mailed-to')).toHaveText(`We have sent your licence key to ${buyer}.`);
  await expect(page.getByTestId('sign-in-way')).toContainText('The mail holds a link to set your password');
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expectNoAxeViolations(page, 'the thank-you screen');

  // The link in the purchase mail sets the password and opens the account.
  await page.goto(await accountLinkTo(request, buyer));
  await page.getByLabel('Password', { exact: true }).fill('buyer-pass');
  await page.getByLabel('Repeat Password').fill('buyer-pass');
  await page.getByRole('button', { name: 'SET PASSWORD' }).click();
  await expect(page).toHaveURL(/\/userarea$/);
}

/** The customer area: the loyalty code, the two key files, an offline computer, the dialogs. */
async function customerArea(page: Page): Promise<Locator> {
  const banner = page.getByTestId('loyalty-banner');
  await expect(banner).toContainText('Get 15% loyalty discount on all products now');
  await expect(banner.getByTestId('loyalty-code')).toHaveText(/\S{6,}/);
  await banner.getByRole('button', { name: 'Apply it to your cart' }).click();
  const cart = page.getByRole('dialog', { name: 'Cart' });
  await expect(cart).toBeVisible();
  await expectNoAxeViolations(page, 'the cart opened from the loyalty banner');
  await page.keyboard.press('Escape');
  await expect(cart).toBeHidden();

  const licence = page.getByRole('region', { name: 'Spacey', exact: true });
  await expect(licence.getByTestId('key-files')).toContainText('Spacey_SerialKey.txt: for the current release of Spacey');
  await expect(licence.getByTestId('key-files')).toContainText('Spacey_SerialKey_OlderReleases.txt: for releases of Spacey before');
  const saved: string[] = [];
  for (const name of ['Download Actual Key', 'Download key for older releases']) {
    const download = page.waitForEvent('download');
    await licence.getByRole('button', { name }).click();
    saved.push((await download).suggestedFilename());
    expect(await savedText(await download)).toMatch(/#[0-9a-f]+/);
  }
  expect(saved).toEqual(['Spacey_SerialKey.txt', 'Spacey_SerialKey_OlderReleases.txt']);
  await expectNoAxeViolations(page, 'the customer area');

  // "Offline Registration" looks like the working button it is; its dialog's buttons share one case style.
  const offlineButton = licence.getByRole('button', { name: 'Offline Registration' });
  await expect(offlineButton).toBeEnabled();
  await expect(offlineButton).toHaveClass(/btn-outline-primary/);
  await expect(offlineButton).toHaveCSS('opacity', '1');
  await offlineButton.click();
  const offline = page.getByRole('dialog', { name: 'Spacey' });
  await expectOneCaseStyle(offline);
  await expectNoAxeViolations(page, 'the offline registration dialog');
  const deviceId = DEVICE_ID();
  await offline.getByLabel('Device ID of the offline plug-in').fill(deviceId);
  await offline.getByRole('button', { name: 'REGISTER' }).click();
  await expect(offline).toBeHidden();
  const device = licence.getByTestId('device');
  await expect(device.getByTestId('device-id')).toHaveText(`Device ID: ${deviceId}`);
  // The Device ID wraps: the page never grows wider than the screen (its table scrolls on its own).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

  await device.getByRole('button', { name: 'Rename Offline Device' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename computer' });
  await expectOneCaseStyle(rename);
  await expectNoAxeViolations(page, 'the rename dialog');
  await rename.getByRole('button', { name: 'Cancel' }).click();
  await device.getByRole('button', { name: 'Delete' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove this computer?' });
  await expectOneCaseStyle(remove);
  await expectNoAxeViolations(page, 'the remove dialog');
  await remove.getByRole('button', { name: 'Keep it' }).click();
  await expect(remove).toBeHidden();
  return licence;
}

/** Two-factor set-up: the QR code, the key in groups of 4 with a copy button, recovery codes to copy, save and print. */
async function twoFactorSetUp(page: Page): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const section = page.getByRole('region', { name: 'Two-factor login' });
  await section.getByRole('button', { name: 'SET UP TWO-FACTOR LOGIN' }).click();
  await expect(section.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const shown = section.getByTestId('two-factor-secret');
  await expect(shown).toHaveText(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  const secret = (await shown.textContent())!.replaceAll(' ', '');
  await section.getByRole('button', { name: 'Copy the key' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Key copied.' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expectNoAxeViolations(page, 'the two-factor set-up');

  await section.getByLabel('Code', { exact: true }).fill(currentTotp(secret));
  await section.getByRole('button', { name: 'TURN ON' }).click();
  const codes = section.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allInnerTexts();
  await section.getByRole('button', { name: 'Copy the recovery codes' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Recovery codes copied.' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(recoveryCodes.join('\n'));

  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download (.txt)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^localhost_\d+-recovery-codes\.txt$/);
  expect((await savedText(await download)).split('\n')).toEqual(expect.arrayContaining(recoveryCodes));

  // Print: the browser's dialog is stood in for; while it would be open, only the codes print.
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'yes');
  });
  await section.getByRole('button', { name: 'Print' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('recovery-codes')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your licences', exact: false })).toBeHidden();
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await page.emulateMedia({ media: 'screen' });
  await expect(page.locator('body')).not.toHaveClass(/is-printing-recovery-codes/);
  await expect(page.getByRole('heading', { name: 'Your licences', exact: false })).toBeVisible();
  await expectNoAxeViolations(page, 'the recovery codes');
}

/** A paid transfer, an activation and a support request each say what happened and what next. */
async function otherMessages(page: Page, request: APIRequestContext, buyer: string, licence: Locator): Promise<void> {
  const admin = await adminApi(request);
  const orderId = Number((await licence.getByTestId('licence-number').textContent())!.match(/#(\d+)/)![1]);
  await admin.backdateLicence(orderId);
  await page.goto('/userarea');
  await licence.getByRole('link', { name: 'Transfer License...' }).click();
  const newOwner = uniqueEmail('heir');
  await fillNewOwner(page, newOwner);
  await page.getByRole('button', { name: 'TRANSFER LICENSE' }).click();
  await payInSandboxPopup(page, buyer);
  await expect(page.getByTestId('message')).toHaveText('Thanks for your purchase.');
  await expect(page.getByTestId('mailed-to')).toHaveText(
    `Your licence transfer is paid. The new owner receives the licence and its key by mail; we have sent you a confirmation at ${buyer}.`,
  );
  await expect(page.getByRole('link', { name: 'Go to your licences and downloads' })).toBeVisible();
  await expectNoAxeViolations(page, 'the thank-you screen of a transfer');

  // The new owner redeems an activation code in a browser without a session.
  const code = await admin.createActivationCode('Punch');
  const visitor = await page.context().browser()!.newContext({ viewport: page.viewportSize() });
  const activationPage = await visitor.newPage();
  await activationPage.goto('/activate?product=Punch');
  await activationPage.getByLabel('Activation Key').fill(code);
  await activationPage.getByLabel('Email', { exact: true }).fill(newOwner);
  await activationPage.getByLabel('Confirm Email').fill(newOwner);
  await activationPage.getByLabel('First Name').fill('Grace');
  await activationPage.getByLabel('Last Name').fill('Hopper');
  await activationPage.getByRole('button', { name: 'ACTIVATE' }).click();
  await expect(activationPage.getByTestId('message')).toHaveText(`Thanks for activation. We have sent the serial key to ${newOwner}`);
  await expect(activationPage.getByTestId('next-steps')).toContainText(`Your Punch licence belongs to the account of ${newOwner}.`);
  await expect(activationPage.getByTestId('sign-in-way')).toBeVisible();
  await expectNoAxeViolations(activationPage, 'the activation thanks');

  await activationPage.goto('/support');
  await activationPage.getByLabel('Email').fill(newOwner);
  await activationPage.getByLabel('Product Name').fill('Punch');
  await activationPage.getByLabel('Operating System and Host Software').fill('Windows 11, Reaper 7');
  await activationPage.getByLabel('Problem Description').fill('Where do I find the offline key?');
  await activationPage.getByRole('button', { name: 'SEND' }).click();
  await expect(activationPage.getByTestId('message')).toHaveText(/^Support request sent\. Your request number is #\d+/);
  await expect(activationPage.getByTestId('next-steps')).toContainText(`We will answer by mail at ${newOwner}.`);
  await expect(activationPage.getByRole('link', { name: 'Back to the home page' })).toBeVisible();
  await expectNoAxeViolations(activationPage, 'the support thanks');
  await visitor.close();
}

async function customerJourney(page: Page, request: APIRequestContext): Promise<void> {
  const buyer = uniqueEmail('journey29');
  await buyAsNewBuyer(page, request, buyer);
  const licence = await customerArea(page);
  await twoFactorSetUp(page);
  await otherMessages(page, request, buyer, licence);
}

test.describe('customer journey, desktop', () => {
  test('after paying a way forward; keys, computers, loyalty code and two-factor set-up', async ({ page, request }) => {
    test.setTimeout(150_000);
    await customerJourney(page, request);
  });
});

test.describe('customer journey, Pixel 7', () => {
  test.use(pixel7);
  test('after paying a way forward; keys, computers, loyalty code and two-factor set-up', async ({ page, request }) => {
    test.setTimeout(150_000);
    await customerJourney(page, request);
  });
});
