import { devices, type APIRequestContext, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { e2eAdminPassword } from '../playwright.config.js';
import { expectNoAxeViolations } from '../axe.js';
import { expect, fillNewOwner, logInThroughUi, payInSandboxPopup, test, uniqueEmail } from '../fixtures.js';

// Issue 29, points 2 to 4 (decision 060), on a desktop and on a phone, with axe on every screen the journey shows:
// the tab that paid signs in at once, the licence is sold on, and staff find purchase and transfer in the orders.
// Logins per run (both viewports): 4, two each (the administrator's API call that ages the licence, and its UI login).

const { defaultBrowserType: _phoneBrowser, ...pixel7 } = devices['Pixel 7'];

async function ageLicence(request: APIRequestContext, orderId: number): Promise<void> {
  const login = await request.post('/api/login/', { data: { username: 'admin', password: e2eAdminPassword } });
  const { token } = (await login.json()) as { token: string };
  const answer = await request.post('/sandbox/api/backdate', {
    headers: { authorization: `Bearer ${token}` },
    data: { orderId, days: 31 },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** Pays for Spacey as a new buyer and sets the password from the thank-you screen; answers the licence's number. */
async function payAndSignInAtOnce(page: Page, buyer: string): Promise<number> {
  await page.goto('/purchase/Spacey');
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await payInSandboxPopup(page, buyer);
  await expect(page.getByTestId('message')).toHaveText('Thanks for your purchase.');
  const signIn = page.getByRole('button', { name: 'Sign in to your account' });
  await expect(signIn).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('account-claim')).toContainText(`The mail to ${buyer} holds the same step`);
  await expect(page.getByTestId('sign-in-way')).toContainText('The mail holds a link to set your password');
  await expectNoAxeViolations(page, 'the thank-you screen with the offer to sign in');

  await signIn.click();
  await expect(page).toHaveURL(/\/account\/confirm\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();
  await expect(page.getByText(`Choose a password for your account, ${buyer}.`)).toBeVisible();
  await expectNoAxeViolations(page, 'the set-password page');
  await page.getByLabel('Password', { exact: true }).fill('paying-tab-pass');
  await page.getByLabel('Repeat Password').fill('paying-tab-pass');
  await page.getByRole('button', { name: 'SET PASSWORD' }).click();
  await expect(page).toHaveURL(/\/userarea$/);

  const licence = page.getByRole('region', { name: 'Spacey', exact: true });
  await expect(licence.getByTestId('licence-status')).toHaveText('Active');
  const orders = page.getByRole('region', { name: 'Your orders' });
  await expect(orders.getByTestId('order-row')).toContainText('Spacey × 1');
  await expectNoAxeViolations(page, 'the customer area after signing in from the thank-you screen');
  return Number((await licence.getByTestId('licence-number').textContent())!.match(/#(\d+)/)![1]);
}

/** The owner sells the licence on (paid in the sandbox); their orders then say to whom and when. */
async function transferLicence(page: Page, request: APIRequestContext, owner: string, orderId: number): Promise<string> {
  await ageLicence(request, orderId);
  await page.goto('/userarea');
  await page.getByRole('region', { name: 'Spacey', exact: true }).getByRole('link', { name: 'Transfer License...' }).click();
  await expect(page.getByRole('heading', { name: 'Transfer License' })).toBeFocused();
  await expectNoAxeViolations(page, 'the transfer page');
  const newOwner = uniqueEmail('next-owner');
  await fillNewOwner(page, newOwner);
  await page.getByRole('button', { name: 'TRANSFER LICENSE' }).click();
  await payInSandboxPopup(page, owner);
  await expect(page.getByTestId('message')).toHaveText('Thanks for your purchase.');
  await expect(page.getByTestId('mailed-to')).toContainText('Your licence transfer is paid.', { timeout: 20_000 });
  // Signed in: no offer to sign in, the way to the licences instead.
  await expect(page.getByRole('button', { name: 'Sign in to your account' })).toHaveCount(0);

  await page.goto('/userarea');
  const orders = page.getByRole('region', { name: 'Your orders' });
  await expect(orders.getByTestId('order-transfer').first()).toContainText(`Spacey licence #${orderId} transferred to Grace Hopper on`);
  await expect(orders).not.toContainText('licensetransfer');
  await expectNoAxeViolations(page, 'the customer area after the transfer');
  return newOwner;
}

/** Staff see the purchase kept with its amount, the transfer as its own entry, and the order's detail. */
async function staffSeeOrder(browser: Browser, viewport: BrowserContextOptions, owner: string, newOwner: string, orderId: number) {
  const context = await browser.newContext(viewport);
  const page = await context.newPage();
  try {
    await logInThroughUi(page, 'admin', e2eAdminPassword);
    await page.goto('/admin/allorders');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    const transfers = page.getByRole('region', { name: 'Transfers' });
    const entry = transfers.getByRole('row').filter({ hasText: newOwner });
    await expect(entry).toContainText(owner);
    await expect(entry).toContainText('Spacey');
    await expect(entry).not.toContainText('none (by staff)');
    await expectNoAxeViolations(page, 'the orders screen with its transfers');

    await entry.getByRole('link', { name: String(orderId), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/allorders/${orderId}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Order ${orderId}` })).toBeVisible();
    await expect(page.getByTestId('order-licence')).toContainText(newOwner);
    await expect(page.getByTestId('order-buyer')).toContainText(`Paid by ${owner}`);
    await expect(page.getByTestId('order-items')).toContainText('Spacey');
    await expect(page.getByTestId('order-licences')).toContainText(`Order ${orderId}: Spacey, active`);
    await expect(page.getByTestId('order-transfers')).toContainText(`transferred from ${owner} to ${newOwner}`);
    await expect(page.getByTestId('order-events')).toContainText('order.completed');
    await expectNoAxeViolations(page, 'the order detail');
  } finally {
    await context.close();
  }
}

async function journey(page: Page, browser: Browser, request: APIRequestContext, viewport: BrowserContextOptions) {
  const buyer = uniqueEmail('paying-tab');
  const orderId = await payAndSignInAtOnce(page, buyer);
  const newOwner = await transferLicence(page, request, buyer, orderId);
  await staffSeeOrder(browser, viewport, buyer, newOwner, orderId);
}

test.describe('the paying tab signs in at once; staff see the order, desktop', () => {
  test('pay, set the password from the thank-you screen, sell on, and the order in the admin', async ({ page, browser, request }) => {
    test.setTimeout(150_000);
    await journey(page, browser, request, {});
  });
});

test.describe('the paying tab signs in at once; staff see the order, Pixel 7', () => {
  test.use(pixel7);
  test('pay, set the password from the thank-you screen, sell on, and the order in the admin', async ({ page, browser, request }) => {
    test.setTimeout(150_000);
    await journey(page, browser, request, pixel7);
  });
});
