import { acceptDialogs, savedText, suffix } from '../admin-helpers.js';
import { e2eAdminPassword } from '../playwright.config.js';
import { expect, logInThroughUi, test, uniqueEmail } from '../fixtures.js';

test.describe('admin activation codes', () => {
  test.beforeEach(async ({ page }) => {
    await logInThroughUi(page, 'admin', e2eAdminPassword);
  });

  test('a batch of 5 activation codes is downloaded, one is redeemed, 4 are left', async ({ page }) => {
    acceptDialogs(page);
    const distributor = `Distributor ${suffix()}`;
    await page.goto('/admin/orders');
    const create = page.getByRole('region', { name: 'Create activation keys for a distributor' });
    await create.getByRole('button', { name: 'CREATE' }).click();
    await expect(create.getByText('Required', { exact: true })).toHaveCount(3);
    await create.getByLabel('Product').selectOption({ label: 'Punch' });
    await create.getByLabel('Distributor').fill(distributor);
    await create.getByLabel('How many').fill('5');
    await create.getByRole('button', { name: 'CREATE' }).click();
    await expect(create.getByTestId('batch-number')).toHaveText(/^\d+$/);
    const batchNumber = (await create.getByTestId('batch-number').textContent()) ?? '';

    const download = page.getByRole('region', { name: 'Download a batch' });
    await expect(download.getByLabel('Batch number')).toHaveValue(batchNumber);
    const downloading = page.waitForEvent('download');
    await download.getByRole('button', { name: 'DOWNLOAD' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe('Punch.txt');
    const keys = (await savedText(file)).split('\n').filter((line) => line !== '');
    expect(keys).toHaveLength(5);

    const table = page.getByRole('table', { name: 'Unassigned licences' });
    await table.getByRole('searchbox', { name: 'Filter distributor' }).fill(distributor);
    await expect(table.getByRole('row')).toHaveCount(6);
    await expect(table.getByRole('searchbox', { name: 'Filter id' })).toHaveAttribute('placeholder', 'search (5) ...');

    // A customer redeems one on /activate.
    const customer = uniqueEmail('redeemer');
    await page.goto('/activate');
    await page.getByLabel('Activation Key').fill(keys[0]!);
    await page.getByLabel('Email', { exact: true }).fill(customer);
    await page.getByLabel('Confirm Email').fill(customer);
    await page.getByLabel('First Name').fill('Rita');
    await page.getByLabel('Last Name').fill('Redeemer');
    await page.getByRole('button', { name: 'ACTIVATE' }).click();
    await expect(page.getByText(`Thanks for activation. We have sent the serial key to ${customer}`)).toBeVisible();

    await page.goto('/admin/orders');
    await table.getByRole('searchbox', { name: 'Filter distributor' }).fill(distributor);
    await expect(table.getByRole('row')).toHaveCount(5);
    await expect(table.getByRole('cell', { name: keys[0]! })).toHaveCount(0);

    // An unused one is deleted.
    await table.getByRole('button', { name: `Delete activation code ${keys[1]}` }).click();
    await expect(table.getByRole('row')).toHaveCount(4);
  });
});
