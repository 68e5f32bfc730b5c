import { adminApi, savedText } from '../admin-helpers.js';
import { expect, logInThroughUi, registerThroughUi, test, uniqueEmail } from '../fixtures.js';
import { e2eAdminPassword } from '../playwright.config.js';

// A customer's data rights (docs/PRIVACY.md): the download of everything held about them, and the erasure of their
// account from the account screen; the administrator's erasure from the person screen.
test.describe('data rights', () => {
  test('a customer downloads their data, then erases their account', async ({ page, request }) => {
    const email = uniqueEmail('rights');
    await registerThroughUi(page, email);
    const api = await adminApi(request);
    await api.newOrder(await api.personIdOf(email), 'Punch');
    await page.reload();
    await expect(page.getByRole('region', { name: 'Punch' })).toBeVisible();

    const section = page.getByRole('region', { name: 'Your data' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'DOWNLOAD MY DATA' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('personal-data.json');
    const data = JSON.parse(await savedText(download)) as {
      account: { loginName: string; person: { email: string } | null };
      licences: { productName: string; serialNew: string }[];
    };
    expect(data.account.loginName).toBe(email);
    expect(data.account.person?.email).toBe(email);
    expect(data.licences.map((licence) => licence.productName)).toEqual(['Punch']);
    expect(data.licences[0]!.serialNew).not.toBe('');

    await section.getByRole('button', { name: 'ERASE MY ACCOUNT…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase your account?' });
    await expect(dialog.getByTestId('erasure-summary')).toContainText('Your licences end');
    await expect(dialog.getByTestId('erasure-summary')).toContainText('for 10 years');
    await dialog.getByLabel('Your password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'ERASE MY ACCOUNT' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('The password is not right.');

    await dialog.getByLabel('Your password').fill('secret-pass');
    await dialog.getByRole('button', { name: 'ERASE MY ACCOUNT' }).click();
    await expect(page).toHaveURL(/\/messageview$/);
    await expect(page.getByTestId('message')).toHaveText(
      'Your account has been erased. We keep only what the tax records need of your orders, without your name or address.',
    );
    await expect(page.getByRole('link', { name: 'LOGIN' })).toBeVisible();

    await page.goto('/login/');
    const login = page.getByRole('region', { name: 'Login' });
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill('secret-pass');
    await login.getByRole('button', { name: 'LOGIN' }).click();
    await expect(login.getByText(/^Wrong email or password\./)).toBeVisible();
  });

  test('the administrator erases a person from the person screen', async ({ page, request }) => {
    const api = await adminApi(request);
    const email = uniqueEmail('erased-by-admin');
    const personId = await api.createPerson(email, 'Erin Erased');
    await api.newOrder(personId, 'Punch');

    await logInThroughUi(page, 'admin', e2eAdminPassword);
    await page.goto(`/admin/person/${personId}`);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await page.getByRole('button', { name: 'Erase Personal Data' }).click();
    const dialog = page.getByRole('dialog', { name: `Erase the personal data of ${email}?` });
    await expect(dialog.getByTestId('erasure-summary')).toContainText('Their licences end');
    await dialog.getByRole('button', { name: 'ERASE' }).click();

    await expect(page.getByTestId('person-erased')).toContainText("This person's personal data was erased on");
    await expect(page.getByLabel('Email', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('row', { name: /\bPunch erased\b/ })).toBeVisible();
  });
});
