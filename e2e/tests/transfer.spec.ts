import type { APIRequestContext, Page } from '@playwright/test';
import { e2eAdminPassword } from '../playwright.config.js';
import { expect, fillNewOwner, payInSandboxPopup, registerThroughUi, test, uniqueEmail } from '../fixtures.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function logInByApi(request: APIRequestContext, username: string, password: string): Promise<string> {
  const response = await request.post('/api/login/', { data: { username, password } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** Gives the customer a Spacey licence the way the administrator does; answers its order id. */
async function giveSpaceyLicence(request: APIRequestContext, email: string): Promise<number> {
  const admin = bearer(await logInByApi(request, 'admin', e2eAdminPassword));
  const products = (await (await request.get('/api/product/')).json()) as { id: number; name: string }[];
  const spacey = products.find((product) => product.name === 'Spacey');
  const person = (await (await request.get(`/api/person/byEmail/${encodeURIComponent(email)}`, { headers: admin })).json()) as {
    id: number;
  };
  const created = await request.post('/api/order/', {
    headers: admin,
    data: { id: 0, productId: spacey?.id, personId: person.id, serial: '', creationDate: '' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const orders = (await (await request.get(`/api/order/byPerson/${person.id}`, { headers: admin })).json()) as { id: number }[];
  expect(orders).toHaveLength(1);
  return orders[0]!.id;
}

/** Ages the licence by `days` on the server's clock, through the sandbox's test switch (decision 009). */
async function backdateLicence(request: APIRequestContext, orderId: number, days: number): Promise<void> {
  const admin = bearer(await logInByApi(request, 'admin', e2eAdminPassword));
  const backdated = await request.post('/sandbox/api/backdate', { headers: admin, data: { orderId, days } });
  expect(backdated.ok(), await backdated.text()).toBe(true);
}

/**
 * A customer with a licence 31 days old, on the Transfer License page reached through the customer area's button.
 * Aged on the server's clock (`isAgedOnServer`), or in the browser's only (the page's clock runs ahead; the
 * server's does not).
 */
async function openTransferPage(
  page: Page,
  request: APIRequestContext,
  options: { isAgedOnServer: boolean; email?: string },
): Promise<number> {
  const email = options.email ?? uniqueEmail('owner');
  await registerThroughUi(page, email);
  const orderId = await giveSpaceyLicence(request, email);
  if (options.isAgedOnServer) await backdateLicence(request, orderId, 31);
  else await page.clock.setFixedTime(new Date(Date.now() + 31 * DAY_MS));
  await page.goto('/userarea');
  await page.getByRole('region', { name: 'Spacey' }).getByRole('link', { name: 'Transfer License...' }).click();
  await expect(page).toHaveURL(new RegExp(`/transferlicense/${orderId}$`));
  await expect(page.getByRole('heading', { name: 'Transfer License' })).toBeVisible();
  return orderId;
}

test.describe('licence transfer', () => {
  test('validates the new owner and shows the server refusal as "License transfer failed."', async ({ page, request }) => {
    await openTransferPage(page, request, { isAgedOnServer: false });
    await expect(page.getByText('costs 10$ + VAT')).toBeVisible();
    await expect(page.getByText('takes effect when the payment notification arrives, which takes a few minutes')).toBeVisible();

    await page.getByRole('button', { name: 'TRANSFER LICENSE' }).click();
    await expect(page.getByText('Email is required').first()).toBeVisible();
    await expect(page.getByText('Frist name is required.')).toBeVisible();
    await expect(page.getByText('Last name is required.')).toBeVisible();
    await expect(page.getByText('Please confirm that the transfer cannot be undone.')).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill('new-owner@example.com');
    await page.getByLabel('Confirm Email').fill('new-owner@example.co');
    await expect(page.getByText('Email does not match')).toBeVisible();

    // The server counts 30 days on its own clock: this licence is new.
    await fillNewOwner(page, uniqueEmail('new-owner'));
    await page.getByRole('button', { name: 'TRANSFER LICENSE' }).click();
    await expect(page.getByTestId('transfer-failure')).toHaveText(
      /^License transfer failed\. \(A licence can be transferred 30 days after its activation, from \d{4}-\d{2}-\d{2}\.\)$/,
    );
  });

  test('checks out the transfer fee with the tag token;orderId;email;firstName;lastName', async ({ page, request }) => {
    const owner = uniqueEmail('owner');
    const orderId = await openTransferPage(page, request, { isAgedOnServer: true, email: owner });
    // The page names the licence it is about before anything is paid.
    const summary = page.getByRole('region', { name: 'Licence to transfer' });
    await expect(summary.getByText('Spacey')).toBeVisible();
    await expect(summary.getByText(`#${orderId}`)).toBeVisible();
    await expect(summary.getByText('Computers to be removed')).toBeVisible();
    const newOwner = uniqueEmail('new-owner');
    await fillNewOwner(page, newOwner);
    const verified = page.waitForResponse((candidate) => candidate.url().endsWith(`/api/userinfo/verifyorderfortransfer/${orderId}`));
    const finalize = page.waitForRequest((candidate) => candidate.url().endsWith('/sandbox/api/session/finalize'));
    await page.getByRole('button', { name: 'TRANSFER LICENSE' }).click();

    // The server's own verification: a signed token t1.{orderId}.{personId}.{expiry}.{signature}.
    const verification = await verified;
    expect(verification.status(), await verification.text()).toBe(200);
    const token = (await verification.json()) as string;
    expect(token).toMatch(new RegExp(`^t1\\.${orderId}\\.\\d+\\.\\d+\\.[\\w-]{43}$`));
    const { cart } = (await finalize).postDataJSON() as {
      cart: { items: unknown[]; tags: Record<string, string>; paymentContact?: { email?: string } };
    };
    expect(cart.items).toEqual([{ path: 'licensetransfer', quantity: 1 }]);
    // The owner pays: the checkout starts with the owner's address.
    expect(cart.paymentContact?.email).toBe(owner);
    expect(cart.tags).toEqual({ licensetransfer: `${token};${orderId};${newOwner};Grace;Hopper` });
    const popup = page.frameLocator('#fsc-popup-frame');
    await expect(popup.getByText('License Transfer × 1')).toBeVisible();
    // The sandbox popup writes the currency as the site does (decision 061).
    await expect(popup.getByText('USD 10.00').first()).toBeVisible();

    // Closed without paying: the transfer, with its tag, is not left in the cart to be bought later (decision 033).
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(page.locator('#fsc-popup-frame')).toHaveCount(0);
    // The cart panel shows its contents only once the script has answered, so an empty cart here is the answer's.
    const cartPanel = page.getByRole('dialog', { name: 'Cart' });
    await page.getByRole('button', { name: 'Cart, 0 items' }).click();
    await expect(cartPanel.getByText('Your cart is empty')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Transfer License' })).toBeVisible();
    await page.getByTestId('cart-button').click();
    await expect(cartPanel.getByText('Your cart is empty')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeAttached();
  });

  test('a licence older than 30 days moves to the new owner through the sandbox checkout', async ({ page, request }) => {
    const owner = uniqueEmail('owner');
    await registerThroughUi(page, owner);
    const orderId = await giveSpaceyLicence(request, owner);
    await page.goto('/userarea');
    const spacey = page.getByRole('region', { name: 'Spacey' });
    await expect(spacey).toBeVisible();
    // A new licence cannot be transferred yet.
    await expect(spacey.getByRole('link', { name: 'Transfer License...' })).toHaveCount(0);

    await backdateLicence(request, orderId, 31);
    await page.reload();
    await spacey.getByRole('link', { name: 'Transfer License...' }).click();
    await expect(page).toHaveURL(new RegExp(`/transferlicense/${orderId}$`));

    const newOwner = uniqueEmail('new-owner');
    await fillNewOwner(page, newOwner);
    await page.getByRole('button', { name: 'TRANSFER LICENSE' }).click();
    const popup = page.frameLocator('#fsc-popup-frame');
    await expect(popup.getByText('License Transfer × 1')).toBeVisible();
    await payInSandboxPopup(page, owner);
    await expect(page).toHaveURL(/\/messageview$/);
    await expect(page.getByTestId('message')).toHaveText('Thanks for your purchase.');

    // The webhook moved the licence: gone from the old owner's area ...
    await page.goto('/userarea');
    await expect(page.getByText('No licences found')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Spacey' })).toHaveCount(0);
    // ... and its orders say what the fee paid for, by name, not by the checkout's product path.
    const orders = page.getByRole('region', { name: 'Your orders' });
    await expect(orders.getByTestId('order-transfer')).toContainText(`Spacey licence #${orderId} transferred to Grace Hopper on`);
    await expect(orders.getByText('Licence transfer × 1')).toBeVisible();
    await expect(orders.getByText('licensetransfer')).toHaveCount(0);
    // ... and in the new owner's, with keys made out to the new owner.
    await page.getByRole('link', { name: 'LOGOUT' }).click();
    await registerThroughUi(page, newOwner);
    await expect(page.getByRole('region', { name: 'Spacey' })).toBeVisible();
    const licences = await page.evaluate(async () => {
      const { token } = JSON.parse(window.localStorage.getItem('currentUser') ?? '{}') as { token?: string };
      return (await (await fetch('/api/userinfo/products', { headers: { authorization: `Bearer ${token}` } })).json()) as {
        orderId: number;
      }[];
    });
    expect(licences.map((licence) => licence.orderId)).toEqual([orderId]);

    // Both owners were told.
    const admin = bearer(await logInByApi(request, 'admin', e2eAdminPassword));
    const mailTo = async (to: string) =>
      (await (await request.get(`/api/mailbox?to=${encodeURIComponent(to)}`, { headers: admin })).json()) as { subject: string }[];
    expect((await mailTo(owner)).map((mail) => mail.subject)).toContain('Your Spacey licence was transferred');
    expect((await mailTo(newOwner)).length).toBeGreaterThan(0);
  });
});
