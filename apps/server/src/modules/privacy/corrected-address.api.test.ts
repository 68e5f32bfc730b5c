// Data rights of a customer whose address the administrator corrected (outside test 2026-11-29, finding I1;
// decision 109): the export and the erasure reach what is held under the earlier address as well.
import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, uniqueIp } from '../../../test/test-app.js';
import { orderCompleted, postWebhook } from '../../../test/webhook-fixtures.js';
import { columnsHolding, uniqueName } from './privacy.test-factory.js';

const secret = 'corrected-address-secret';
const t = await createTestApp({ FASTSPRING_WEBHOOK_SECRET: secret });

/**
 * A customer registers and buys at their first address and writes to support; then the administrator corrects the
 * address in the person screen (PRIVACY.md "Correction"), and the customer logs in with the new one.
 */
async function customerWhoseAddressWasCorrected() {
  const customer = await t.registerCustomer();
  const oldEmail = customer.email;
  const name = uniqueName();
  const bought = await postWebhook(
    t.app,
    [orderCompleted({ email: oldEmail, first: name.first, last: name.last, items: [{ product: 'punch' }] })],
    {
      secret,
    },
  );
  expect(bought.statusCode, bought.body).toBe(200);
  const support = await t.request({
    method: 'POST',
    url: '/api/product/support/',
    body: { email: oldEmail, productName: 'Punch', operatingSystem: 'macOS 14', problemDescription: 'The window stays empty.' },
    ip: uniqueIp(),
  });
  expect(support.statusCode, support.body).toBe(200);
  const admin = await t.adminToken();
  const person = (await t.request({ method: 'GET', url: `/api/person/byEmail/${oldEmail}`, token: admin })).json<{
    id: number;
    name: string;
    country: string;
  }>();
  const newEmail = uniqueEmail('corrected');
  const corrected = await t.request({
    method: 'POST',
    url: '/api/person/',
    token: admin,
    body: { id: person.id, email: newEmail, name: person.name, country: person.country },
  });
  expect(corrected.statusCode, corrected.body).toBe(200);
  const token = await t.logIn(newEmail, customer.password);
  return { oldEmail, newEmail, personId: person.id, token, name };
}

describe('a customer whose address the administrator corrected', () => {
  it('gets the mails, the support request and the earlier address in the export', async () => {
    const customer = await customerWhoseAddressWasCorrected();
    const exported = await t.request({ method: 'GET', url: '/api/userinfo/personaldata', token: customer.token });
    expect(exported.statusCode, exported.body).toBe(200);
    const data = exported.json<{
      account: { person: { email: string; earlierEmails: string[] } };
      licences: unknown[];
      mails: { to: string; subject: string }[];
      supportRequests: unknown[];
    }>();
    const { rows: held } = await t.db.query<{ subject: string }>(
      'SELECT subject FROM mail_outbox WHERE lower(recipient) = lower($1) OR lower(reply_to) = lower($1)',
      [customer.oldEmail],
    );
    expect(held.length).toBeGreaterThan(0);
    expect({
      person: data.account.person,
      licences: data.licences.length,
      mails: data.mails.map((mail) => mail.subject).sort(),
      supportRequests: data.supportRequests.length,
    }).toMatchObject({
      person: { email: customer.newEmail, earlierEmails: [customer.oldEmail] },
      licences: 1,
      mails: held.map((mail) => mail.subject).sort(),
      supportRequests: 1,
    });
  });

  it("shows staff the mails and support request of the earlier address in the person's timeline", async () => {
    const customer = await customerWhoseAddressWasCorrected();
    const response = await t.request({ method: 'GET', url: `/api/person/${customer.personId}/timeline`, token: await t.adminToken() });
    expect(response.statusCode, response.body).toBe(200);
    const kinds = response.json<{ events: { kind: string; title: string }[] }>().events.map((event) => event.kind);
    expect(kinds).toContain('support-request');
    expect(kinds.filter((kind) => kind === 'mail').length).toBeGreaterThanOrEqual(3);
  });

  it('leaves neither address nor the name anywhere in the database after the erasure', async () => {
    const customer = await customerWhoseAddressWasCorrected();
    const erased = await t.request({ method: 'POST', url: `/api/persons/${customer.personId}/erasure`, token: await t.adminToken() });
    expect(erased.statusCode, erased.body).toBe(200);
    expect({
      firstAddress: await columnsHolding(t, [customer.oldEmail]),
      newAddress: await columnsHolding(t, [customer.newEmail]),
      name: await columnsHolding(t, [customer.name.last]),
    }).toEqual({ firstAddress: [], newAddress: [], name: [] });
  });

  it('keeps what another person now holds under the earlier address', async () => {
    const customer = await customerWhoseAddressWasCorrected();
    // Someone else buys with the address the first customer gave up, and writes to support from it.
    const other = await postWebhook(t.app, [orderCompleted({ email: customer.oldEmail, items: [{ product: 'punch' }] })], { secret });
    expect(other.statusCode, other.body).toBe(200);
    const erased = await t.request({ method: 'POST', url: `/api/persons/${customer.personId}/erasure`, token: await t.adminToken() });
    expect(erased.statusCode, erased.body).toBe(200);
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM person p JOIN orders o ON o.person_id = p.id WHERE lower(p.email) = lower($1) AND o.state = 'active'`,
      [customer.oldEmail],
    );
    expect(rows[0]!.n).toBe(1);
    const mails = await t.db.query('SELECT 1 FROM mail_outbox WHERE lower(recipient) = lower($1) AND created_at > $2', [
      customer.oldEmail,
      new Date(Date.now() - 60_000),
    ]);
    expect(mails.rowCount).toBeGreaterThan(0);
  });
});
