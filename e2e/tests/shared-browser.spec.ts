import type { Page } from '@playwright/test';
import { expect, payInSandboxPopup, registerThroughUi, test, uniqueEmail } from '../fixtures.js';

const cartPanel = (page: Page) => page.getByRole('dialog', { name: 'Cart' });
const shopPrice = (page: Page, product: string) => page.locator(`.content-page shop-price[product="${product}"]`).first();

/** What the next person at the same browser meets (review 2026-11-28 of the web client, findings 4 and 12). */
test.describe('a browser used after a purchase', () => {
  test('Back from the thanks of a direct checkout does not open the payment popup again', async ({ page }) => {
    await page.goto('/');
    await page.goto('/directurlcheckout/spacey/NOCODE');
    await payInSandboxPopup(page, uniqueEmail('direct-back'));
    await expect(page.getByTestId('message')).toHaveText('Thanks for your purchase.');

    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Checkout' })).toHaveCount(0);
    await expect(page.locator('#fsc-popup-frame')).toHaveCount(0);
  });

  test("keeps no customer's loyalty code in the cart after LOGOUT", async ({ page }) => {
    const email = uniqueEmail('loyal');
    await page.goto('/products/spacey');
    await page.getByRole('button', { name: 'Buy Spacey' }).click();
    await cartPanel(page).getByRole('button', { name: 'Checkout' }).click();
    await payInSandboxPopup(page, email);
    await expect(page.getByTestId('message')).toHaveText('Thanks for your purchase.');

    // The owner of a licence opens the customer area: their code applies to the shop's prices.
    await registerThroughUi(page, email);
    const code = (await page.getByTestId('loyalty-code').textContent()) ?? '';
    expect(code).toMatch(/\S{6,}/);
    await page.getByRole('navigation').getByRole('link', { name: 'PRODUCTS', exact: true }).click();
    await expect(shopPrice(page, 'punch')).toContainText('15 % OFF');

    await page.getByRole('link', { name: 'LOGOUT' }).click();
    await page.goto('/products/punch');
    await expect(shopPrice(page, 'punch')).toHaveText('USD 79.00 + VAT');
    await page.getByRole('button', { name: 'Buy Punch' }).click();
    await expect(cartPanel(page).getByTestId('cart-item')).toContainText('Punch');
    await expect(cartPanel(page)).not.toContainText(code);
  });
});
