import { devices, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../axe.js';
import { expect, payInSandboxPopup, refundInSandbox, registerThroughUi, sandboxBuyer, test, uniqueEmail } from '../fixtures.js';

// "Complete your bundle" in the sandbox (decisions 054 and 056): the demo's Studio Bundle holds Spacey, Punch and
// Tapewarm at USD 119.00; an owner of Spacey pays 119.00 less Spacey's share (49 of 157), USD 81.86.

// A device descriptor without its browser choice, which a describe block may not change (the config runs Chromium).
const { defaultBrowserType: _phoneBrowser, ...pixel7 } = devices['Pixel 7'];

/** Pays the bundle's quoted checkout: the reduced price, the address locked to the customer's; answers the order id. */
async function payBundleInSandboxPopup(page: Page, email: string): Promise<string> {
  const popup = page.frameLocator('#fsc-popup-frame');
  await expect(popup.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(popup.getByRole('row').filter({ hasText: 'Studio Bundle × 1' })).toContainText('USD 81.86');
  await expect(popup.getByRole('row').filter({ hasText: 'Includes' })).toHaveText('Includes Spacey, Punch and Tapewarm');
  await expect(popup.getByLabel('Email')).toHaveValue(email);
  await expect(popup.getByLabel('Email')).not.toBeEditable();
  await popup.getByLabel('First name').fill(sandboxBuyer.firstName);
  await popup.getByLabel('Last name').fill(sandboxBuyer.lastName);
  const paid = page.waitForResponse((response) => response.url().endsWith('/sandbox/api/pay'));
  await popup.getByRole('button', { name: 'Pay' }).click();
  const answer = await paid;
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { id: string }).id;
}

async function completeTheBundle(page: Page, request: APIRequestContext): Promise<void> {
  const email = uniqueEmail('bundle');

  // A new buyer buys Spacey alone, then makes an account.
  await page.goto('/products/spacey');
  await page.getByRole('button', { name: 'Buy Spacey' }).click();
  await page.getByRole('dialog', { name: 'Cart' }).getByRole('button', { name: 'Checkout' }).click();
  await payInSandboxPopup(page, email);
  await expect(page.getByTestId('message')).toHaveText('Thanks for your purchase.');
  await registerThroughUi(page, email);
  await expect(page.getByRole('region', { name: 'Spacey', exact: true }).getByTestId('licence-status')).toHaveText('Active');

  // The account offers the rest of the bundle; its page shows what it holds, its price, and the owner's price.
  const accountOffer = page.getByRole('region', { name: 'Complete your bundle' }).getByTestId('bundle-offer');
  await expect(accountOffer.getByTestId('offer-price')).toHaveText('USD 81.86');
  await page.goto('/products/studio-bundle');
  await expect(page.getByRole('heading', { level: 1, name: 'Studio Bundle' })).toBeVisible();
  const contents = page.getByRole('main').getByRole('list').filter({ hasText: 'on its own' });
  for (const name of ['Spacey', 'Punch', 'Tapewarm']) await expect(contents.getByRole('link', { name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy Studio Bundle' })).toBeVisible();
  const panel = page.getByRole('complementary', { name: 'Your bundle' });
  const offer = panel.getByTestId('bundle-offer');
  await expect(offer.getByTestId('offer-title')).toHaveText('Complete your bundle');
  await expect(offer.getByTestId('offer-price')).toHaveText('USD 81.86');
  await expect(offer.getByTestId('normal-price')).toHaveText('USD 119.00');
  await expect(offer).toContainText('you get Punch and Tapewarm');
  await expectNoAxeViolations(page, 'the bundle page with the owner’s price');

  // Bought at that price: licences of Punch and Tapewarm only, no second Spacey; the order shows the bundle.
  await offer.getByRole('button', { name: 'Complete your bundle for USD 81.86' }).click();
  const bundleOrderId = await payBundleInSandboxPopup(page, email);
  await expect(page.getByTestId('message')).toHaveText('Thanks for your purchase.');
  await page.goto('/userarea');
  for (const name of ['Spacey', 'Punch', 'Tapewarm']) {
    await expect(page.getByRole('region', { name, exact: true })).toHaveCount(1);
    await expect(page.getByRole('region', { name, exact: true }).getByTestId('licence-status')).toHaveText('Active');
  }
  const bundleLine = page.getByTestId('order-bundle');
  await expect(bundleLine).toContainText('Studio Bundle × 1 USD 81.86');
  const bundleLicences = bundleLine.getByTestId('order-licence');
  await expect(bundleLicences).toHaveText([/^Punch \(licence #\d+, active\)$/, /^Tapewarm \(licence #\d+, active\)$/]);
  await expect(page.getByRole('region', { name: 'Complete your bundle' })).toHaveCount(0);

  // Owning all of it, the bundle's page says so.
  await page.goto('/products/studio-bundle');
  await expect(page.getByTestId('bundle-complete')).toHaveText('You own everything in the Studio Bundle: Spacey, Punch and Tapewarm.');

  // Refunded through the sandbox: the bundle's licences are refunded, the first purchase stays active.
  await refundInSandbox(request, bundleOrderId);
  await page.goto('/userarea');
  await expect(bundleLicences).toHaveText([/^Punch \(licence #\d+, refunded\)$/, /^Tapewarm \(licence #\d+, refunded\)$/]);
  await expect(page.getByRole('region', { name: 'Spacey', exact: true }).getByTestId('licence-status')).toHaveText('Active');
  await expect(page.getByRole('region', { name: 'Punch', exact: true })).toHaveCount(0);
  await expect(accountOffer.getByTestId('offer-price')).toHaveText('USD 81.86');
}

test.describe('complete your bundle, desktop', () => {
  test('an owner of Spacey completes the Studio Bundle at their price, and its refund keeps Spacey', async ({ page, request }) => {
    test.setTimeout(120_000);
    await completeTheBundle(page, request);
  });
});

test.describe('complete your bundle, Pixel 7', () => {
  test.use(pixel7);
  test('an owner of Spacey completes the Studio Bundle at their price, and its refund keeps Spacey', async ({ page, request }) => {
    test.setTimeout(120_000);
    await completeTheBundle(page, request);
  });
});
