import { acceptDialogs, adminApi, asTextareaValue, savedText, suffix } from '../admin-helpers.js';
import { e2eAdminPassword } from '../playwright.config.js';
import { expect, logInThroughUi, test, uniqueEmail } from '../fixtures.js';

test.describe('admin persons', () => {
  test.beforeEach(async ({ page }) => {
    await logInThroughUi(page, 'admin', e2eAdminPassword);
  });

  test('a new person gets a licence, its keys and devices show in DETAIL, and it is transferred', async ({ page, request }) => {
    const dialogs = acceptDialogs(page);
    const api = await adminApi(request);
    await page.goto('/admin/persons');
    // The editor opens with the defaults and creates the person on SAVE (decision 025).
    await page.getByRole('button', { name: 'New Person' }).click();
    await expect(page).toHaveURL(/\/admin\/person\/new$/);

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
    await expect(page).toHaveURL(/\/admin\/person\/[1-9]\d*$/);
    const personId = Number(new URL(page.url()).pathname.split('/').pop());

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
    const onlineRegistration = await request.post('/api/userinfo/registerproductfordevice', {
      data: { ProductName: 'Spacey', Key: order!.serialNew, DeviceIdHash: `${deviceId.slice(0, 31)}F`, DeviceName: 'Studio Mac' },
    });
    expect(onlineRegistration.ok(), await onlineRegistration.text()).toBe(true);

    await licences.getByRole('button', { name: `DETAIL of licence ${order!.id}` }).click();
    await expect(page.getByLabel('Key 1024')).toHaveValue(asTextareaValue(order!.serialNew));
    await expect(page.getByLabel('Key 2048')).toHaveValue(asTextareaValue(order!.serial2048));
    expect(order!.serial2048).not.toBe('');
    // Only a device named "Offline" offers the offline key file (spec §4), here as in the customer area.
    const online = page.getByTestId('device').filter({ hasText: 'Studio Mac' });
    await expect(online).toBeVisible();
    await expect(online.getByRole('button', { name: 'Download offline Key' })).toHaveCount(0);
    const device = page.getByTestId('device').filter({ hasText: 'Offline Device' });
    await expect(device).toContainText('Offline Device');
    await expect(device).toContainText(deviceId);
    const downloading = page.waitForEvent('download');
    await device.getByRole('button', { name: 'Download offline Key' }).click();
    const offlineKey = await downloading;
    expect(offlineKey.suggestedFilename()).toBe('Spacey_OfflineKey.txt');
    expect((await savedText(offlineKey)).length).toBeGreaterThan(100);

    await device.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByTestId('device')).toHaveCount(1);
    expect(dialogs.at(-1)).toContain('Offline Device');
    await online.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No devices registered.')).toBeVisible();

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
    // An address without a licence of the product is the administrator's mistake, and said so.
    await page.getByLabel('Email').fill('nobody-here@example.com');
    await page.getByRole('button', { name: 'SEND' }).click();
    await expect(page.getByText('Send serial failed: (nobody-here@example.com has no active licence of Spacey.)')).toBeVisible();

    // A refused Delete Login is alerted as "Error: ({message})".
    await page.goto(`/admin/person/${personId}`);
    await personForm.getByRole('button', { name: 'Delete Login' }).click();
    await expect.poll(() => dialogs.at(-1)).toBe('Error: (This person has no login.)');
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
    await table
      .getByRole('button', { name: /^Delete person/ })
      .first()
      .click();
    await expect(rows).toHaveCount(24);
  });
});
