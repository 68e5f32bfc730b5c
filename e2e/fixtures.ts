import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { e2eAdminPassword } from './playwright.config.js';

/** Every journey fails on an unexpected console error or uncaught page error. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        // The browser logs every 4xx answer; those the journeys provoke (a wrong password, a 404 page) are expected.
        const isExpectedHttpError = /^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text());
        if (message.type() === 'error' && !isExpectedHttpError) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

let counter = 0;
/** A unique address per journey, so journeys never depend on each other's data. */
export const uniqueEmail = (prefix = 'buyer') => `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`;

/**
 * Registers a new customer through the login page and waits for the customer area. Unless `isConfirming` is
 * false, the customer then opens the confirmation link mailed to the address in the same browser, as a real one
 * would, so the licences of the address show; the journey ends back in the customer area.
 */
export async function registerThroughUi(
  page: Page,
  email: string,
  password = 'secret-pass',
  options: { isConfirming?: boolean } = {},
): Promise<void> {
  await page.goto('/login/');
  const register = page.getByRole('region', { name: 'Register' });
  await register.getByLabel('Email').fill(email);
  await register.getByLabel('Password', { exact: true }).fill(password);
  await register.getByLabel('Repeat Password').fill(password);
  await register.getByRole('button', { name: 'REGISTER' }).click();
  await expect(page).toHaveURL(/\/userarea$/);
  if (options.isConfirming === false) return;
  await page.goto(await accountLinkTo(page.request, email));
  await expect(page.getByText(`Thank you: ${email} is confirmed.`)).toBeVisible();
  await page.getByRole('link', { name: 'Go to your licences' }).click();
  await expect(page).toHaveURL(/\/userarea$/);
}

/** The newest account link (confirmation, purchase or activation) mailed to `email`, read from the development mailbox. */
export async function accountLinkTo(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/login/', { data: { username: 'admin', password: e2eAdminPassword } });
  const { token } = (await login.json()) as { token: string };
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/api/mailbox?to=${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${token}` } });
      const mails = (await response.json()) as { text: string }[];
      link = mails.map((mail) => /https?:\/\/\S+\/account\/confirm\/[\w-]+/.exec(mail.text)?.[0]).find(Boolean);
      return link;
    })
    .toBeTruthy();
  return new URL(link!).pathname;
}

/** Logs in through the login page: the administrator lands on the dashboard, a customer in the user area. */
export async function logInThroughUi(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login/');
  const login = page.getByRole('region', { name: 'Login' });
  await login.getByLabel('Email').fill(username);
  await login.getByLabel('Password').fill(password);
  await login.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL(username === 'admin' ? /\/admin\/dashboard$/ : /\/(userarea|admin\/persons|admin\/dashboard)$/);
}

/** The name every sandbox buyer pays with; the webhook makes it the new person's name. */
export const sandboxBuyer = { firstName: 'Ada', lastName: 'Lovelace', fullName: 'Ada Lovelace' };

/** Pays in the sandbox's payment popup (iframe#fsc-popup-frame) as a new buyer. */
export async function payInSandboxPopup(page: Page, email: string): Promise<void> {
  const popup = page.frameLocator('#fsc-popup-frame');
  await expect(popup.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await popup.getByLabel('Email').fill(email);
  await popup.getByLabel('First name').fill(sandboxBuyer.firstName);
  await popup.getByLabel('Last name').fill(sandboxBuyer.lastName);
  // What was typed is still there when paying (the closing cart panel once took the focus, and the email, away).
  await expect(popup.getByLabel('Email')).toHaveValue(email);
  await popup.getByRole('button', { name: 'Pay' }).click();
}

/** Refunds an order the way the sandbox's administrator does: its `return.created`, signed, to the real webhook. */
export async function refundInSandbox(request: APIRequestContext, providerOrderId: string): Promise<void> {
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
export async function payUpgradeInSandboxPopup(page: Page, email: string): Promise<string> {
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

/**
 * A new customer buys Spacey in the sandbox, registers, and upgrades it to Spacey 2 at the demo's upgrade price
 * from Spacey 2's page (decision 036); answers the upgrade's provider order id. One registration, no login.
 */
export async function buySpaceyUpgradeInSandbox(page: Page, email: string): Promise<string> {
  await page.goto('/products/spacey');
  await page.getByRole('button', { name: 'Buy Spacey' }).click();
  await page.getByRole('dialog', { name: 'Cart' }).getByRole('button', { name: 'Checkout' }).click();
  await payInSandboxPopup(page, email);
  await expect(page.getByTestId('message')).toHaveText('Thanks for your purchase.');
  await registerThroughUi(page, email);
  await page.goto('/products/spacey-2');
  const panel = page.getByRole('complementary', { name: 'Upgrades' });
  await panel.getByRole('button', { name: 'Upgrade to Spacey 2' }).click();
  const orderId = await payUpgradeInSandboxPopup(page, email);
  await expect(page.getByTestId('message')).toHaveText('Thanks for your purchase.');
  return orderId;
}

/** Fills the Transfer License form for a new owner (Grace Hopper at `email`) and ticks the confirmation. */
export async function fillNewOwner(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Confirm Email').fill(email);
  await page.getByLabel('First Name').fill('Grace');
  await page.getByLabel('Last Name').fill('Hopper');
  await page.getByLabel('I understand that the transfer cannot be undone').check();
}
