import type { Page } from '@playwright/test';
import { decryptKeyFile } from '../../apps/server/src/licensing/juce-key-file.js';
import { adminApi } from '../admin-helpers.js';
import { expect, payInSandboxPopup, registerThroughUi, sandboxBuyer, test, uniqueEmail } from '../fixtures.js';

type Licence = { name: string; useRsa2048: boolean; serialNew: string; serial2048: string; orderId: number };

const cartCount = (page: Page) => page.getByTestId('cart-count');
const cartPanel = (page: Page) => page.getByRole('dialog', { name: 'Cart' });
const shopPrice = (page: Page, product: string) => page.locator(`.content-page shop-price[product="${product}"]`).first();

/** The signed-in customer's licences, asked by the page itself with its stored token. */
const licencesInBrowser = (page: Page): Promise<Licence[]> =>
  page.evaluate(async () => {
    const { token } = JSON.parse(window.localStorage.getItem('currentUser') ?? '{}') as { token?: string };
    const response = await fetch('/api/userinfo/products', { headers: { authorization: `Bearer ${token}` } });
    return (await response.json()) as Licence[];
  });

test.describe('shop', () => {
  test('a visitor buys Spacey in the sandbox popup and the webhook creates the licence', async ({ page, request }) => {
    const email = uniqueEmail('shopper');
    await page.goto('/products/spacey');
    await expect(shopPrice(page, 'spacey')).toHaveText('USD 49.00 + VAT');
    await expect(cartCount(page)).toHaveText('0');

    await page.getByRole('button', { name: 'Buy Spacey' }).click();
    await expect(cartCount(page)).toHaveText('1');
    // Adding to the cart opens it.
    const cart = cartPanel(page);
    await expect(cart).toBeVisible();
    const item = cart.getByTestId('cart-item');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Spacey');
    await expect(item).toContainText('USD 49.00');
    await expect(cart.getByTestId('cart-tax')).toHaveText(/VAT\s*20%\s*USD 9\.80/);
    await expect(cart.getByTestId('cart-total')).toHaveText(/Total\s*USD 58\.80/);

    await cart.getByRole('button', { name: 'Checkout' }).click();
    await expect(cart).toBeHidden();
    await payInSandboxPopup(page, email);
    await expect(page).toHaveURL(/\/messageview$/);
    await expect(page.getByTestId('message')).toHaveText('Thanks for your purchase.');
    await expect(page.locator('#fsc-popup-frame')).toHaveCount(0);
    // The script starts a new, empty cart after a purchase.
    await expect(cartCount(page)).toHaveText('0');

    // The webhook made the buyer a person with a licence: registering with that address shows it.
    await registerThroughUi(page, email);
    const licences = await licencesInBrowser(page);
    expect(licences).toHaveLength(1);
    const [licence] = licences;
    expect(licence?.name).toBe('Spacey');
    expect(licence?.useRsa2048).toBe(true);
    // The order history lists the purchase by FastSpring's reference, with its licence.
    const order = page.getByTestId('order-row');
    await expect(order).toHaveCount(1);
    await expect(order).toContainText(/SBX\w*/);
    await expect(order).toContainText(`Spacey (licence #${licence?.orderId}, active)`);

    // Both key files decrypt with Spacey's public keys, as the plug-in reads them, and name the buyer.
    const spacey = await (await adminApi(request)).productNamed('Spacey');
    expect(spacey.useRsa2048).toBe(true);
    const owner = { email, user: sandboxBuyer.fullName, app: 'Spacey' };
    expect(decryptKeyFile(licence!.serial2048, spacey.publicKey2048 ?? '')).toMatchObject(owner);
    expect(decryptKeyFile(licence!.serialNew, spacey.publicKey)).toMatchObject(owner);

    // An owner of a licence is offered the loyalty discount, which then applies to the shop's prices.
    await expect(page.getByText('Get 15% loyalty discount on all products now')).toBeVisible();
    await page.getByRole('navigation').getByRole('link', { name: 'PRODUCTS', exact: true }).click();
    await expect(shopPrice(page, 'punch')).toContainText('15 % OFF');
    await expect(shopPrice(page, 'punch').locator('s')).toHaveText('USD 79.00');
    await expect(shopPrice(page, 'punch')).toContainText('USD 67.15 + VAT');
  });

  test('a discounted product shows the struck price and the discount', async ({ page }) => {
    await page.goto('/products/tapewarm');
    const price = shopPrice(page, 'tapewarm');
    await expect(price).toContainText('USD 23.20 + VAT');
    await expect(price.locator('s')).toHaveText('USD 29.00');
    await expect(price).toContainText('20 % OFF');
    // Undiscounted products on the home page show their plain price.
    await page.getByRole('navigation').getByRole('link', { name: 'HOME', exact: true }).click();
    await expect(shopPrice(page, 'punch')).toHaveText('USD 79.00 + VAT');
    await expect(shopPrice(page, 'tapewarm')).toContainText('20 % OFF');
  });

  test('the cart removes items and says when it is empty', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('cart-button').click();
    await expect(cartPanel(page).getByText('Your cart is empty')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(cartPanel(page)).toBeHidden();

    const cards = page.locator('.content-page .card');
    await cards.filter({ hasText: 'Spacey' }).getByRole('button', { name: 'Add to cart' }).click();
    await expect(cartCount(page)).toHaveText('1');
    await expect(cartPanel(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(cartPanel(page)).toBeHidden();
    await cards.filter({ hasText: 'Punch' }).getByRole('button', { name: 'Add to cart' }).click();
    await expect(cartCount(page)).toHaveText('2');

    const cart = cartPanel(page);
    await expect(cart).toBeVisible();
    await expect(cart.getByTestId('cart-item')).toHaveCount(2);
    await cart.getByRole('button', { name: 'Remove Spacey' }).click();
    await expect(cart.getByTestId('cart-item')).toHaveCount(1);
    await expect(cartCount(page)).toHaveText('1');
    await cart.getByRole('button', { name: 'Remove Punch' }).click();
    await expect(cart.getByText('Your cart is empty')).toBeVisible();
    await expect(cart.getByRole('button', { name: 'Checkout' })).toHaveCount(0);
    await expect(cartCount(page)).toHaveText('0');
  });

  test('closing the checkout without paying keeps the cart, also after a reload; paying empties it', async ({ page }) => {
    const cartButton = (count: string) => page.getByRole('button', { name: `Cart, ${count}` });
    await page.goto('/');
    const cards = page.locator('.content-page .card');
    await cards.filter({ hasText: 'Spacey' }).getByRole('button', { name: 'Add to cart' }).click();
    await expect(cartButton('1 item')).toBeAttached();
    // Adding opens the cart; closed before the next item is added.
    await expect(cartPanel(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(cartPanel(page)).toBeHidden();
    await cards.filter({ hasText: 'Punch' }).getByRole('button', { name: 'Add to cart' }).click();
    await expect(cartButton('2 items')).toBeAttached();

    // The payment popup closed with ×: no order, so the cart keeps both items.
    await cartPanel(page).getByRole('button', { name: 'Checkout' }).click();
    const popup = page.frameLocator('#fsc-popup-frame');
    await expect(popup.getByText('Punch × 1')).toBeVisible();
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(page.locator('#fsc-popup-frame')).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    await expect(cartButton('2 items')).toBeVisible();
    await page.reload();
    await expect(cartButton('2 items')).toBeVisible();

    // A completed order empties it, for good.
    await cartButton('2 items').click();
    await expect(cartPanel(page).getByTestId('cart-item')).toHaveCount(2);
    await cartPanel(page).getByRole('button', { name: 'Checkout' }).click();
    await payInSandboxPopup(page, uniqueEmail('kept-cart'));
    await expect(page.getByTestId('message')).toHaveText('Thanks for your purchase.');
    await expect(cartButton('0 items')).toBeVisible();
    await page.goto('/');
    await expect(shopPrice(page, 'spacey')).toHaveText('USD 49.00 + VAT');
    await expect(cartButton('0 items')).toBeVisible();
  });

  test('the cart survives the navbar switching between its wide and narrow layouts', async ({ page }) => {
    await page.goto('/products/punch');
    await page.getByRole('button', { name: 'Buy Punch' }).click();
    await expect(cartCount(page)).toHaveText('1');
    await expect(cartPanel(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(cartPanel(page)).toBeHidden();
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(page.getByRole('button', { name: /toggle navigation/i })).toBeVisible();
    await expect(cartCount(page)).toHaveText('1');
    await page.getByTestId('cart-button').click();
    await expect(cartPanel(page).getByTestId('cart-item')).toContainText('Punch');
  });

  test('the purchase page keeps the product in the cart; a direct checkout opens the popup with the coupon', async ({ page }) => {
    await page.goto('/purchase/Punch');
    await expect(page.getByRole('heading', { name: 'Buy Punch' })).toBeVisible();
    await expect(cartCount(page)).toHaveText('1');
    await page.getByTestId('cart-button').click();
    await expect(cartPanel(page).getByTestId('cart-item')).toContainText('Punch');
    await page.keyboard.press('Escape');

    await page.goto('/directurlcheckout/tapewarm/LOYALTY15');
    const popup = page.frameLocator('#fsc-popup-frame');
    await expect(popup.getByText('Tapewarm × 1')).toBeVisible();
    // Tapewarm at its price and its 20 % as the one discount line (decision 061).
    await expect(popup.getByRole('row', { name: 'Tapewarm × 1 USD 29.00' })).toBeVisible();
    await expect(popup.getByRole('row', { name: 'Discount −USD 5.80' })).toBeVisible();
    // Closing the popup without paying stays on the page.
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(page.locator('#fsc-popup-frame')).toHaveCount(0);
    await expect(page).toHaveURL(/\/directurlcheckout\/tapewarm\/LOYALTY15$/);
  });

  test('the old public loyalty code gives an anonymous visitor no discount', async ({ page }) => {
    await page.goto('/directurlcheckout/spacey/LOYALTY15');
    const popup = page.frameLocator('#fsc-popup-frame');
    await expect(popup.getByText('Spacey × 1')).toBeVisible();
    await expect(popup.getByText('Discount included')).toHaveCount(0);
  });
});
