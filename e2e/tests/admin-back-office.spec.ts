import type { APIRequestContext, Page } from '@playwright/test';
import { adminApi, savedText, suffix } from '../admin-helpers.js';
import { e2eAdminPassword } from '../playwright.config.js';
import { expect, logInThroughUi, test, uniqueEmail } from '../fixtures.js';

/** The administrator's bearer header, for the data a journey sets up through the API. */
async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/api/login/', { data: { username: 'admin', password: e2eAdminPassword } });
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/** A person with a Punch licence (from the admin's NEW ORDER), answered with its serial key file. */
async function personWithLicence(request: APIRequestContext, email: string) {
  const api = await adminApi(request);
  const headers = await adminHeaders(request);
  const personId = await api.createPerson(email, 'Sandra Search');
  const punch = await api.productNamed('Punch');
  const created = await request.post('/api/order/', { headers, data: { id: 0, productId: punch.id, personId } });
  expect(created.ok(), await created.text()).toBe(true);
  const [order] = await api.ordersOf(personId);
  return { personId, order: order! };
}

const openAdminMenuEntry = async (page: Page, entry: string) => {
  await page.getByRole('button', { name: 'ADMIN' }).click();
  await page.getByLabel('ADMIN').getByRole('link', { name: entry, exact: true }).click();
};

test.describe('the back office', () => {
  test.beforeEach(async ({ page }) => {
    await logInThroughUi(page, 'admin', e2eAdminPassword);
  });

  test('the dashboard shows revenue, licences and activity per day, week and month', async ({ page, request }) => {
    await personWithLicence(request, uniqueEmail('dash'));
    await openAdminMenuEntry(page, 'DASHBOARD');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    const totals = page.getByLabel('Totals', { exact: true });
    await expect(totals.getByText('Licences', { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Revenue per day and currency' })).toBeVisible();
    await expect(page.getByRole('img', { name: /Licences, activations, refunds and transfers per day/ })).toBeVisible();
    const products = page.getByRole('table', { name: 'Products' });
    await expect(products.getByRole('cell', { name: 'Punch', exact: true }).first()).toBeVisible();

    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'Months' }).click();
    await expect(page.getByRole('heading', { name: 'Revenue per month' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Revenue per month and currency' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Top countries' }).getByRole('cell', { name: 'CH', exact: true })).toBeVisible();
  });

  test('one search box finds the person and the licence from a serial key, an email or a name', async ({ page, request }) => {
    const email = uniqueEmail('found');
    const { personId, order } = await personWithLicence(request, email);
    await page.goto('/admin/products');
    const search = page.getByRole('search');
    await search.getByRole('searchbox', { name: 'Search persons and licences' }).fill(order.serialNew);
    await search.getByRole('button', { name: 'Find' }).click();
    const results = page.getByRole('region', { name: 'Search results' });
    const hit = results.getByRole('link', { name: new RegExp(`${email}.*licence ${order.id} \\(Punch\\)`) });
    await expect(hit).toBeVisible();
    await expect(results.getByText('key', { exact: true })).toBeVisible();
    await hit.click();
    await expect(page).toHaveURL(new RegExp(`/admin/person/${personId}$`));
    await expect(page.getByRole('region', { name: 'Person' }).getByLabel('Email', { exact: true })).toHaveValue(email);

    // From this licence, Resend Serial opens with the product and the address filled in.
    const licences = page.getByRole('table', { name: 'Licences' });
    await licences
      .getByRole('button', { name: /detail/i })
      .first()
      .click();
    // The licence's own link (the side navigation's RESEND SERIAL opens the empty form).
    await licences.getByRole('link', { name: 'Resend Serial', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Resend serial: Punch' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);

    await page.getByRole('searchbox', { name: 'Search persons and licences' }).fill('Sandra Search');
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByRole('region', { name: 'Search results' }).getByRole('link', { name: new RegExp(email) })).toBeVisible();
  });

  test('a distributor batch shows who redeemed which code, downloads as CSV, and its open codes are voided', async ({ page, request }) => {
    const headers = await adminHeaders(request);
    const distributor = `Journey Distributor ${suffix()}`;
    const created = await request.post('/api/order/unassigned/create/', {
      headers,
      data: { ProductName: 'Punch', DistributorName: distributor, NumberOfOrders: 3 },
    });
    const { batchNumber } = (await created.json()) as { batchNumber: number };
    const keys = (await (await request.get(`/api/order/unassigned/serials/${batchNumber}`, { headers })).text()).trim().split('\n');
    const redeemer = uniqueEmail('redeemer');
    const redeemed = await request.post('/api/userinfo/registerproduct', {
      data: { ActivationKey: keys[0], Email: redeemer, FirstName: 'Rosa', LastName: 'Redeem' },
    });
    expect(redeemed.ok()).toBe(true);

    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await openAdminMenuEntry(page, 'BATCHES');
    const table = page.getByRole('table', { name: 'Batches' });
    await table.getByRole('searchbox', { name: 'Filter Distributor' }).fill(distributor);
    const row = table.getByRole('row').filter({ hasText: distributor });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell')).toContainText([String(batchNumber), 'Punch', distributor]);

    await row.getByRole('button', { name: `Codes of batch ${batchNumber}`, exact: true }).click();
    const codes = page.getByRole('table', { name: `Codes of batch ${batchNumber}` });
    await expect(codes.getByRole('row').filter({ hasText: keys[0]! })).toContainText(redeemer);
    await expect(codes.getByRole('row').filter({ hasText: keys[1]! })).toContainText('open');

    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: `Download batch ${batchNumber} as CSV` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`Punch-batch-${batchNumber}.csv`);
    expect(await savedText(download)).toContain(`${keys[0]},${batchNumber},Punch,${distributor},redeemed,`);

    await row.getByRole('button', { name: `Void the unredeemed codes of batch ${batchNumber}` }).click();
    expect(dialogs.at(-1)).toBe(
      `Void the 2 unredeemed codes of batch ${batchNumber} (Punch, ${distributor})? They can no longer be redeemed. The 1 redeemed codes stay licences.`,
    );
    await expect(page.getByRole('status')).toHaveText(`2 codes of batch ${batchNumber} voided.`);
    await expect(codes.getByRole('row').filter({ hasText: keys[1]! })).toContainText('voided');

    // The audit log names who voided which batch.
    await openAdminMenuEntry(page, 'AUDIT LOG');
    const log = page.getByRole('table', { name: 'Audit log' });
    await log.getByRole('searchbox', { name: 'Filter Action' }).fill('void');
    await log.getByRole('searchbox', { name: 'Filter Record id' }).fill(String(batchNumber));
    const entry = log.getByRole('row').filter({ hasText: 'activation-batch' });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('admin');
    await expect(entry).toContainText('"voided": 2');
  });

  test('a new page is a draft until published, and the editor warns before unsaved changes are lost', async ({ page }) => {
    const name = `Draft ${suffix()}`;
    const url = `/${name.toLowerCase().replace(' ', '-')}`;
    await page.goto('/admin/pages');
    await page.getByLabel('Url of the new page').fill(url);
    await page.getByRole('button', { name: 'NEW PAGE' }).click();
    await expect(page).toHaveURL(/\/admin\/page\/new\?url=/);
    const form = page.getByRole('form', { name: 'Page' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Main menu', { exact: true }).check();
    await expect(form.getByLabel('Published')).not.toBeChecked();

    // Leaving with unsaved changes asks first; staying keeps them. Nothing was created.
    const questions: string[] = [];
    page.once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('link', { name: 'ABOUT', exact: true }).click();
    expect(questions).toEqual(['You have unsaved changes. Leave this page and lose them?']);
    await expect(page).toHaveURL(/\/admin\/page\/new\?url=/);
    await expect(form.getByLabel('Name')).toHaveValue(name);

    await form.getByRole('button', { name: 'SAVE PAGE' }).click();
    await expect(page).toHaveURL(/\/admin\/page\/\d+$/);
    await expect(form.getByText('Draft: not served, not in the menu')).toBeVisible();
    const nav = page.getByRole('navigation');
    await expect(nav.getByRole('link', { name: name.toUpperCase(), exact: true })).toHaveCount(0);
    await page.goto(url);
    await expect(page.getByRole('heading', { name: 'Hello World!!' })).toHaveCount(0);

    await page.goto('/admin/pages');
    const table = page.getByRole('table', { name: 'Pages' });
    await table.getByRole('searchbox', { name: 'Filter url' }).fill(url);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').filter({ hasText: name })).toContainText('draft');
    await table.getByRole('link', { name: 'EDIT' }).click();
    await form.getByLabel('Published').check();
    await form.getByRole('button', { name: 'SAVE PAGE' }).click();
    await expect(form.getByRole('status')).toContainText('Page saved.');
    await nav.getByRole('link', { name: name.toUpperCase(), exact: true }).click();
    await expect(page.locator('main.content-page').getByRole('heading', { name: 'Hello World!!' })).toBeVisible();
  });

  test('the activation codes table fits a 1280-pixel screen and all orders list every licence', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin/orders');
    const codes = page.getByRole('table', { name: 'Unassigned licences' });
    await expect(codes).toBeVisible();
    const box = await codes.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(1280);

    const email = uniqueEmail('orders');
    const { order } = await personWithLicence(request, email);
    await openAdminMenuEntry(page, 'ORDERS');
    const orders = page.getByRole('table', { name: 'Orders' });
    await orders.getByRole('searchbox', { name: 'Filter Person' }).fill(email);
    const row = orders.getByRole('row').filter({ hasText: email });
    await expect(orders.getByRole('row')).toHaveCount(2);
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell')).toContainText([String(order.id), email, 'Punch', 'Admin', 'active']);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await savedText(await downloading);
    expect(csv.trimEnd().split('\r\n')).toHaveLength(2);
    expect(csv).toContain(`,${email},Sandra Search,Punch,,,Admin,active`);
  });
});
