import { readFile } from 'node:fs/promises';
import { e2eAdminPassword } from '../playwright.config.js';
import { expect, logInThroughUi, test } from '../fixtures.js';

const randomDeviceId = () => Array.from({ length: 32 }, () => '0123456789ABCDEF'[Math.floor(Math.random() * 16)]).join('');

test.describe('trials', () => {
  test('a visitor starts a trial for an offline computer and saves its key; the admin sees it under the product', async ({
    page,
    request,
  }) => {
    const deviceId = randomDeviceId();
    await page.goto('/trial/spacey');
    await expect(page.getByRole('heading', { name: 'Try Spacey' })).toBeVisible();
    await expect(page.getByLabel('Product')).toHaveValue('Spacey');
    await page.getByLabel('Device ID of the offline plug-in').fill('too-short');
    await page.getByRole('button', { name: 'START TRIAL' }).click();
    await expect(page.getByText('Please enter a valid Device ID (32 characters long).')).toBeVisible();

    await page.getByLabel('Device ID of the offline plug-in').fill(deviceId);
    await page.getByLabel('Email (optional)').fill('visitor@example.com');
    await page.getByRole('button', { name: 'START TRIAL' }).click();
    const result = page.getByTestId('trial-result');
    await expect(result).toContainText('Your 30-day trial of Spacey runs until');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      result.getByRole('button', { name: 'Download trial key' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Spacey_TrialKey.txt');
    expect(await readFile(await download.path(), 'utf8')).toMatch(
      // A trial's key names no one: nobody proved the address (the admin still sees it with the trial, below).
      new RegExp(
        `^Keyfile for Spacey\r\nUser: Trial\r\nEmail: trial\r\nMachine numbers: ${deviceId}\r\n[\\s\\S]*Expires: [\\s\\S]*\r\n\r\n#[0-9a-f]`,
      ),
    );

    // The same computer again: the same key, said so.
    await page.getByRole('button', { name: 'START TRIAL' }).click();
    await expect(result).toContainText('This computer already has a trial of Spacey');

    await logInThroughUi(page, 'admin', e2eAdminPassword);
    const products = (await (await request.get('/api/product/')).json()) as { id: number; name: string }[];
    await page.goto(`/admin/product/${products.find((product) => product.name === 'Spacey')!.id}`);
    const trials = page.getByRole('region', { name: /^Trials/ });
    await expect(trials.getByRole('row').filter({ hasText: deviceId })).toContainText('visitor@example.com');
    await expect(page.getByLabel('Trial length (days)')).toHaveValue('30');
  });
});
