import { rateLimits } from '../../apps/server/src/lib/rate-limit.js';
import { e2eAdminPassword } from '../playwright.config.js';
import { expect, logInThroughUi, registerThroughUi, test, uniqueEmail } from '../fixtures.js';

test.describe('content pages', () => {
  test('the home page text is in the HTML before any script runs', async ({ browser, request }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain('Plug-ins that sound like records');
    expect(html).toContain('id="initial-data"');

    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Plug-ins that sound like records' })).toBeVisible();
    await context.close();
  });

  test('shows the server menu in upper case and navigates in-app through page links', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation');
    for (const entry of ['HOME', 'PRODUCTS', 'HELP', 'ABOUT', 'SUPPORT', 'LOGIN']) {
      await expect(nav.getByRole('link', { name: entry, exact: true })).toBeVisible();
    }
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'still-here'));
    await page.locator('.content-page').getByRole('link', { name: 'Spacey' }).first().click();
    await expect(page).toHaveURL(/\/products\/spacey$/);
    await expect(page.getByRole('heading', { name: 'Spacey', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('still-here');

    await nav.getByRole('link', { name: 'ABOUT', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'About us' })).toBeVisible();
  });

  test('an unknown page goes to the home page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Plug-ins that sound like records' })).toBeVisible();
  });
});

test.describe('accounts', () => {
  test('login and register show every validation message on bad input', async ({ page }) => {
    await page.goto('/login/');
    const login = page.getByRole('region', { name: 'Login' });
    await login.getByRole('button', { name: 'LOGIN' }).click();
    await expect(login.getByText('Email is required')).toBeVisible();
    await expect(login.getByText('Please enter a valid password')).toBeVisible();
    await login.getByLabel('Email').fill('not-an-address');
    await expect(login.getByText('Please enter a valid email address')).toBeVisible();
    await login.getByLabel('Email').fill('admin');
    await expect(login.getByText('Please enter a valid email address')).toBeHidden();

    const register = page.getByRole('region', { name: 'Register' });
    await register.getByRole('button', { name: 'REGISTER' }).click();
    await expect(register.getByText('Email is required')).toBeVisible();
    const registerPassword = register.getByLabel('Password', { exact: true });
    await expect(registerPassword).toHaveAccessibleDescription('Please enter a valid password');
    await registerPassword.fill('abc');
    await expect(registerPassword).toHaveAccessibleDescription('Please enter a valid password');
    await register.getByLabel('Email').fill('admin');
    await expect(register.getByText('Please enter a valid email address')).toBeVisible();
    await register.getByLabel('Password', { exact: true }).fill('abcd');
    await register.getByLabel('Repeat Password').fill('abce');
    await register.getByRole('button', { name: 'REGISTER' }).click();
    await expect(register.getByText('Password does not match')).toBeVisible();
    await expect(registerPassword).toHaveAccessibleDescription('');
  });

  test('a wrong password shows the server text and the registration hint', async ({ page }) => {
    await page.goto('/login/');
    const login = page.getByRole('region', { name: 'Login' });
    await login.getByLabel('Email').fill(uniqueEmail('nobody'));
    await login.getByLabel('Password').fill('whatever');
    await login.getByRole('button', { name: 'LOGIN' }).click();
    await expect(
      login.getByText('Wrong email or password. You may need to register first with the email address you have used for the payment.'),
    ).toBeVisible();
  });

  test('registering twice shows the server text and " Please login."', async ({ page }) => {
    const email = uniqueEmail();
    await registerThroughUi(page, email);
    await page.getByRole('link', { name: 'LOGOUT' }).click();
    await page.goto('/login/');
    const register = page.getByRole('region', { name: 'Register' });
    await register.getByLabel('Email').fill(email);
    await register.getByLabel('Password', { exact: true }).fill('secret-pass');
    await register.getByLabel('Repeat Password').fill('secret-pass');
    await register.getByRole('button', { name: 'REGISTER' }).click();
    await expect(register.getByText('This email address is already registered. Please login.')).toBeVisible();
  });

  test('register leads to the customer area, change password to the login', async ({ page }) => {
    const email = uniqueEmail();
    await registerThroughUi(page, email);
    await expect(page.getByText(email).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'LOGIN', exact: true })).toBeHidden();

    const form = page.getByRole('region', { name: 'Change Password' });
    await form.getByLabel('Password', { exact: true }).fill('abc');
    await form.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
    await expect(form.getByText('Please enter a valid password').first()).toBeVisible();
    await form.getByLabel('Password', { exact: true }).fill('new-secret');
    await form.getByLabel('Repeat Password').fill('new-secre');
    await expect(form.getByText('Password does not match')).toBeVisible();
    await form.getByLabel('Repeat Password').fill('new-secret');
    await form.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
    await expect(page).toHaveURL(/\/login\/?$/);

    await logInThroughUi(page, email, 'new-secret');
  });

  test('a password change after the session ended shows "Error while changing password."', async ({ page, request }) => {
    const email = uniqueEmail();
    // The customer area's own requests are answered first: one failing later would log out and leave the page.
    const areaLoaded = Promise.all(
      ['/api/userinfo/products', '/api/fastspring/loyaltycoupon'].map((path) =>
        page.waitForResponse((response) => response.url().endsWith(path)),
      ),
    );
    await registerThroughUi(page, email);
    await areaLoaded;
    // A password change on another device ends every other session, this browser's included.
    const elsewhere = await request.post('/api/login/', { data: { username: email, password: 'secret-pass' } });
    const { token } = (await elsewhere.json()) as { token: string };
    const change = await request.post('/api/passwordchange', {
      headers: { authorization: `Bearer ${token}` },
      data: { NewPassword: 'changed-elsewhere' },
    });
    expect(change.ok()).toBe(true);

    const form = page.getByRole('region', { name: 'Change Password' });
    await form.getByLabel('Password', { exact: true }).fill('new-secret');
    await form.getByLabel('Repeat Password').fill('new-secret');
    await form.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
    await expect(form.getByLabel('Repeat Password')).toHaveAccessibleDescription('Error while changing password.');
    await expect(page).toHaveURL(/\/userarea$/);
  });

  test('the customer area sends a visitor without a user to the login', async ({ page }) => {
    await page.goto('/userarea');
    await expect(page).toHaveURL(/\/login\/?$/);
  });

  test('lost password validates, then confirms the mail', async ({ page }) => {
    await page.goto('/login/');
    await page.getByRole('link', { name: 'Lost your password?' }).click();
    await expect(page).toHaveURL(/\/login\/lostpassword$/);
    await expect(page.getByRole('heading', { name: 'Request new password' })).toBeVisible();
    await page.getByRole('button', { name: 'SEND' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await page.getByLabel('Enter your email address:').fill('broken@');
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    const email = uniqueEmail('forgetful');
    await page.getByLabel('Enter your email address:').fill(email);
    await page.getByRole('button', { name: 'SEND' }).click();
    await expect(page).toHaveURL(/\/messageview$/);
    await expect(page.getByText(`An email with your new password has been sent to ${email}`)).toBeVisible();
  });

  test('a refused password request shows "Send serial failed: (…)" with the server text', async ({ page, request }) => {
    const email = uniqueEmail('forgetful');
    // The server answers a few requests an hour per address, then refuses with its plain-text reason.
    for (let attempt = 0; attempt < rateLimits.passwordRequestPerAddress.limit; attempt++) {
      expect((await request.post('/api/passwordrequest', { data: { email } })).ok()).toBe(true);
    }
    await page.goto('/login/lostpassword');
    const field = page.getByLabel('Enter your email address:');
    await field.fill(email);
    await page.getByRole('button', { name: 'SEND' }).click();
    await expect(field).toHaveAccessibleDescription('Send serial failed: (Too many attempts. Please wait a few minutes and try again.)');
    await expect(page).toHaveURL(/\/login\/lostpassword$/);
  });

  test('the administrator sees ADMIN, a customer does not', async ({ page }) => {
    await registerThroughUi(page, uniqueEmail());
    await expect(page.getByRole('button', { name: 'ADMIN' })).toHaveCount(0);
    await page.getByRole('link', { name: 'LOGOUT' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'LOGIN', exact: true })).toBeVisible();

    await logInThroughUi(page, 'admin', e2eAdminPassword);
    await page.getByRole('button', { name: 'ADMIN' }).click();
    const menu = page.getByLabel('ADMIN');
    const targets = {
      PERSONS: '/admin/persons',
      PAGES: '/admin/pages',
      PRODUCTS: '/admin/products',
      'ACTIVATION CODES': '/admin/orders',
      'ACTIVATION PAGE': '/activate',
    };
    for (const [entry, href] of Object.entries(targets)) {
      await expect(menu.getByRole('link', { name: entry, exact: true })).toHaveAttribute('href', href);
    }
    // The specified five keep their labels and addresses, grouped with the back office's entries as staff work
    // (issue 29, decision 053): Sales, Customers, Catalogue, System.
    await expect(menu.getByRole('link')).toHaveText([
      'DASHBOARD',
      'ORDERS',
      'ACTIVATION CODES',
      'BATCHES',
      'PERSONS',
      'RESEND SERIAL',
      'ACTIVATION PAGE',
      'PRODUCTS',
      'RELEASES',
      'PAGES',
      'UPGRADES',
      'BUNDLES',
      'STAFF',
      'WEBHOOKS',
      'AUDIT LOG',
      'OUTBOUND WEBHOOKS',
      'API KEYS',
      'MAILBOX',
    ]);
    // MAILBOX is the last entry: here the development mailbox (this server has no SMTP); with SMTP, the mail that
    // failed for good (decision 011).
    await expect(menu.getByRole('link').last()).toHaveText('MAILBOX');
    await expect(menu.getByRole('link').last()).toHaveAttribute('href', '/admin/mailbox');
  });
});

test.describe('narrow screens', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the bar is collapsed at 375 px with the cart control before the brand', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: /toggle navigation/i });
    await expect(toggle).toBeVisible();
    await expect(page.getByRole('link', { name: 'ABOUT', exact: true })).toBeHidden();
    const cart = await page.getByTestId('cart-button').boundingBox();
    const brand = await page
      .getByRole('link', { name: /home|logo|plug-in store/i })
      .first()
      .boundingBox();
    expect(cart && brand && cart.x < brand.x).toBe(true);
    await toggle.click();
    await expect(page.getByRole('link', { name: 'ABOUT', exact: true })).toBeVisible();
  });
});
