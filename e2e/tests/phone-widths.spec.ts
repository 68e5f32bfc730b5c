import type { Page } from '@playwright/test';
import { e2eAdminPassword } from '../playwright.config.js';
import { expect, logInThroughUi, test, uniqueEmail } from '../fixtures.js';

// Screens that scrolled sideways on a 375 px phone (outside test 2026-11-29, browser finding 6).
test.use({ viewport: { width: 375, height: 740 } });

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('the login page fits a 375 px phone', async ({ page }) => {
  await page.goto('/login/');
  await expect(page.getByRole('region', { name: 'Register' }).getByRole('button', { name: 'REGISTER' })).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(375);
});

test("Spacey's product editor, with its installers, and the staff list fit a 375 px phone", async ({ page }) => {
  await logInThroughUi(page, 'admin', e2eAdminPassword);
  await page.goto('/admin/products');
  const products = page.getByRole('table', { name: 'Products' });
  await products.getByRole('searchbox', { name: 'Filter name' }).fill('Spacey');
  await products
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'Spacey', exact: true }) })
    .getByRole('link', { name: 'EDIT' })
    .click();
  await expect(page.getByRole('heading', { name: 'Edit Product Spacey', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: /spacey-1\.2\.0-linux\.zip/ })).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(375);

  await page.goto('/admin/staff');
  const helper = uniqueEmail('helper');
  await page.getByRole('form', { name: 'Add staff' }).getByLabel('Email').fill(helper);
  await page.getByRole('button', { name: 'ADD STAFF' }).click();
  await expect(page.getByRole('row').filter({ hasText: helper })).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(375);
});
