import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../axe.js';
import { buySpaceyUpgradeInSandbox, expect, logInThroughUi, test, uniqueEmail } from '../fixtures.js';
import { e2eAdminPassword } from '../playwright.config.js';

// ADMIN → BUNDLES and the dashboard's upgrades (decision 057). Logins: one of the administrator through the login
// page, and one through the API (the mailbox, for the customer's confirmation link).

const openAdminMenuEntry = async (page: Page, entry: string) => {
  await page.getByRole('button', { name: 'ADMIN' }).click();
  await page.getByLabel('ADMIN').getByRole('link', { name: entry, exact: true }).click();
};

test('the administrator makes, edits and deletes a bundle, and sees the upgrades sold per path', async ({ page }) => {
  // A customer upgrades Spacey to Spacey 2 in the sandbox, then leaves.
  const email = uniqueEmail('bundles-upgrade');
  await buySpaceyUpgradeInSandbox(page, email);
  await page.getByRole('link', { name: 'LOGOUT' }).click();
  await logInThroughUi(page, 'admin', e2eAdminPassword);

  // A new bundle of two products with its price.
  const name = `Duo ${Date.now().toString(36)}`;
  await openAdminMenuEntry(page, 'BUNDLES');
  await expect(page).toHaveURL(/\/admin\/bundles$/);
  await expect(page.getByRole('heading', { name: 'Bundles', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'NEW BUNDLE' }).click();
  const form = page.getByRole('form', { name: 'Bundle' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Holds').selectOption([{ label: 'Punch' }, { label: 'Tapewarm' }]);
  await form.getByLabel('Prices (one a line, e.g. USD 99.00)').fill('USD 39');
  await expectNoAxeViolations(page, 'the bundle editor');
  await form.getByRole('button', { name: 'SAVE BUNDLE' }).click();
  await expect(form.getByRole('status')).toHaveText('Bundle saved.');
  await expect(page).toHaveURL(/\/admin\/bundle\/\d+$/);
  const bundleId = /\/admin\/bundle\/(\d+)$/.exec(page.url())![1]!;
  const path = name.toLowerCase().replace(' ', '-');
  await expect(form.getByLabel('FastSpring path')).toHaveValue(path);

  // Its rule edited: a fixed price for an owner of one of the two.
  await openAdminMenuEntry(page, 'BUNDLES');
  const row = page.getByRole('table', { name: 'Bundles' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Punch, Tapewarm');
  await expect(row).toContainText('USD 39.00');
  await expect(row).toContainText('Owned share');
  await expectNoAxeViolations(page, 'the bundles list');
  await row.getByRole('link', { name: 'EDIT' }).click();
  await form.getByLabel('Complete your bundle').selectOption('fixed');
  await form.getByLabel('Prices by count owned (one a line, e.g. 1 USD 69.00)').fill('1 USD 25');
  await form.getByRole('button', { name: 'SAVE BUNDLE' }).click();
  await expect(form.getByRole('status')).toHaveText('Bundle saved.');
  await openAdminMenuEntry(page, 'BUNDLES');
  await expect(row).toContainText('Fixed per count');

  // The audit log has the product made for it, the bundle's creation and its change.
  await openAdminMenuEntry(page, 'AUDIT LOG');
  const log = page.getByRole('table', { name: 'Audit log' });
  /** The audit log's rows of this action on this kind of record. */
  const entries = (action: string, record: string) =>
    log
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: action, exact: true }) })
      .filter({ has: page.getByRole('cell', { name: record, exact: true }) });
  await log.getByRole('searchbox', { name: 'Filter Record id' }).fill(bundleId);
  await expect(entries('create', 'bundle')).toHaveCount(1);
  await expect(entries('update', 'bundle')).toContainText('"rule": "fixed"');
  await expect(entries('create', 'product')).toContainText(path);

  // Deleted only once confirmed.
  await openAdminMenuEntry(page, 'BUNDLES');
  const questions: string[] = [];
  page.once('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await row.getByRole('button', { name: `Delete bundle ${name}` }).click();
  await expect.poll(() => questions).toEqual([expect.stringMatching(new RegExp(`^Delete the bundle ${name}\\?`))]);
  await expect(row).toBeVisible();
  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: `Delete bundle ${name}` }).click();
  await expect(row).toHaveCount(0);
  await openAdminMenuEntry(page, 'AUDIT LOG');
  await log.getByRole('searchbox', { name: 'Filter Record id' }).fill(bundleId);
  await expect(entries('delete', 'bundle')).toHaveCount(1);

  // The dashboard reports the upgrade per path, and the orders list shows it as what it is.
  await openAdminMenuEntry(page, 'DASHBOARD');
  const report = page.getByRole('region', { name: 'Upgrades, crossgrades and bundles' });
  const pathRow = report.getByRole('table', { name: 'Upgrades sold per path' }).getByRole('row').filter({ hasText: 'Spacey → Spacey 2' });
  await expect(pathRow.filter({ hasText: 'USD' })).toContainText('USD 29.00');
  await expect(report.getByRole('table', { name: 'Sold by kind' }).getByRole('row').filter({ hasText: 'Upgrades' }).first()).toBeVisible();
  await expectNoAxeViolations(page, 'the dashboard with the upgrades report');
  await openAdminMenuEntry(page, 'ORDERS');
  const orders = page.getByRole('table', { name: 'Orders' });
  await orders.getByRole('searchbox', { name: 'Filter Person' }).fill(email);
  await expect(orders.getByRole('row').filter({ hasText: 'Spacey 2' })).toContainText('Upgrade from Spacey');
  await expectNoAxeViolations(page, 'the orders list with kinds');
});
