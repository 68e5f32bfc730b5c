import { expect, payInSandboxPopup, payUpgradeInSandboxPopup, refundInSandbox, registerThroughUi, test, uniqueEmail } from '../fixtures.js';

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
