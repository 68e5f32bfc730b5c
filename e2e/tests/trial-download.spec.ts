import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { adminApi } from '../admin-helpers.js';
import { expect, logInThroughUi, test } from '../fixtures.js';
import { e2eAdminPassword } from '../playwright.config.js';

// The demo's current Windows installer of Spacey (apps/server/src/db/demo-downloads.ts), public as its trial build.
const windowsInstaller = {
  fileName: 'spacey-1.2.0-windows.zip',
  sha256: '92e44f8d4e4153fa025c1b593d8f5b240eb41320c177be5b26e0f080e20f7d14',
};

test.describe('try before buying', () => {
  test('an anonymous visitor downloads an installer from a product page, and the administrator sees it counted', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Spacey', exact: true }).first().click();
    await expect(page).toHaveURL(/\/products\/spacey$/);
    await expect(page.getByRole('heading', { name: 'Spacey', level: 1 })).toBeVisible();

    const trial = page.getByRole('region', { name: 'Try Spacey free for 30 days' });
    await expect(trial).toContainText('no account needed');
    await expect(trial.getByTestId('trial-download')).toHaveCount(3);
    // Owners-only older versions are not offered.
    await expect(trial).not.toContainText('1.1.0');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      trial.getByRole('button', { name: 'Download Spacey 1.2.0 for Windows' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(windowsInstaller.fileName);
    const file = await readFile(await download.path());
    expect(createHash('sha256').update(file).digest('hex')).toBe(windowsInstaller.sha256);

    // Offline, the trial starts on the website by Device ID.
    await trial.getByRole('link', { name: 'start the trial on this website' }).click();
    await expect(page).toHaveURL(/\/trial\/Spacey$/);
    await expect(page.getByRole('heading', { name: 'Try Spacey' })).toBeVisible();

    // The administrator sees the download in the product editor.
    const spacey = await (await adminApi(request)).productNamed('Spacey');
    await logInThroughUi(page, 'admin', e2eAdminPassword);
    await page.goto(`/admin/product/${spacey.id}`);
    const row = page.getByTestId('admin-download').filter({ hasText: windowsInstaller.fileName });
    await expect(row).toContainText('Everyone (trial)');
    await expect(row.getByTestId('download-count')).not.toHaveText('0');
  });
});
