import { acceptDialogs, adminApi, asTextareaValue, suffix } from '../admin-helpers.js';
import { e2eAdminPassword } from '../playwright.config.js';
import { expect, logInThroughUi, payInSandboxPopup, test, uniqueEmail } from '../fixtures.js';

test.describe('admin pages and products', () => {
  test.beforeEach(async ({ page }) => {
    await logInThroughUi(page, 'admin', e2eAdminPassword);
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
    // The HTML editor's chunk is held back: while it loads, its box is kept, so SAVE PAGE stays where it is.
    let releaseEditor = () => {};
    const editorHeld = new Promise<void>((resolve) => (releaseEditor = resolve));
    await page.route(/html-code-editor[^/]*\.js$/, async (route) => {
      await editorHeld;
      await route.continue();
    });
    // The editor opens with the defaults; SAVE PAGE creates the page (decision 025).
    await page.getByRole('button', { name: 'NEW PAGE' }).click();
    await expect(page).toHaveURL(/\/admin\/page\/new\?url=/);

    const form = page.getByRole('form', { name: 'Page' });
    const saveButton = form.getByRole('button', { name: 'SAVE PAGE' });
    await expect(form.getByText('Loading the editor…')).toBeVisible();
    const whileLoading = await saveButton.boundingBox();
    releaseEditor();
    await expect(page.locator('.cm-content')).toBeVisible();
    expect(await saveButton.boundingBox()).toEqual(whileLoading);
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
    // A new page is a draft; this one goes live at once.
    await form.getByLabel('Published').check();

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
    await expect(page).toHaveURL(/\/admin\/page\/\d+$/);

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

  test('a keyboard user tabs past the HTML box without changing the page (no keyboard trap)', async ({ page }) => {
    await page.goto('/admin/pages');
    const table = page.getByRole('table', { name: 'Pages' });
    await table.getByRole('searchbox', { name: 'Filter url' }).fill('/about');
    await expect(table.getByRole('row')).toHaveCount(2);
    await table.getByRole('link', { name: 'EDIT' }).click();
    const form = page.getByRole('form', { name: 'Page' });
    const html = page.getByRole('textbox', { name: 'HTML' });
    await expect(html).toBeVisible();
    const htmlBefore = await html.innerText();

    await form.getByLabel('Published').focus();
    await page.keyboard.press('Tab');
    await expect(html).toBeFocused();
    // Tab moves on, as in every other field, and indents nothing (WCAG 2.1.2; the browser test 2026-11-29, finding 3).
    await page.keyboard.press('Tab');
    await expect(html).not.toBeFocused();
    expect(await html.innerText()).toBe(htmlBefore);
  });

  test('a new product gets generated keys, serials and its FastSpring path; a new order and a purchase each take one', async ({
    page,
    request,
  }) => {
    const dialogs = acceptDialogs(page);
    const api = await adminApi(request);
    const name = `Plug ${suffix()}`;
    const path = `${name.toLowerCase().replace(' ', '-')}-fx`;
    const serials = [`${name}-SERIAL-1`, `${name}-SERIAL-2`, `${name}-SERIAL-3`];

    await page.goto('/admin/products');
    // The editor opens with the defaults; SAVE PRODUCT creates the product (decision 025).
    await page.getByRole('button', { name: 'NEW PRODUCT' }).click();
    await expect(page).toHaveURL(/\/admin\/product\/new$/);
    const form = page.getByRole('form', { name: 'Product' });
    await expect(form.getByLabel('Name')).toHaveValue('New Name');
    await expect(form.getByLabel('Description')).toHaveValue('New Description');
    await form.getByLabel('Name').fill('');
    await form.getByLabel('Description').fill('');
    await form.getByRole('button', { name: 'SAVE PRODUCT' }).click();
    await expect(form.getByText('Name is required')).toBeVisible();
    await expect(form.getByText('Required', { exact: true })).toBeVisible();
    await form.getByLabel('Name').fill(name);
    // A new product's FastSpring path follows its name until set (decision 026); this one sells under its own.
    await expect(form.getByLabel('FastSpring path')).toHaveValue(name.toLowerCase().replace(' ', '-'));
    await form.getByLabel('FastSpring path').fill(path);
    await form.getByLabel('Description').fill('A journey plug-in');
    await form.getByLabel('Price').fill('49');
    await form.getByLabel('use RSA 2048').check();

    await form.getByRole('button', { name: 'Generate keys' }).click();
    await expect(form.getByLabel('Public Key', { exact: true })).toHaveValue(/^[0-9a-f]+,[0-9a-f]+$/);
    // Private keys stay hidden until shown.
    await form.getByRole('button', { name: 'Show Private Key (RSA 2048)' }).click();
    await expect(form.getByLabel('Private Key (RSA 2048)', { exact: true })).toHaveValue(/^[0-9a-f]+,[0-9a-f]+$/);
    await expect(form.getByRole('alert')).toHaveCount(0);
    await expect(form.getByLabel('Serials (one a line)')).toHaveAttribute('rows', '10');
    await form.getByLabel('Serials (one a line)').fill(serials.join('\n'));
    await form.getByRole('button', { name: 'SAVE PRODUCT' }).click();
    await expect(form.getByRole('status')).toHaveText('Product saved.');
    await expect(page).toHaveURL(/\/admin\/product\/[1-9]\d*$/);
    expect(dialogs).toEqual([]);

    // New keys for a product that has keys: asked first, warned, and confirmed before saving.
    await form.getByRole('button', { name: 'Generate keys' }).click();
    await page.getByRole('dialog', { name: "Replace this product's keys?" }).getByRole('button', { name: 'Generate new keys' }).click();
    await expect(form.getByText(/The public key changed/)).toBeVisible();
    await form.getByRole('button', { name: 'SAVE PRODUCT' }).click();
    await expect(form.getByRole('status')).toHaveText('Product saved.');
    expect(dialogs.at(-1)).toContain('The public key changed');

    // A mismatched pair is refused by the server, with its reason.
    await form.getByRole('button', { name: 'Show Private Key', exact: true }).click();
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

    // A purchase through the sandbox checkout, addressed by the product's name, pushes its path and takes the next serial.
    const buyerEmail = uniqueEmail('purchaser');
    await page.goto(`/purchase/${encodeURIComponent(name)}`);
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await page.getByRole('button', { name: 'Checkout' }).click();
    await payInSandboxPopup(page, buyerEmail);
    await expect(page.getByTestId('message')).toHaveText('Thanks for your purchase.');
    const buyerId = await api.personIdOf(buyerEmail);
    const [purchase] = await api.ordersOf(buyerId);
    expect(purchase?.serial).toBe(serials[1]);
    await page.goto(`/admin/person/${buyerId}`);
    await expect(licences.getByRole('cell', { name, exact: true })).toBeVisible();
    await licences.getByRole('button', { name: `DETAIL of licence ${purchase!.id}` }).click();
    await expect(page.getByLabel('Serial', { exact: true })).toHaveValue(serials[1]!);

    // The third serial is still free: the buyer's next order gets it.
    await page.getByLabel('Product', { exact: true }).selectOption({ label: name });
    await page.getByRole('button', { name: 'NEW ORDER' }).click();
    await expect(licences.getByRole('cell', { name, exact: true })).toHaveCount(2);
    const buyerOrders = await api.ordersOf(buyerId);
    expect(buyerOrders.map((buyerOrder) => buyerOrder.serial).sort()).toEqual([serials[1], serials[2]]);

    await page.goto('/admin/products');
    const table = page.getByRole('table', { name: 'Products' });
    await expect(table.getByRole('cell', { name, exact: true })).toBeVisible();
    await expect(table.getByRole('cell', { name: 'A journey plug-in' })).toBeVisible();
  });

  test('the product editor adds, changes and removes an installer', async ({ page, request }) => {
    const dialogs = acceptDialogs(page);
    const tapewarm = await (await adminApi(request)).productNamed('Tapewarm');
    await page.goto(`/admin/product/${tapewarm.id}`);
    const section = page.getByRole('region', { name: 'Downloads' });
    await expect(section.getByTestId('admin-download').filter({ hasText: '1.0.3' })).toHaveCount(2); // the demo's installers
    const version = `2.${suffix()}`;

    await section.getByRole('button', { name: 'NEW INSTALLER' }).click();
    const form = section.getByRole('form', { name: 'New installer' });
    await form.getByLabel('Platform').selectOption('linux');
    await form.getByLabel('Version').fill(version);
    await form.getByLabel('File name').fill('tapewarm-linux.tar.gz');
    await form.getByLabel('Size in bytes').fill('1048576');
    await form.getByLabel('SHA-256').fill('not-a-checksum');
    await form.getByLabel('Stored').selectOption('url');
    await form.getByLabel('Object key or URL').fill('https://downloads.example.com/tapewarm-linux.tar.gz');
    await form.getByRole('button', { name: 'SAVE INSTALLER' }).click();
    await expect(form.getByText('SHA-256 is 64 hexadecimal characters.')).toBeVisible();
    await form.getByLabel('SHA-256').fill('ab'.repeat(32));
    await form.getByRole('button', { name: 'SAVE INSTALLER' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: `Installer ${version} added.` })).toBeVisible();
    const row = section.getByTestId('admin-download').filter({ hasText: version });
    await expect(row).toContainText('https://downloads.example.com/tapewarm-linux.tar.gz');

    await row.getByRole('button', { name: 'EDIT' }).click();
    const edit = section.getByRole('form', { name: `Edit installer ${version}` });
    await edit.getByLabel('Release notes').fill('First Linux build.');
    await edit.getByRole('button', { name: 'SAVE INSTALLER' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: `Installer ${version} saved.` })).toBeVisible();

    await row.getByRole('button', { name: `Delete Linux ${version}` }).click();
    await expect(row).toHaveCount(0);
    expect(dialogs.at(-1)).toBe(`Remove installer ${version} for Linux?`);
  });
});
