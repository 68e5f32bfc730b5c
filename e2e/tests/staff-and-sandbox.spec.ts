import { devices, type APIRequestContext, type Page } from '@playwright/test';
import { adminApi } from '../admin-helpers.js';
import { expectNoAxeViolations } from '../axe.js';
import { expect, logInThroughUi, payInSandboxPopup, test, uniqueEmail } from '../fixtures.js';
import { e2eAdminPassword } from '../playwright.config.js';

// Issue 29 points 6, 7 and 10 (decision 061): the sandbox's checkout with its country list and tax by country, the
// back office's side navigation and width rule, and a person's timeline; on a desktop and on a phone, with axe run
// on every screen shown. Logins: one administrator's API login and one through the login page per run.

const { defaultBrowserType: _phoneBrowser, ...pixel7 } = devices['Pixel 7'];

/** Buys Spacey as a new buyer paying from Germany: the popup shows the currency, the country list and its tax. */
async function buyFromGermany(page: Page, buyer: string): Promise<void> {
  await page.goto('/purchase/Spacey');
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.getByRole('button', { name: 'Checkout' }).click();
  const popup = page.frameLocator('#fsc-popup-frame');
  await expect(popup.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(popup.getByText('Prices in USD')).toBeVisible();
  const country = popup.getByLabel('Country');
  // The default country is the United States: no sales tax on digital goods in the sandbox, never 20 % VAT.
  await expect(country).toHaveValue('US');
  const summary = popup.getByRole('table', { name: 'Order summary' });
  await expect(summary.getByRole('row', { name: 'Sales tax (United States, digital goods) USD 0.00' })).toBeVisible();
  await expect(summary.getByRole('row', { name: 'Total USD 49.00' })).toBeVisible();
  await country.selectOption({ label: 'Germany' });
  await expect(summary.getByRole('row', { name: 'VAT 19% (Germany) USD 9.31' })).toBeVisible();
  await expect(summary.getByRole('row', { name: 'Total USD 58.31' })).toBeVisible();
  await expect(summary.getByRole('row', { name: /Sales tax/ })).toBeHidden();
  const frame = page.frame({ url: /\/sandbox\/popup/ });
  expect(frame).not.toBeNull();
  await expectNoAxeViolations(frame!, 'the sandbox checkout popup');
  await payInSandboxPopup(page, buyer);
  await expect(page.getByTestId('message')).toHaveText('Thanks for your purchase.');
}

/** The order the popup showed is the order the webhook made: tax and total of Germany. */
async function expectChargedAsShown(request: APIRequestContext, buyer: string): Promise<number> {
  const api = adminApi(request);
  const admin = await api;
  const personId = await admin.personIdOf(buyer);
  const [licence] = await admin.ordersOf(personId);
  const purchase = await request.get(`/api/order/${licence!.id}/purchase`, { headers: await admin.headers() });
  expect(purchase.ok()).toBe(true);
  expect(await purchase.json()).toMatchObject({ currency: 'USD', tax: 9.31, total: 58.31 });
  return personId;
}

/** On wide screens the side navigation; on a phone the ADMIN dropdown alone, behind the navbar's toggle. */
async function openPersons(page: Page, isPhone: boolean): Promise<void> {
  const sideNav = page.getByRole('navigation', { name: 'Back office' });
  if (isPhone) {
    await expect(sideNav).toBeHidden();
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.getByRole('button', { name: 'ADMIN' }).click();
    await page.getByLabel('ADMIN').getByRole('link', { name: 'PERSONS', exact: true }).click();
  } else {
    await expect(sideNav).toBeVisible();
    for (const group of ['Sales', 'Customers', 'Catalogue', 'System'])
      await expect(sideNav.getByText(group, { exact: true })).toBeVisible();
    await expect(sideNav.getByRole('link', { name: 'DASHBOARD' })).toHaveAttribute('aria-current', 'page');
    await sideNav.getByRole('link', { name: 'PERSONS', exact: true }).click();
    await expect(sideNav.getByRole('link', { name: 'PERSONS', exact: true })).toHaveAttribute('aria-current', 'page');
  }
  await expect(page).toHaveURL(/\/admin\/persons$/);
  await expect(page.getByRole('heading', { name: 'Persons', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, 'the persons');
}

/** The orders list at 1280 px: no sideways scrolling of the page or the table, Status in view. */
async function ordersAt1280(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/allorders');
  const orders = page.getByRole('table', { name: 'Orders' });
  await expect(orders.getByRole('row').nth(1)).toBeVisible();
  const status = orders.getByRole('columnheader', { name: /Status/ });
  const box = await status.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(1280);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  const wrapper = page.locator('.table-responsive').first();
  expect(await wrapper.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await expectNoAxeViolations(page, 'the orders at 1280 px');
}

/** The person's screen: the timeline, newest first, with the purchase, the licence and the mail. */
async function personTimeline(page: Page, personId: number): Promise<void> {
  await page.goto(`/admin/person/${personId}`);
  const timeline = page.getByTestId('person-timeline');
  await expect(page.getByRole('heading', { name: 'Timeline' })).toBeVisible();
  await expect(timeline.getByText(/^Purchase SBX\d{6}-\d{4}-\d{5}$/)).toBeVisible();
  await expect(timeline.getByText(/^Licence issued: Spacey \(licence \d+\)$/)).toBeVisible();
  await expect(timeline.getByText(/^Mail: /).first()).toBeVisible();
  const times = await timeline
    .locator('time')
    .evaluateAll((elements) => elements.map((element) => Date.parse(element.getAttribute('datetime') ?? '')));
  expect(times).toEqual([...times].sort((a, b) => b - a));
  await expectNoAxeViolations(page, 'the person with the timeline');
}

async function staffJourney(page: Page, request: APIRequestContext, isPhone: boolean): Promise<void> {
  const buyer = uniqueEmail('timeline');
  await buyFromGermany(page, buyer);
  const personId = await expectChargedAsShown(request, buyer);

  await logInThroughUi(page, 'admin', e2eAdminPassword);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expectNoAxeViolations(page, 'the dashboard');
  await openPersons(page, isPhone);
  await personTimeline(page, personId);
  if (!isPhone) await ordersAt1280(page);
}

test.describe('staff and the sandbox checkout, desktop', () => {
  test('country tax in the popup, side navigation, orders at 1280 px and the person timeline', async ({ page, request }) => {
    test.setTimeout(120_000);
    await staffJourney(page, request, false);
  });
});

test.describe('staff and the sandbox checkout, Pixel 7', () => {
  test.use(pixel7);
  test('country tax in the popup, the ADMIN dropdown and the person timeline', async ({ page, request }) => {
    test.setTimeout(120_000);
    await staffJourney(page, request, true);
  });
});
