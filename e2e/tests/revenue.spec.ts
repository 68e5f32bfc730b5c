import type { Browser, Page } from '@playwright/test';
import { e2eAdminPassword } from '../playwright.config.js';
import { expect, logInThroughUi, payInSandboxPopup, test, uniqueEmail } from '../fixtures.js';

/** The administrator in a browser of its own, beside the buyer's. */
async function openAdmin(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInThroughUi(page, 'admin', e2eAdminPassword);
  return { page, close: () => context.close() };
}

/** A card of the dashboard's totals ("Revenue", "Net revenue", ...), by its exact title. */
const totalsCard = (page: Page, title: string) =>
  page
    .getByLabel('Totals', { exact: true })
    .locator('dt', { hasText: new RegExp(`^${title}$`) })
    .locator('xpath=following-sibling::dd');

/** The USD amount a totals card shows, in cents ("USD 1,234.50 · EUR 9.00" → 123450; "–" → 0). */
async function usdCentsOf(page: Page, title: string): Promise<number> {
  const text = (await totalsCard(page, title).textContent()) ?? '';
  const amount = /USD ([\d,]+\.\d{2})/.exec(text)?.[1];
  return amount === undefined ? 0 : Math.round(Number(amount.replaceAll(',', '')) * 100);
}

const usd = (cents: number) => `USD ${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test.describe('revenue', () => {
  test("a new buyer's three products show on the admin dashboard at once, per currency, and in the orders list", async ({
    page,
    browser,
  }) => {
    const admin = await openAdmin(browser);
    await admin.page.goto('/admin/dashboard');
    await expect(admin.page.getByLabel('Totals', { exact: true })).toBeVisible();
    const revenueBefore = await usdCentsOf(admin.page, 'Revenue');
    const netBefore = await usdCentsOf(admin.page, 'Net revenue');

    // A new buyer puts three products in the cart and pays in the sandbox's checkout.
    const buyer = uniqueEmail('revenue');
    await page.goto('/');
    const cards = page.locator('.content-page .card');
    const cart = page.getByRole('dialog', { name: 'Cart' });
    for (const [index, product] of ['Spacey', 'Punch', 'Tapewarm'].entries()) {
      await cards.filter({ hasText: product }).getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByTestId('cart-count')).toHaveText(String(index + 1));
      await expect(cart).toBeVisible();
      if (index < 2) {
        await page.keyboard.press('Escape');
        await expect(cart).toBeHidden();
      }
    }
    await expect(cart.getByTestId('cart-item')).toHaveCount(3);
    await cart.getByRole('button', { name: 'Checkout' }).click();
    await payInSandboxPopup(page, buyer);
    await expect(page.getByTestId('message')).toHaveText('Thanks for your purchase.');

    // Spacey 49.00, Punch 79.00, Tapewarm 29.00 less its 20 %: 23.20. Tax is not revenue.
    const paid = 4900 + 7900 + 2320;
    await admin.page.goto('/admin/dashboard');
    await expect(totalsCard(admin.page, 'Revenue')).toContainText(usd(revenueBefore + paid));
    await expect(totalsCard(admin.page, 'Net revenue')).toContainText(usd(netBefore + paid));
    const products = admin.page.getByRole('table', { name: 'Products' });
    for (const product of ['Spacey', 'Punch', 'Tapewarm']) {
      const row = products.getByRole('row').filter({ has: admin.page.getByRole('cell', { name: product, exact: true }) });
      await expect(row.filter({ has: admin.page.getByRole('cell', { name: 'USD', exact: true }) })).toHaveCount(1);
    }

    // The orders list: each licence with what it was paid, in its currency.
    await admin.page.goto('/admin/allorders');
    const orders = admin.page.getByRole('table', { name: 'Orders' });
    await orders.getByRole('searchbox', { name: 'Filter Person' }).fill(buyer);
    await expect(orders.getByRole('row')).toHaveCount(4);
    for (const [product, amount] of [
      ['Spacey', '49.00'],
      ['Punch', '79.00'],
      ['Tapewarm', '23.20'],
    ] as const) {
      const row = orders.getByRole('row').filter({ hasText: product });
      await expect(row).toHaveCount(1);
      await expect(row.getByRole('cell')).toContainText([buyer, product, amount, 'USD', 'FastSpring', 'active']);
    }
    await admin.close();
  });
});
