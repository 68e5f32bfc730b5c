import type { APIRequestContext } from '@playwright/test';
import { e2eAdminPassword } from '../playwright.config.js';
import { expect, registerThroughUi, test, uniqueEmail } from '../fixtures.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function adminHeaders(request: APIRequestContext) {
  const response = await request.post('/api/login/', { data: { username: 'admin', password: e2eAdminPassword } });
  return bearer(((await response.json()) as { token: string }).token);
}

/** A licence of Spacey for the address, as the administrator's NEW ORDER gives it. */
async function giveSpacey(request: APIRequestContext, email: string): Promise<number> {
  const admin = await adminHeaders(request);
  const products = (await (await request.get('/api/product/')).json()) as { id: number; name: string }[];
  const spacey = products.find((product) => product.name === 'Spacey')!;
  const person = (await (await request.get(`/api/person/byEmail/${encodeURIComponent(email)}`, { headers: admin })).json()) as {
    id: number;
  };
  const order = await request.post('/api/order/', {
    headers: admin,
    data: { id: 0, productId: spacey.id, personId: person.id, serial: '', creationDate: '' },
  });
  expect(order.ok(), await order.text()).toBe(true);
  return spacey.id;
}

test('an owner asks for release mail, gets one for a new version and unsubscribes from its link', async ({ page }) => {
  const email = uniqueEmail('releases');
  await registerThroughUi(page, email);
  const productId = await giveSpacey(page.request, email);
  await page.reload();

  const releaseMail = page.getByRole('checkbox', { name: 'Email me when a new version of my plug-ins is released' });
  await expect(releaseMail).not.toBeChecked();
  await releaseMail.click();
  await expect(releaseMail).toBeChecked();
  await expect(releaseMail).toBeEnabled();
  await page.reload();
  await expect(releaseMail).toBeChecked();

  // The administrator publishes a version with its installer and mails the owners who asked.
  const admin = await adminHeaders(page.request);
  const version = `7.${Date.now() % 100_000}.0`;
  const installer = await page.request.post(`/api/product/${productId}/downloads`, {
    headers: admin,
    data: {
      platform: 'macos',
      version,
      fileName: 'Spacey.zip',
      sizeBytes: 1,
      sha256: '',
      releaseDate: '2099-01-01',
      storage: 'url',
      location: '/downloads/spacey.zip',
    },
  });
  expect(installer.ok(), await installer.text()).toBe(true);
  const published = await page.request.post(`/api/product/${productId}/releases`, {
    headers: admin,
    data: { version, notes: 'A brighter shimmer.', notifyOwners: true },
  });
  expect(published.ok(), await published.text()).toBe(true);

  let link = '';
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/mailbox?to=${encodeURIComponent(email)}`, { headers: admin });
      const mails = (await response.json()) as { subject: string; text: string }[];
      const mail = mails.find((candidate) => candidate.subject === `Spacey ${version} is available`);
      link = /https?:\/\/\S+\/unsubscribe\/[\w.-]+/.exec(mail?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');

  await page.goto(new URL(link).pathname);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status')).toHaveText('You are unsubscribed: we will not mail you about new versions any more.');

  await page.goto('/userarea');
  await expect(releaseMail).not.toBeChecked();
});

test('an owner opts in to beta versions and sees the beta installer', async ({ page }) => {
  const email = uniqueEmail('beta');
  await registerThroughUi(page, email);
  const productId = await giveSpacey(page.request, email);
  const admin = await adminHeaders(page.request);
  const version = `8.${Date.now() % 100_000}.0-beta1`;
  const installer = await page.request.post(`/api/product/${productId}/downloads`, {
    headers: admin,
    data: {
      platform: 'windows',
      version,
      fileName: 'Spacey-beta.zip',
      sizeBytes: 1,
      sha256: '',
      releaseDate: '2099-01-01',
      storage: 'url',
      location: '/downloads/spacey.zip',
      channel: 'beta',
    },
  });
  expect(installer.ok(), await installer.text()).toBe(true);
  await page.reload();
  await expect(page.getByText(version)).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'Offer me beta versions (downloads and update checks in the plug-ins)' }).click();
  await expect(page.getByText(version).first()).toBeVisible();
});
