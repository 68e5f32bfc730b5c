import { adminApi } from '../admin-helpers.js';
import { e2eAdminPassword } from '../playwright.config.js';
import { expect, logInThroughUi, registerThroughUi, test, uniqueEmail } from '../fixtures.js';

// Outside test 2026-11-29, browser finding 5: a row deleted with the keyboard dropped the focus to the page's <body>.
test('after removing a computer with the keyboard the focus stays in the licence', async ({ page, request }) => {
  const email = uniqueEmail('focus');
  await registerThroughUi(page, email);
  const api = await adminApi(request);
  await api.newOrder(await api.personIdOf(email), 'Spacey');
  await page.reload();
  const licence = page.getByRole('region', { name: 'Spacey' });
  await licence.getByRole('button', { name: 'Offline Registration' }).click();
  const offline = page.getByRole('dialog', { name: 'Spacey' });
  await offline.getByLabel('Device ID of the offline plug-in').fill('0123456789abcdef0123456789abcdef');
  await offline.getByRole('button', { name: 'REGISTER' }).click();
  await expect(offline).toBeHidden();
  const row = licence.getByRole('row').filter({ hasText: 'Offline Device' });
  await expect(row).toHaveCount(1);

  // Keyboard only: Delete, then "Remove computer" in the question.
  await row.getByRole('button', { name: 'Delete' }).focus();
  await page.keyboard.press('Enter');
  const question = page.getByRole('dialog', { name: 'Remove this computer?' });
  await question.getByRole('button', { name: 'Remove computer' }).focus();
  await page.keyboard.press('Enter');
  await expect(question).toBeHidden();
  await expect(row).toHaveCount(0);
  await expect(licence.getByTestId('no-devices')).toBeVisible();

  // Where is the keyboard user now? Inside the licence they were working on, not back at the top of the page.
  await expect
    .poll(() => licence.evaluate((section) => section.contains(document.activeElement)), {
      message: 'the focus is inside the Spacey licence',
    })
    .toBe(true);
});

// The same in the back office: the X of an admin list.
test('after deleting a person with the keyboard the focus is not dropped to the page', async ({ page, request }) => {
  const email = uniqueEmail('gone');
  await (await adminApi(request)).createPerson(email, 'Gone Soon');

  await logInThroughUi(page, 'admin', e2eAdminPassword);
  await page.goto('/admin/persons');
  const table = page.getByRole('table', { name: 'Persons' });
  await table.getByRole('searchbox', { name: 'Filter email' }).fill(email);
  const row = table.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  page.on('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: /^Delete person/ }).focus();
  await page.keyboard.press('Enter');
  await expect(row).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.tagName), { message: 'the element that has the focus' })
    .not.toBe('BODY');
});
