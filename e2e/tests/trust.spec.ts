import type { APIRequestContext, Page } from '@playwright/test';
import { adminApi } from '../admin-helpers.js';
import { accountLinkTo, expect, logInThroughUi, registerThroughUi, test, uniqueEmail } from '../fixtures.js';
import { e2eAdminPassword } from '../playwright.config.js';
import { currentTotp } from '../totp.js';

/** A licence of `productName` for the address, made by the administrator (the person is created with it). */
async function giveLicence(request: APIRequestContext, email: string, productName = 'Spacey') {
  const admin = await adminApi(request);
  const personId = await admin.createPerson(email, 'Real Owner');
  await admin.newOrder(personId, productName);
}

async function mailedPassword(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/login/', { data: { username: 'admin', password: e2eAdminPassword } });
  const { token } = (await login.json()) as { token: string };
  let password: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (
        await request.get(`/api/mailbox?to=${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { text: string }[];
      password = mails.map((mail) => /Your new password: (\S+)/.exec(mail.text)?.[1]).find(Boolean);
      return password;
    })
    .toBeTruthy();
  return password!;
}

const licences = (page: Page) => page.getByRole('region', { name: 'Spacey' });

test.describe("a stranger who registers a buyer's address", () => {
  test('sees no licences; the owner gets in with "Lost your password?" and the stranger is logged out', async ({
    page,
    browser,
    request,
  }) => {
    const email = uniqueEmail('owner');
    await giveLicence(request, email);

    // The stranger registers the owner's address in their own browser.
    const strangerContext = await browser.newContext();
    const stranger = await strangerContext.newPage();
    await registerThroughUi(stranger, email, 'stranger-pass', { isConfirming: false });
    await expect(stranger.getByRole('heading', { name: 'Please confirm your email address' })).toBeVisible();
    await expect(stranger.getByText(`We have sent a link to ${email}.`)).toBeVisible();
    await expect(stranger.getByText('No licences found')).toBeVisible();
    await expect(licences(stranger)).toHaveCount(0);

    // The owner is told the address is registered, asks for a password and logs in with the mailed one.
    await page.goto('/login/lostpassword');
    await page.getByLabel('Enter your email address:').fill(email);
    await page.getByRole('button', { name: 'SEND' }).click();
    await expect(page.getByText(`An email with your new password has been sent to ${email}`)).toBeVisible();
    await logInThroughUi(page, email, await mailedPassword(request, email));
    await expect(licences(page)).toBeVisible();
    await expect(page.getByTestId('address-notice')).toHaveCount(0);

    // The stranger's session ended: the next load of the customer area goes to the login.
    await stranger.reload();
    await expect(stranger).toHaveURL(/\/login\/?$/);
    await strangerContext.close();
  });
});

test.describe('a buyer without an account', () => {
  test('opens the account from the link mailed with the licence and sees it', async ({ page, request }) => {
    const email = uniqueEmail('new-buyer');
    const admin = await adminApi(request);
    const created = await request.post('/api/order/unassigned/create/', {
      headers: await admin.headers(),
      data: { ProductName: 'Spacey', DistributorName: 'E2E Distribution', NumberOfOrders: 1 },
    });
    const { batchNumber } = (await created.json()) as { batchNumber: number };
    const [code] = (
      await (await request.get(`/api/order/unassigned/serials/${batchNumber}`, { headers: await admin.headers() })).text()
    ).split('\n');
    const redeemed = await request.post('/api/userinfo/registerproduct', {
      data: { ActivationKey: code, Email: email, FirstName: 'Ada', LastName: 'Lovelace' },
    });
    expect(redeemed.ok()).toBe(true);

    await page.goto(await accountLinkTo(request, email));
    await expect(page.getByText(`Choose a password for your account, ${email}.`)).toBeVisible();
    await page.getByRole('button', { name: 'SET PASSWORD' }).click();
    await expect(page.getByText('Please enter a valid password').first()).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('buyer-pass');
    await page.getByLabel('Repeat Password').fill('buyer-pass');
    await page.getByRole('button', { name: 'SET PASSWORD' }).click();
    await expect(page).toHaveURL(/\/userarea$/);
    await expect(licences(page)).toBeVisible();
    await expect(page.getByTestId('user-name')).toHaveText(email);
  });
});

test.describe('two-factor login', () => {
  test('is turned on with an app code, asked for at login, and turned off with the password and a code', async ({ page }) => {
    const email = uniqueEmail('careful');
    await registerThroughUi(page, email, 'careful-pass');
    await page.getByRole('button', { name: 'SET UP TWO-FACTOR LOGIN' }).click();
    // The key shows in groups of 4, as people type it; authenticator apps ignore the spaces.
    const secret = (await page.getByTestId('two-factor-secret').textContent())!.replaceAll(' ', '');
    await page.getByLabel('Code', { exact: true }).fill(currentTotp(secret));
    await page.getByRole('button', { name: 'TURN ON' }).click();
    await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    const recoveryCode = (await page.getByTestId('recovery-codes').getByRole('listitem').first().textContent())!.trim();

    await page.getByRole('link', { name: 'LOGOUT' }).click();
    await page.goto('/login/');
    const login = page.getByRole('region', { name: 'Login' });
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill('careful-pass');
    await login.getByRole('button', { name: 'LOGIN' }).click();
    await expect(login.getByText('The 6-digit code of your authenticator app, or a recovery code.')).toBeVisible();
    await expect(page).toHaveURL(/\/login\/?$/);
    await login.getByLabel('Authentication code').fill('000000');
    await login.getByRole('button', { name: 'LOGIN' }).click();
    await expect(login.getByText(/This code is not right/)).toBeVisible();
    await login.getByLabel('Authentication code').fill(currentTotp(secret, 1));
    await login.getByRole('button', { name: 'LOGIN' }).click();
    await expect(page).toHaveURL(/\/userarea$/);

    const twoFactor = page.getByRole('region', { name: 'Two-factor login' });
    await twoFactor.getByLabel('Password').fill('careful-pass');
    // The password alone does not turn it off (a session may set a new one): a code too, here a recovery code.
    await expect(twoFactor.getByRole('button', { name: 'TURN OFF' })).toBeDisabled();
    await twoFactor.getByLabel('Authentication code').fill(recoveryCode);
    await twoFactor.getByRole('button', { name: 'TURN OFF' }).click();
    await expect(page.getByRole('button', { name: 'SET UP TWO-FACTOR LOGIN' })).toBeVisible();
  });
});

test.describe('password guessing', () => {
  test('locks out the guesser, while the owner still logs in from a browser that logged in before', async ({ page, browser, request }) => {
    const email = uniqueEmail('guarded');
    await registerThroughUi(page, email, 'owner-pass');
    await logInThroughUi(page, email, 'owner-pass');
    await page.getByRole('link', { name: 'LOGOUT' }).click();

    // A stranger, without the owner's device cookie, guesses until the account's ceiling.
    for (let attempt = 0; attempt < 10; attempt++) {
      const guess = await request.post('/api/login/', { data: { username: email, password: `guess-${attempt}` } });
      expect(guess.status()).toBe(401);
    }
    const strangerContext = await browser.newContext();
    const stranger = await strangerContext.newPage();
    await stranger.goto('/login/');
    const strangerLogin = stranger.getByRole('region', { name: 'Login' });
    await strangerLogin.getByLabel('Email').fill(email);
    await strangerLogin.getByLabel('Password').fill('owner-pass');
    await strangerLogin.getByRole('button', { name: 'LOGIN' }).click();
    await expect(strangerLogin.getByText(/Too many attempts\. Please wait a few minutes and try again\./)).toBeVisible();
    await strangerContext.close();

    // The owner's browser carries its device cookie and is let in.
    await logInThroughUi(page, email, 'owner-pass');
    await expect(page.getByTestId('user-name')).toHaveText(email);
  });
});

test.describe('malformed input', () => {
  test('a NUL byte in an address answers 400, and the person editor refuses what is no email address', async ({ page, request }) => {
    const response = await request.get('/products/spacey%00');
    expect(response.status()).toBe(400);
    expect(await response.text()).toBe('Malformed URL');

    const admin = await adminApi(request);
    const refused = await request.post('/api/person/', {
      headers: await admin.headers(),
      data: { id: 0, email: 'x@y.zz\r\nBcc: a@b.cc', name: 'X', country: 'CH' },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toBe('email: Please enter a valid email address');
    await page.goto('/');
  });
});

test.describe('staff logins', () => {
  test('the administrator invites support staff, who see only what their role may use', async ({ page, browser }) => {
    const email = uniqueEmail('support');
    await logInThroughUi(page, 'admin', e2eAdminPassword);
    await page.getByRole('button', { name: 'ADMIN' }).click();
    await page.getByLabel('ADMIN').getByRole('link', { name: 'STAFF' }).click();
    await expect(page.getByRole('heading', { name: 'Staff' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Role', { exact: true }).selectOption('support');
    await page.getByRole('button', { name: 'ADD STAFF' }).click();
    await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText('invited');

    const context = await browser.newContext();
    const staff = await context.newPage();
    await staff.goto(await accountLinkTo(page.request, email));
    // An invitation sets a first password: nothing about an old one.
    await expect(staff.getByRole('heading', { name: 'Your staff login' })).toBeVisible();
    await expect(staff.getByText(`Choose the password of your staff login, ${email}.`)).toBeVisible();
    await expect(staff.getByText('replaces the old one')).toHaveCount(0);
    await staff.getByLabel('Password', { exact: true }).fill('support-pass');
    await staff.getByLabel('Repeat Password').fill('support-pass');
    await staff.getByRole('button', { name: 'SET PASSWORD' }).click();
    // Support staff land where they work: the persons.
    await expect(staff).toHaveURL(/\/admin\/persons$/);
    await staff.getByRole('button', { name: 'ADMIN' }).click();
    const menu = staff.getByLabel('ADMIN');
    await expect(menu.getByRole('link')).toHaveText(['ORDERS', 'PERSONS', 'RESEND SERIAL', 'ACTIVATION PAGE', 'MAILBOX']);
    await menu.getByRole('link', { name: 'PERSONS' }).click();
    await expect(staff.getByRole('heading', { name: /Persons/i })).toBeVisible();
    // A screen the server refuses this role says so, stays signed in and shows the way back; it is no login form.
    for (const [screen, heading] of [
      ['/admin/products', 'Products'],
      ['/admin/dashboard', 'Dashboard'],
    ] as const) {
      await staff.goto(screen);
      const refusal = staff.getByRole('main');
      await expect(refusal.getByRole('heading', { name: 'Not permitted' })).toBeVisible();
      await expect(refusal).toContainText('Only the administrator may do this.');
      await expect(staff).toHaveURL(new RegExp(`${screen}$`));
      await expect(staff.getByRole('heading', { name: heading, exact: true })).toHaveCount(0);
      await expect(staff.getByRole('region', { name: 'Login' })).toHaveCount(0);
      await expect(staff.getByRole('button', { name: 'ADMIN' })).toBeVisible();
    }
    await staff.getByRole('main').getByRole('link', { name: 'Go to Persons' }).click();
    await expect(staff).toHaveURL(/\/admin\/persons$/);
    await expect(staff.getByRole('heading', { name: /Persons/i })).toBeVisible();
    await context.close();

    await page.reload();
    await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText('yes');
  });
});
