import type { APIRequestContext } from '@playwright/test';
import { adminApi } from '../admin-helpers.js';
import { e2eAdminPassword } from '../playwright.config.js';
import { expect, test, uniqueEmail } from '../fixtures.js';

async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.post('/api/login/', { data: { username: 'admin', password: e2eAdminPassword } });
  expect(response.ok(), await response.text()).toBe(true);
  return { authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
}

async function mailSubjectsTo(request: APIRequestContext, email: string): Promise<string[]> {
  const headers = await adminHeaders(request);
  const response = await request.get(`/api/mailbox?to=${encodeURIComponent(email)}`, { headers });
  return ((await response.json()) as { subject: string }[]).map((mail) => mail.subject);
}

test.describe('activation page', () => {
  test('redeems an activation code once and thanks the customer', async ({ page, request }) => {
    const code = await (await adminApi(request)).createActivationCode('Punch');
    const email = uniqueEmail('retail');
    await page.goto('/activate?product=Punch');
    await expect(page.getByRole('heading', { name: 'Activate Punch Product' })).toBeVisible();

    await page.getByRole('button', { name: 'ACTIVATE' }).click();
    await expect(page.getByText('Activation key is required')).toBeVisible();
    await expect(page.getByText('Frist name is required.')).toBeVisible();
    await page.getByLabel('Activation Key').fill('not-a-key');
    await expect(page.getByText('A valid activation key must be entered')).toBeVisible();
    await page.getByLabel('Activation Key').fill(code);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Confirm Email').fill(`x${email}`);
    await expect(page.getByText('Email does not match')).toBeVisible();
    await page.getByLabel('Confirm Email').fill(email);
    await page.getByLabel('First Name').fill('Ann');
    await page.getByLabel('Last Name').fill('Retailer');
    await page.getByRole('button', { name: 'ACTIVATE' }).click();
    await expect(page).toHaveURL(/\/messageview$/);
    await expect(page.getByText(`Thanks for activation. We have sent the serial key to ${email}`)).toBeVisible();
    // One mail: the licence, carrying the link that opens the new customer's account (decision 053).
    await expect.poll(() => mailSubjectsTo(request, email)).toEqual(['Your Punch licence']);

    // The same code a second time: the server's message on the first name field.
    await page.goto('/activate');
    await expect(page.getByRole('heading', { name: 'Activate Product' })).toBeVisible();
    await page.getByLabel('Activation Key').fill(code);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Confirm Email').fill(email);
    await page.getByLabel('First Name').fill('Ann');
    await page.getByLabel('Last Name').fill('Retailer');
    await page.getByRole('button', { name: 'ACTIVATE' }).click();
    await expect(page.getByText('Error: This activation key is not valid or has already been used.')).toBeVisible();
    await expect(page).toHaveURL(/\/activate$/);
  });
});

test.describe('support request page', () => {
  test('validates, sends the request and confirms it', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation').getByRole('link', { name: 'SUPPORT', exact: true }).click();
    await expect(page).toHaveURL(/\/support$/);
    await page.getByLabel('Email').fill(uniqueEmail('help'));
    await page.getByLabel('Product Name').fill('Spa');
    await page.getByLabel('Operating System and Host Software').fill('macOS 14, Logic Pro 11');
    await page.getByLabel('Problem Description').fill('Crashes on load');
    await page.getByRole('button', { name: 'SEND' }).click();
    await expect(page.getByText('Name too short')).toHaveCount(2);
    await page.getByLabel('Product Name').fill('Spacey');
    await page.getByLabel('Problem Description').fill('Spacey crashes when I load it in a new project.');
    await expect(page.getByText('Name too short')).toHaveCount(0);
    await page.getByRole('button', { name: 'SEND' }).click();
    await expect(page).toHaveURL(/\/messageview$/);
    await expect(page.getByText('Support request sent.')).toBeVisible();
    await expect(page.getByText(/^Support request sent\. Your request number is #\d+; a confirmation was mailed to /)).toBeVisible();
  });

  test('/contactsupport shows the same screen', async ({ page }) => {
    await page.goto('/contactsupport');
    await expect(page.getByRole('heading', { name: 'Support request' })).toBeVisible();
    await expect(page.getByLabel('Problem Description')).toBeVisible();
  });
});

test.describe('send license key page', () => {
  test('resends the key of a licence and says where the mail went', async ({ page, request }) => {
    const code = await (await adminApi(request)).createActivationCode('Tapewarm');
    const email = uniqueEmail('resend');
    const redeemed = await request.post('/api/userinfo/registerproduct', {
      data: { ActivationKey: code, Email: email, FirstName: 'Bob', LastName: 'Resender' },
    });
    expect(redeemed.ok(), await redeemed.text()).toBe(true);
    await expect.poll(() => mailSubjectsTo(request, email)).toEqual(['Your Tapewarm licence']);

    await page.goto('/sendlicensekey/Tapewarm');
    await expect(page.getByRole('heading', { name: 'Send License Key' })).toBeVisible();
    await page.getByRole('button', { name: 'SEND' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'SEND' }).click();
    await expect(page).toHaveURL(/\/messageview$/);
    await expect(page.getByText(`Email sent to ${email}`)).toBeVisible();
    await expect.poll(() => mailSubjectsTo(request, email)).toEqual(['Your Tapewarm licence', 'Your Tapewarm licence']);
  });
});
