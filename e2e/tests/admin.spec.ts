import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { e2eAdminPassword } from '../playwright.config.js';
import { expect, logInThroughUi, test, uniqueEmail } from '../fixtures.js';

type Order = { id: number; productName?: string; serial: string; serialNew: string; serial2048: string };

const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** The administrator's API calls, for the data a journey needs before it starts. */
async function adminApi(request: APIRequestContext) {
  const login = await request.post('/api/login/', { data: { username: 'admin', password: e2eAdminPassword } });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  return {
    async createPerson(email: string, name: string): Promise<number> {
      const answer = await request.post('/api/person/', { headers, data: { id: 0, email, name, country: 'CH' } });
      expect(answer.ok(), await answer.text()).toBe(true);
      return ((await answer.json()) as { id: number }).id;
    },
    async ordersOf(personId: number): Promise<Order[]> {
      const answer = await request.get(`/api/order/byPerson/${personId}`, { headers });
      expect(answer.ok()).toBe(true);
      return (await answer.json()) as Order[];
    },
    async personIdOf(email: string): Promise<number> {
      const answer = await request.get(`/api/person/byEmail/${encodeURIComponent(email)}`, { headers });
      expect(answer.ok()).toBe(true);
      return ((await answer.json()) as { id: number }).id;
    },
  };
}

/** Confirms every dialog (delete confirmations) and keeps their texts. */
function acceptDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

/** A textarea's value: the browser turns the key files' CRLF line ends into LF. */
const asTextareaValue = (text: string) => text.replace(/\r\n/g, '\n');

const savedText = async (download: Download) => readFile(await download.path(), 'utf8');

test.describe('admin', () => {
  test.beforeEach(async ({ page }) => {
    await logInThroughUi(page, 'admin', e2eAdminPassword);
  });

  test('a new person gets a licence, its keys and devices show in DETAIL, and it is transferred', async ({ page, request }) => {
    const dialogs = acceptDialogs(page);
    const api = await adminApi(request);
    await page.goto('/admin/persons');
    await page.getByRole('button', { name: 'New Person' }).click();
    await expect(page).toHaveURL(/\/admin\/person\/\d+$/);
    const personId = Number(new URL(page.url()).pathname.split('/').pop());

    const personForm = page.getByRole('region', { name: 'Person' });
    await expect(personForm.getByLabel('Name', { exact: true })).toHaveValue('name');
    await expect(personForm.getByLabel('Country')).toHaveValue('CH');
    await personForm.getByRole('button', { name: 'SAVE', exact: true }).click();
    await expect(personForm.getByText('Email is required')).toBeVisible();
    const email = uniqueEmail('person');
    await personForm.getByLabel('Email', { exact: true }).fill(email);
    await expect(personForm.getByText('Email is required')).toBeHidden();
    await personForm.getByLabel('Name', { exact: true }).fill('Paula Person');
    await personForm.getByRole('button', { name: 'SAVE', exact: true }).click();
    await expect(personForm.getByRole('status')).toHaveText('Saved.');

    // NEW ORDER, then the licence is listed.
    const newOrder = page.getByRole('region', { name: 'New order/license' });
    await newOrder.getByRole('button', { name: 'NEW ORDER' }).click();
    await expect(newOrder.getByText('Required')).toBeVisible();
    await newOrder.getByLabel('Product').selectOption({ label: 'Spacey' });
    await newOrder.getByRole('button', { name: 'NEW ORDER' }).click();
    const licences = page.getByRole('table', { name: 'Licences' });
    await expect(licences.getByRole('cell', { name: 'Spacey' })).toBeVisible();
    await personForm.getByRole('button', { name: 'Refresh Serial Keys' }).click();
    await expect(personForm.getByRole('status')).toHaveText('Serial keys refreshed.');
    const [order] = await api.ordersOf(personId);
    expect(order?.productName).toBe('Spacey');
    expect(order?.serial2048).toContain('User: Paula Person');

    // Delete Login removes the credentials only.
    expect((await request.post('/api/register', { data: { email, password: 'secret-pass' } })).ok()).toBe(true);
    await personForm.getByRole('button', { name: 'Delete Login' }).click();
    await expect(personForm.getByRole('status')).toHaveText('Login deleted.');
    expect((await request.post('/api/login/', { data: { username: email, password: 'secret-pass' } })).ok()).toBe(false);

    // A computer registered by the plug-in with the licence key.
    const deviceId = `${suffix()}00000000000000000000000000000000`.slice(0, 32);
    const registration = await request.post('/api/userinfo/registerproductfordevice', {
      data: { ProductName: 'Spacey', Key: order!.serial2048 || order!.serialNew, DeviceIdHash: deviceId, DeviceName: 'Offline Device' },
    });
    expect(registration.ok(), await registration.text()).toBe(true);

    await licences.getByRole('button', { name: `DETAIL of licence ${order!.id}` }).click();
    await expect(page.getByLabel('Key 1024')).toHaveValue(asTextareaValue(order!.serialNew));
    await expect(page.getByLabel('Key 2048')).toHaveValue(asTextareaValue(order!.serial2048));
    expect(order!.serial2048).not.toBe('');
    const device = page.getByTestId('device');
    await expect(device).toContainText('Offline Device');
    await expect(device).toContainText(deviceId);
    const downloading = page.waitForEvent('download');
    await device.getByRole('button', { name: 'Download offline Key' }).click();
    const offlineKey = await downloading;
    expect(offlineKey.suggestedFilename()).toBe('Spacey_OfflineKey.txt');
    expect((await savedText(offlineKey)).length).toBeGreaterThan(100);

    await device.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No devices registered.')).toBeVisible();
    expect(dialogs.at(-1)).toContain('Offline Device');

    // Transfer the ticked licence.
    const transfer = page.getByRole('region', { name: 'Transfer license' });
    await transfer.getByRole('button', { name: 'TRANSFER' }).click();
    await expect(transfer.getByText('Owner email is required')).toBeVisible();
    const newOwner = uniqueEmail('new-owner');
    await transfer.getByLabel('New owner email').fill(newOwner);
    await transfer.getByLabel('New owner full name').fill('Nora Newowner');
    await transfer.getByRole('button', { name: 'TRANSFER' }).click();
    await expect(transfer.getByText('Tick the licences to transfer in the table below.')).toBeVisible();
    await licences.getByRole('checkbox', { name: `Select licence ${order!.id}` }).check();
    await transfer.getByRole('button', { name: 'TRANSFER' }).click();
    await expect(transfer.getByRole('status')).toHaveText(`1 licence transferred to ${newOwner}.`);
    await expect(licences.getByText('No licences')).toBeVisible();
    const newOwnerOrders = await api.ordersOf(await api.personIdOf(newOwner));
    expect(newOwnerOrders.map((moved) => moved.id)).toContain(order!.id);

    // The key can be resent to the new owner.
    await page.goto('/admin/resendserial/Spacey');
    await page.getByRole('button', { name: 'SEND' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await page.getByLabel('Email').fill(newOwner);
    await page.getByRole('button', { name: 'SEND' }).click();
    await expect(page.getByRole('status')).toHaveText(`Email sent to ${newOwner}`);

    // A refused Delete Login is alerted as "Error: ({message})".
    await page.goto(`/admin/person/${personId}`);
    await personForm.getByRole('button', { name: 'Delete Login' }).click();
    await expect.poll(() => dialogs.at(-1)).toBe('Error: (This person has no login.)');
  });

  test('a page is created and edited with a live preview, then shows on the site and in the menu', async ({ page }) => {
    acceptDialogs(page);
    const name = `Journey ${suffix()}`;
    const url = `/${name.toLowerCase().replace(' ', '-')}`;
    await page.goto('/admin/pages');
    await expect(page.getByRole('heading', { name: 'Edit Pages' })).toBeVisible();
    await page.getByRole('button', { name: 'NEW PAGE' }).click();
    await expect(page.getByText('Please enter a URL!')).toBeVisible();
    await page.getByLabel('Url of the new page').fill(url);
    await page.getByRole('button', { name: 'NEW PAGE' }).click();
    await expect(page).toHaveURL(/\/admin\/page\/\d+$/);

    const form = page.getByRole('form', { name: 'Page' });
    await expect(form.getByLabel('Url')).toHaveValue(url);
    await form.getByLabel('Main menu priority').fill('');
    await form.getByRole('button', { name: 'SAVE PAGE' }).click();
    await expect(form.getByText('Name is required')).toBeVisible();
    await expect(form.getByText('Priority is required')).toBeVisible();
    await form.getByLabel('Url').fill('');
    await expect(form.getByText('Url is required')).toBeVisible();
    await form.getByLabel('Url').fill(url);
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Main menu priority').fill('50');
    await form.getByLabel('Main menu', { exact: true }).check();

    // The preview shows the HTML as typed, prices included, like the public page.
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('heading', { name: 'Hello World!!' })).toBeVisible();
    const editor = page.locator('.cm-content');
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText('<h1>Fresh from the editor</h1><p>Spacey costs <shop-price product="spacey"></shop-price></p>');
    await expect(preview.getByRole('heading', { name: 'Fresh from the editor' })).toBeVisible();
    await expect(preview.locator('.content-page shop-price')).toContainText('+ VAT');

    await form.getByRole('button', { name: 'SAVE PAGE' }).click();
    await expect(form.getByRole('status')).toContainText('Page saved.');

    // The menu updates at once, in upper case, and the page is live.
    const nav = page.getByRole('navigation');
    await nav.getByRole('link', { name: name.toUpperCase(), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${url}$`));
    await expect(page.locator('main.content-page').getByRole('heading', { name: 'Fresh from the editor' })).toBeVisible();
    await expect(page.locator('main.content-page shop-price')).toContainText('+ VAT');

    // Listed, then deleted: gone from the list and the menu.
    await page.goto('/admin/pages');
    const table = page.getByRole('table', { name: 'Pages' });
    await table.getByRole('searchbox', { name: 'Filter url' }).fill(url);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('cell', { name, exact: true })).toBeVisible();
    await table.getByRole('button', { name: `Delete page ${url}` }).click();
    await expect(table.getByText('No pages')).toBeVisible();
    await expect(nav.getByRole('link', { name: name.toUpperCase(), exact: true })).toHaveCount(0);
  });

  test('a new product gets generated keys and serials, and a new order takes a serial', async ({ page, request }) => {
    const dialogs = acceptDialogs(page);
    const api = await adminApi(request);
    const name = `Plug${suffix()}`;
    const serials = [`${name}-SERIAL-1`, `${name}-SERIAL-2`, `${name}-SERIAL-3`];

    await page.goto('/admin/products');
    await page.getByRole('button', { name: 'NEW PRODUCT' }).click();
    await expect(page).toHaveURL(/\/admin\/product\/\d+$/);
    const form = page.getByRole('form', { name: 'Product' });
    await expect(form.getByLabel('Name')).toHaveValue('New Name');
    await expect(form.getByLabel('Description')).toHaveValue('New Description');
    await form.getByLabel('Name').fill('');
    await form.getByLabel('Description').fill('');
    await form.getByRole('button', { name: 'SAVE PRODUCT' }).click();
    await expect(form.getByText('Name is required')).toBeVisible();
    await expect(form.getByText('Required', { exact: true })).toBeVisible();
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Description').fill('A journey plug-in');
    await form.getByLabel('Price').fill('49');
    await form.getByLabel('use RSA 2048').check();

    await form.getByRole('button', { name: 'Generate keys' }).click();
    await expect(form.getByLabel('Public Key', { exact: true })).toHaveValue(/^[0-9a-f]+,[0-9a-f]+$/);
    await expect(form.getByLabel('Private Key (RSA 2048)')).toHaveValue(/^[0-9a-f]+,[0-9a-f]+$/);
    await expect(form.getByRole('alert')).toHaveCount(0);
    await expect(form.getByLabel('Serials (one a line)')).toHaveAttribute('rows', '10');
    await form.getByLabel('Serials (one a line)').fill(serials.join('\n'));
    await form.getByRole('button', { name: 'SAVE PRODUCT' }).click();
    await expect(form.getByRole('status')).toHaveText('Product saved.');
    expect(dialogs).toEqual([]);

    // New keys for a product that has keys: warned, and confirmed before saving.
    await form.getByRole('button', { name: 'Generate keys' }).click();
    await expect(form.getByText(/The public key changed/)).toBeVisible();
    await form.getByRole('button', { name: 'SAVE PRODUCT' }).click();
    await expect(form.getByRole('status')).toHaveText('Product saved.');
    expect(dialogs.at(-1)).toContain('The public key changed');

    // A mismatched pair is refused by the server, with its reason.
    await form.getByLabel('Private Key', { exact: true }).fill('3,abcdef');
    await form.getByRole('button', { name: 'SAVE PRODUCT' }).click();
    await expect(form.getByRole('alert')).toContainText('Key pair');
    await logInThroughUi(page, 'admin', e2eAdminPassword);

    // A new order takes the first serial.
    const email = uniqueEmail('buyer');
    const personId = await api.createPerson(email, 'Bea Buyer');
    await page.goto(`/admin/person/${personId}`);
    await page.getByLabel('Product', { exact: true }).selectOption({ label: name });
    await page.getByRole('button', { name: 'NEW ORDER' }).click();
    const licences = page.getByRole('table', { name: 'Licences' });
    await expect(licences.getByRole('cell', { name, exact: true })).toBeVisible();
    const [order] = await api.ordersOf(personId);
    expect(order?.serial).toBe(serials[0]);
    await licences.getByRole('button', { name: `DETAIL of licence ${order!.id}` }).click();
    await expect(page.getByLabel('Serial', { exact: true })).toHaveValue(serials[0]!);
    await expect(page.getByLabel('Key 2048')).toHaveValue(asTextareaValue(order!.serial2048));

    await page.goto('/admin/products');
    const table = page.getByRole('table', { name: 'Products' });
    await expect(table.getByRole('cell', { name, exact: true })).toBeVisible();
    await expect(table.getByRole('cell', { name: 'A journey plug-in' })).toBeVisible();
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

  test('the persons list sorts, filters, resizes and pages on the server', async ({ page, request }) => {
    acceptDialogs(page);
    const api = await adminApi(request);
    const prefix = `grid${suffix()}`;
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXY';
    // Created Y first, so the id order differs from the name order.
    for (let index = 0; index < letters.length; index++) {
      await api.createPerson(`${prefix}-${index}@example.com`, `${prefix} ${letters[letters.length - 1 - index]}`);
    }

    await page.goto('/admin/persons');
    const table = page.getByRole('table', { name: 'Persons' });
    const rows = table.locator('tbody tr');
    const firstName = rows.first().locator('td').nth(2);
    await table.getByRole('searchbox', { name: 'Filter email' }).fill(prefix);
    await expect(page.getByText('Page 1 of 3')).toBeVisible();
    await expect(rows).toHaveCount(10);
    await expect(table.getByRole('searchbox', { name: 'Filter name' })).toHaveAttribute('placeholder', 'search (25) ...');

    const nameHeader = table.getByRole('columnheader', { name: /^name/ });
    await nameHeader.getByRole('button').click();
    await expect(nameHeader.getByRole('button')).toHaveText('name ▲');
    await expect(firstName).toHaveText(`${prefix} A`);
    await nameHeader.getByRole('button').click();
    await expect(nameHeader.getByRole('button')).toHaveText('name ▼');
    await expect(firstName).toHaveText(`${prefix} Y`);

    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText('Page 2 of 3')).toBeVisible();
    await expect(firstName).toHaveText(`${prefix} O`);
    await page.getByRole('button', { name: 'Last page' }).click();
    await expect(page.getByText('Page 3 of 3')).toBeVisible();
    await expect(rows).toHaveCount(5);
    await expect(firstName).toHaveText(`${prefix} E`);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(page.getByText('Page 2 of 3')).toBeVisible();
    await page.getByRole('button', { name: 'First page' }).click();
    await expect(page.getByText('Page 1 of 3')).toBeVisible();
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('30');
    await expect(page.getByText('Page 1 of 1')).toBeVisible();
    await expect(rows).toHaveCount(25);

    // Filters combine: the name column narrows the email filter's rows.
    await table.getByRole('searchbox', { name: 'Filter name' }).fill(`${prefix} C`);
    await expect(rows).toHaveCount(1);
    await table.getByRole('searchbox', { name: 'Filter name' }).fill('');
    await expect(rows).toHaveCount(25);

    // Resizing the email column by dragging its handle.
    const emailHeader = table.getByRole('columnheader', { name: /^email/ });
    const widthBefore = (await emailHeader.boundingBox())!.width;
    const handle = (await table.getByRole('separator', { name: 'Resize email' }).boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + 120, handle.y + handle.height / 2, { steps: 8 });
    await page.mouse.up();
    expect((await emailHeader.boundingBox())!.width).toBeGreaterThan(widthBefore + 100);

    // X deletes a person after confirmation; the list reloads.
    await table.getByRole('button', { name: /^Delete person/ }).first().click();
    await expect(rows).toHaveCount(24);
  });
});
