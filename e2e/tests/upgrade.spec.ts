import type { APIRequestContext, Page } from '@playwright/test';
import { e2eAdminPassword } from '../playwright.config.js';
import { expect, payInSandboxPopup, registerThroughUi, sandboxBuyer, test, uniqueEmail } from '../fixtures.js';

/** Refunds an order the way the sandbox's administrator does: its `return.created`, signed, to the real webhook. */
async function refundInSandbox(request: APIRequestContext, providerOrderId: string): Promise<void> {
  const login = await request.post('/api/login/', { data: { username: 'admin', password: e2eAdminPassword } });
  const { token } = (await login.json()) as { token: string };
  const answer = await request.post('/sandbox/api/replay', {
    headers: { authorization: `Bearer ${token}` },
    data: { orderId: providerOrderId, kind: 'return' },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  expect(((await answer.json()) as { status: number }).status).toBe(200);
}

/** Pays an upgrade's checkout: the address is the customer's, locked by the secure session; answers the order id. */
async function payUpgradeInSandboxPopup(page: Page, email: string): Promise<string> {
  const popup = page.frameLocator('#fsc-popup-frame');
  await expect(popup.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  // The currency as the site writes it (decision 061).
  await expect(popup.getByRole('row').filter({ hasText: 'Spacey 2 × 1' })).toContainText('USD 29.00');
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

test('a customer upgrades Spacey to Spacey 2 at their price, and the refund reverts it', async ({ page, request }) => {
  const email = uniqueEmail('upgrade');

  // Spacey bought in the sandbox; its page says that Spacey 2 is out.
  await page.goto('/products/spacey');
  await expect(page.getByTestId('successor-note')).toContainText('Spacey 2 is out.');
  await page.getByRole('button', { name: 'Buy Spacey' }).click();
  await page.getByRole('dialog', { name: 'Cart' }).getByRole('button', { name: 'Checkout' }).click();
  await payInSandboxPopup(page, email);
  await expect(page.getByTestId('message')).toHaveText('Thanks for your purchase.');
  await registerThroughUi(page, email);

  // The account offers the upgrade at the customer's price, beside the normal one.
  const upgrades = page.getByRole('region', { name: 'Upgrades for you' });
  const offer = upgrades.getByTestId('offer').filter({ hasText: 'Upgrade to Spacey 2' });
  await expect(offer.getByTestId('offer-price')).toHaveText('USD 29.00');
  await expect(offer.getByTestId('normal-price')).toHaveText('USD 99.00');

  // So does Spacey 2's page, reached from Spacey's.
  await page.goto('/products/spacey');
  await page.getByTestId('successor-note').getByRole('link', { name: 'See what is new' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Spacey 2' })).toBeVisible();
  const panel = page.getByRole('complementary', { name: 'Upgrades' });
  await expect(panel.getByTestId('offer-title')).toHaveText('Upgrade to Spacey 2');
  await expect(panel.getByTestId('offer-price')).toHaveText('USD 29.00');
  await expect(panel.getByTestId('normal-price')).toHaveText('USD 99.00');

  // Bought at that price: the version-2 licence, and version 1 shown as upgraded (and no longer transferable).
  await panel.getByRole('button', { name: 'Upgrade to Spacey 2' }).click();
  const upgradeOrderId = await payUpgradeInSandboxPopup(page, email);
  await expect(page.getByTestId('message')).toHaveText('Thanks for your purchase.');
  await page.goto('/userarea');
  const versionTwo = page.getByRole('region', { name: 'Spacey 2', exact: true });
  await expect(versionTwo.getByTestId('licence-covers')).toHaveText('Spacey and Spacey 2 (upgraded from your Spacey licence)');
  const versionOne = page.getByRole('region', { name: 'Spacey', exact: true });
  await expect(versionOne.getByTestId('licence-upgraded-to')).toContainText('Upgraded to Spacey 2.');
  await expect(page.getByRole('region', { name: 'Upgrades for you' })).toHaveCount(0);

  // Refunded: the version-2 licence is gone, version 1 is no longer upgraded, and the upgrade is offered again.
  await refundInSandbox(request, upgradeOrderId);
  await page.reload();
  await expect(versionOne.getByTestId('licence-status')).toHaveText('Active');
  await expect(versionTwo).toHaveCount(0);
  await expect(versionOne.getByTestId('licence-upgraded-to')).toHaveCount(0);
  await expect(upgrades.getByTestId('offer').filter({ hasText: 'Upgrade to Spacey 2' })).toBeVisible();
});
