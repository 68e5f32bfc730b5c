import { randomBytes } from 'node:crypto';
import { adminApi, suffix } from '../admin-helpers.js';
import { expectNoAxeViolations } from '../axe.js';
import { e2eAdminPassword } from '../playwright.config.js';
import { expect, logInThroughUi, registerThroughUi, test, uniqueEmail } from '../fixtures.js';

// Logins this journey adds (per-address limit of its server, rate-limit.ts loginPerIp): the administrator's API
// login and UI login, and the one registerThroughUi makes to read the confirmation link: three.
test("the administrator publishes a release that mails its owner, then replaces the licence's keys", async ({ page, browser, request }) => {
  // Two browsers, a registration, a release with its mailing, the mailbox and a key replacement: as long as the
  // other multi-part journeys, and given their time on a busy machine.
  test.setTimeout(120_000);
  // A product of the journey's own, with keys and a serial list: its owner count and update answer are its own.
  const api = await adminApi(request);
  const headers = await api.headers();
  const name = `Release${suffix()}`;
  const keys = (await (await request.post('/api/product/generatekeys/', { headers, data: {} })).json()) as Record<string, string>;
  const created = await request.post('/api/product/', {
    headers,
    data: {
      id: 0,
      name,
      description: 'A release journey plug-in',
      price: '29',
      useRsa2048: false,
      publicKey: keys.publicKey,
      privateKey: keys.privateKey,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const productId = ((await created.json()) as { id: number }).id;
  const serials = [`${name}-FIRST-SERIAL`, `${name}-SECOND-SERIAL`];
  const savedSerials = await request.post('/api/productserial/', { headers, data: { id: productId, serials: serials.join('\n') } });
  expect(savedSerials.ok(), await savedSerials.text()).toBe(true);

  // Its owner, who agreed to release mail in the customer area.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const email = uniqueEmail('release-owner');
  await registerThroughUi(owner, email);
  await api.newOrder(await api.personIdOf(email), name);
  await owner.reload();
  const licence = owner.getByRole('region', { name, exact: true });
  await expect(licence.getByTestId('licence-serial')).toHaveText(serials[0]!);
  const releaseMail = owner.getByRole('checkbox', { name: 'Email me when a new version of my plug-ins is released' });
  await releaseMail.click();
  await expect(releaseMail).toBeChecked();
  await expect(releaseMail).toBeEnabled();

  // ADMIN → RELEASES: the product, its version, notes and installer.
  await logInThroughUi(page, 'admin', e2eAdminPassword);
  await page.getByRole('button', { name: 'ADMIN' }).click();
  await page.getByLabel('ADMIN').getByRole('link', { name: 'RELEASES', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/releases$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Product' }).selectOption({ label: name });
  await expect(page).toHaveURL(new RegExp(`/admin/releases\\?product=${productId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Releases of ${name}` })).toBeVisible();
  await expect(page.getByText('No releases yet.')).toBeVisible();

  const form = page.getByRole('form', { name: 'Publish a release' });
  await form.getByLabel('Version').fill('2.0.0');
  await form.getByLabel('Release notes').fill('Warmer tape saturation.\nA new preset bank.');
  await expect(form.getByLabel('Mail the owners who agreed to release mail')).toBeChecked();
  await expect(page.getByText('No stable installers of version 2.0.0 yet: add one for each platform.')).toBeVisible();
  await page.getByRole('button', { name: 'ADD INSTALLER' }).click();
  const installer = page.getByRole('form', { name: 'New installer' });
  await expect(installer.getByLabel('Version')).toHaveValue('2.0.0');
  await expect(installer.getByLabel('Channel')).toHaveValue('stable');
  await installer.getByLabel('Platform').selectOption('linux');
  await installer.getByLabel('File name').fill(`${name}-2.0.0.tar.gz`);
  await installer.getByLabel('Size in bytes').fill('1048576');
  await installer.getByLabel('Stored').selectOption('url');
  await installer.getByLabel('Object key or URL').fill(`https://downloads.example.com/${name}-2.0.0.tar.gz`);
  await installer.getByRole('button', { name: 'SAVE INSTALLER' }).click();
  await expect(page.getByTestId('release-installers')).toContainText(`Linux: ${name}-2.0.0.tar.gz`);
  await expectNoAxeViolations(page, 'releases');

  // The confirmation says how many owners will be mailed: the server's count.
  await page.getByRole('button', { name: 'PUBLISH' }).click();
  const confirmation = page.getByRole('dialog', { name: `Publish ${name} 2.0.0?` });
  await expect(confirmation.getByTestId('release-recipients')).toHaveText('1 owner who agreed to release mail will be mailed.');
  await expectNoAxeViolations(page, 'publish confirmation');
  await confirmation.getByRole('button', { name: 'PUBLISH' }).click();
  await expect(confirmation).toBeHidden();
  const release = page.getByTestId('release').filter({ hasText: '2.0.0' });
  await expect(release).toContainText('Warmer tape saturation.');
  // The mailing job puts the owner's mail in the outbox; without SMTP it stays there, in the development mailbox.
  // Each look reloads the list: the page's own load may take seconds on a busy machine, and only then is the state
  // given a moment to be the job's (a 1-second wait that included the load failed every look in CI for 28 s).
  await expect(async () => {
    await page.reload();
    const mailState = page.getByTestId('release').first().getByTestId('release-mail-state');
    await expect(mailState).toBeVisible();
    await expect(mailState).toHaveText(/^(1 queued, 0 sent|0 queued, 1 sent)$/, { timeout: 1_000 });
  }).toPass();

  // The owner's mail, in HTML, in the administrator's mailbox: opened in a context of its own (the same session),
  // as buyer-journey.spec.ts does, since the browser reports scripts blocked in the sandboxed previews.
  const mailboxContext = await browser.newContext({ storageState: await page.context().storageState() });
  const mailbox = await mailboxContext.newPage();
  await mailbox.goto('/admin/mailbox');
  await mailbox.getByLabel('Recipient').fill(email);
  await mailbox.getByRole('button', { name: 'SHOW' }).click();
  const mail = mailbox.getByTestId('mail').filter({ hasText: `${name} 2.0.0 is available` });
  await expect(mail).toHaveCount(1);
  const preview = mail.frameLocator('iframe[title^="HTML preview"]');
  await expect(preview.getByRole('heading', { name: `${name} 2.0.0 is available` })).toBeVisible();
  await expect(preview.getByText('Warmer tape saturation.')).toBeVisible();
  await expect(preview.getByRole('link', { name: /\/unsubscribe\// })).toBeVisible();
  await mailboxContext.close();

  // The plug-in's update check answers the new version.
  const update = await request.get(`/api/plugin/updates?product=${encodeURIComponent(name)}&platform=linux`);
  expect(update.ok(), await update.text()).toBe(true);
  expect(await update.json()).toMatchObject({ productName: name, version: '2.0.0', channel: 'stable' });

  // Replace keys: the confirmation says the old serial and key files stop working; the owner sees the new serial.
  const [order] = await api.ordersOf(await api.personIdOf(email));
  await page.goto(`/admin/person/${await api.personIdOf(email)}`);
  await page
    .getByRole('table', { name: 'Licences' })
    .getByRole('button', { name: `DETAIL of licence ${order!.id}` })
    .click();
  await page.getByTestId(`licence-detail-${order!.id}`).getByRole('button', { name: 'Replace keys' }).click();
  const replace = page.getByRole('dialog', { name: `Replace the keys of licence ${order!.id} (${name})?` });
  await expect(replace).toContainText('The old serial and key files stop working');
  await expectNoAxeViolations(page, 'replace keys confirmation');
  await replace.getByRole('button', { name: 'REPLACE KEYS' }).click();
  await expect(replace).toBeHidden();
  await expect(page.getByTestId('toast').filter({ hasText: `New keys of licence ${order!.id} issued` })).toBeVisible();
  await expect(page.getByLabel('Serial', { exact: true })).toHaveValue(serials[1]!);

  await owner.reload();
  await expect(licence.getByTestId('licence-serial')).toHaveText(serials[1]!);
  // The old serial registers no computer any more; the new one does.
  const register = (serial: string) =>
    request.post('/api/userinfo/registerproductfordevice', {
      data: { ProductName: name, Key: serial, DeviceIdHash: randomBytes(16).toString('hex').toUpperCase(), DeviceName: 'Studio Mac' },
    });
  expect((await register(serials[0]!)).ok()).toBe(false);
  const registered = await register(serials[1]!);
  expect(registered.ok(), await registered.text()).toBe(true);
  await ownerContext.close();
});
