import { createHmac } from 'node:crypto';
import http from 'node:http';
import { acceptDialogs } from '../admin-helpers.js';
import { expectNoAxeViolations } from '../axe.js';
import { expect, logInThroughUi, test, uniqueEmail } from '../fixtures.js';
import { e2eAdminPassword } from '../playwright.config.js';

// The administrator connects the shop to other systems (issue 27, decisions 052 and 062): an API key for a script,
// shown once and revoked; a webhook endpoint that receives a purchase's event, its delivery log, a replay, and a
// rotated secret. One login (the administrator's, through the login page).

type Received = { headers: http.IncomingHttpHeaders; body: string };

/** A receiver on a free loopback port, as a vendor's own system would be; the server allows it (playwright.config.ts). */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const close = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { url: `http://127.0.0.1:${port}/store-events`, received, close };
}

/** The Standard Webhooks check, from the specification: HMAC-SHA256 of `id.timestamp.body` with the secret's bytes. */
const isSignedWith = (secret: string, { headers, body }: Received) => {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${String(headers['webhook-id'])}.${String(headers['webhook-timestamp'])}.${body}`;
  const expected = createHmac('sha256', key).update(signed).digest('base64');
  return String(headers['webhook-signature']).split(' ').includes(`v1,${expected}`);
};

test('the administrator connects a script with an API key and a system with a webhook', async ({ page, request }) => {
  const receiver = await startReceiver();
  try {
    acceptDialogs(page);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await logInThroughUi(page, 'admin', e2eAdminPassword);

    // An API key: created with a scope, shown once, copied.
    await page.getByRole('button', { name: 'ADMIN' }).click();
    await page.getByLabel('ADMIN').getByRole('link', { name: 'API KEYS', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();
    await expectNoAxeViolations(page, 'API keys');
    const keyName = `nightly export ${Date.now().toString(36)}`;
    await page.getByLabel('Name').fill(keyName);
    await page.getByLabel(/Read orders and licences/).check();
    await page.getByRole('button', { name: 'CREATE KEY' }).click();
    const token = (await page.getByTestId('api-key-token').textContent()) ?? '';
    expect(token).toMatch(/^psk_/);
    await page.getByRole('button', { name: 'Copy: The new API key' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await expectNoAxeViolations(page, 'API keys with a new key');

    // The script's call with it, then the key revoked and the same call refused.
    const call = () => request.get('/api/v1/licences?pageSize=10', { headers: { authorization: `Bearer ${token}` } });
    const answered = await call();
    expect(answered.status(), await answered.text()).toBe(200);
    expect(await answered.json()).toMatchObject({ page: 0, pageSize: 10, rows: expect.any(Array) });
    await page.getByRole('row').filter({ hasText: keyName }).getByRole('button', { name: 'REVOKE' }).click();
    await expect(page.getByText(`The key "${keyName}" is revoked.`)).toBeVisible();
    await expect(page.getByTestId('api-key-token')).toHaveCount(0);
    expect((await call()).status()).toBe(401);

    // A webhook endpoint: its secret shown once.
    await page.getByRole('button', { name: 'ADMIN' }).click();
    await page.getByLabel('ADMIN').getByRole('link', { name: 'OUTBOUND WEBHOOKS', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Outbound webhooks' })).toBeVisible();
    await expectNoAxeViolations(page, 'Outbound webhooks');
    await page.getByLabel('URL').fill(receiver.url);
    await page.getByLabel('Description').fill('Accounting system');
    await page.getByLabel('Licence issued').check();
    await page.getByRole('button', { name: 'ADD ENDPOINT' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);

    // A purchase in the sandbox: its licence.issued reaches the receiver, signed with the secret.
    const finalized = await request.post('/sandbox/api/session/finalize', { data: { cart: { items: [{ path: 'punch', quantity: 1 }] } } });
    expect(finalized.ok()).toBe(true);
    const session = new URL(((await finalized.json()) as { url: string }).url, 'http://x').searchParams.get('session')!;
    const email = uniqueEmail('integrations');
    const paid = await request.post('/sandbox/api/pay', {
      data: { session, email, firstName: 'Int', lastName: 'Egration', country: 'CH' },
    });
    expect(paid.ok(), await paid.text()).toBe(true);
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(1);
    const [delivered] = receiver.received;
    expect(JSON.parse(delivered!.body)).toMatchObject({ type: 'licence.issued', data: { email, productName: 'Punch' } });
    expect(isSignedWith(secret, delivered!)).toBe(true);

    // The delivery log, and a replay of the same message.
    const endpointRow = page.getByRole('row').filter({ hasText: receiver.url });
    await endpointRow.getByRole('button', { name: 'LOG' }).click();
    const log = page.getByRole('table', { name: 'Delivery log' });
    await expect(log.getByRole('row').filter({ hasText: 'licence.issued' })).toContainText('succeeded');
    await expect(log.getByRole('row').filter({ hasText: 'licence.issued' })).toContainText('204');
    await expectNoAxeViolations(page, 'Outbound webhooks with the delivery log');
    await log.getByRole('button', { name: 'REPLAY' }).click();
    await expect(page.getByText('The event is queued to be sent again.')).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(2);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(delivered!.headers['webhook-id']);
    // The log reads a pending delivery again until it has its answer.
    const replayRow = log.getByRole('row').filter({ has: page.getByText('replay', { exact: true }) });
    await expect(replayRow).toContainText('succeeded');
    await expect(replayRow).toContainText(String(delivered!.headers['webhook-id']));

    // A new secret, shown once; the old one signs beside it for a day.
    await endpointRow.getByRole('button', { name: 'ROTATE SECRET' }).click();
    await expect(page.getByText('The secret is rotated.')).toBeVisible();
    const rotated = (await page.getByTestId('webhook-secret').textContent()) ?? '';
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);

    // The endpoint deleted with its log, so later journeys' purchases are not sent to a receiver that has stopped.
    await endpointRow.getByRole('button', { name: 'DELETE' }).click();
    await expect(page.getByText(`${receiver.url} is deleted.`)).toBeVisible();
    await expect(endpointRow).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
