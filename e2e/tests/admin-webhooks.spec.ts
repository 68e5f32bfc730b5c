import { expect, logInThroughUi, test, uniqueEmail } from '../fixtures.js';
import { e2eAdminPassword } from '../playwright.config.js';

// The administrator's WEBHOOKS screen (decision 014): the webhook log with payloads, and the reconciliation
// against the sandbox's copy of FastSpring's API.
test('the administrator reads the webhook log and reconciles with FastSpring', async ({ page, request }) => {
  // A purchase in the sandbox: its order.completed arrives as a signed webhook.
  const finalized = await request.post('/sandbox/api/session/finalize', { data: { cart: { items: [{ path: 'punch', quantity: 1 }] } } });
  expect(finalized.ok()).toBe(true);
  const session = new URL(((await finalized.json()) as { url: string }).url, 'http://x').searchParams.get('session')!;
  const email = uniqueEmail('webhooklog');
  const paid = await request.post('/sandbox/api/pay', { data: { session, email, firstName: 'Web', lastName: 'Hook', country: 'CH' } });
  expect(paid.ok(), await paid.text()).toBe(true);
  const { id: orderId } = (await paid.json()) as { id: string };

  await logInThroughUi(page, 'admin', e2eAdminPassword);
  await page.getByRole('button', { name: 'ADMIN' }).click();
  await page.getByLabel('ADMIN').getByRole('link', { name: 'WEBHOOKS', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();

  await page.getByLabel('Show').selectOption('all');
  const row = page.getByRole('table', { name: 'All events' }).getByRole('row').filter({ hasText: orderId });
  await expect(row).toContainText('order.completed');
  await expect(row).toContainText('processed');
  await row.getByText('JSON').click();
  await expect(row.locator('pre')).toContainText(email);

  // Everything the sandbox sold arrived, so the reconciliation finds nothing missing.
  await page.getByRole('button', { name: 'RECONCILE WITH FASTSPRING' }).click();
  await expect(page.getByRole('status')).toContainText(
    /FastSpring named [1-9]\d* orders and \d+ returns; 0 missing events were processed, 0 failed\./,
  );
});
