import { describe, expect, it } from 'vitest';
import { listRecentMail } from '../../mail/outbox.js';
import { createTestApp, uniqueEmail, uniqueIp } from '../../../test/test-app.js';
import { giveLicence } from '../licence/licence.test-factory.js';

const t = await createTestApp();

const resend = (email: string, productName = 'Spacey', ip = uniqueIp()) =>
  t.request({ method: 'POST', url: '/api/order/resend/', body: { email, productName }, ip });

describe('POST /api/order/resend/', () => {
  it('answers the same for unknown addresses and mails only an owner, one mail per active licence', async () => {
    const email = uniqueEmail();
    const first = await giveLicence(t, { email, serial: 'SPACEY-0001' });
    const second = await giveLicence(t, { email });
    const refunded = await giveLicence(t, { email });
    await t.db.query(`UPDATE orders SET state = 'refunded' WHERE id = $1`, [refunded.order.id]);
    const unknownEmail = uniqueEmail('nobody');

    const unknown = await resend(unknownEmail);
    const otherProduct = await resend(email, 'Punch');
    const known = await resend(email.toUpperCase(), 'spacey');
    for (const response of [unknown, otherProduct, known]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(known.body);
    }
    expect(await listRecentMail(t.db, 10, unknownEmail)).toHaveLength(0);
    const mails = await listRecentMail(t.db, 10, email);
    expect(mails).toHaveLength(2);
    const attachments = mails.flatMap((mail) => mail.attachments.map((file) => [file.filename, file.content]));
    expect(attachments).toEqual(
      expect.arrayContaining([
        ['Spacey_SerialKey.txt', first.order.serial_2048],
        ['Spacey_SerialKey.txt', second.order.serial_2048],
      ]),
    );
    expect(mails.some((mail) => mail.body_text.includes('Your serial number: SPACEY-0001'))).toBe(true);
  });

  it('limits requests per address for minutes, not hours, so a stranger cannot keep the owner from their keys', async () => {
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) statuses.push((await resend(email)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    await t.db.query(`UPDATE rate_limit SET window_start = window_start - interval '10 minutes' WHERE key = $1`, [
      `mail-address:resend:${email.toLowerCase()}`,
    ]);
    expect((await resend(email)).statusCode).toBe(200);
  });

  it('limits requests per IP', async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt++) statuses.push((await resend(uniqueEmail(), 'Spacey', ip)).statusCode);
    expect(statuses.at(-1)).toBe(429);
  });

  it("the administrator's resend: no public limits, every mail audited, the count mailed, and a 404 for an address without such a licence", async () => {
    const email = uniqueEmail();
    const licence = await giveLicence(t, { email });
    const token = await t.adminToken();
    const asAdmin = (to: string, productName = 'Spacey') =>
      t.request({ method: 'POST', url: '/api/order/resend/', token, body: { email: to, productName }, ip: uniqueIp() });

    for (let attempt = 0; attempt < 6; attempt++) expect((await asAdmin(email)).json()).toEqual({ ok: true, mailed: 1 }); // the public limit is 5
    expect(await listRecentMail(t.db, 10, email)).toHaveLength(6);
    const audit = await t.db.query(`SELECT actor, after FROM audit_log WHERE action = 'resend-keys' AND entity_id = $1`, [
      String(licence.order.id),
    ]);
    expect(audit.rows).toHaveLength(6);
    expect(audit.rows[0]).toMatchObject({ actor: 'admin', after: { to: email } });

    // An honest status: the web client logs out only on 401 (docs/decisions/022-failures-keep-the-session.md).
    const nobody = uniqueEmail('nobody');
    const missing = await asAdmin(nobody);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe(`${nobody} has no active licence of Spacey.`);
    expect((await asAdmin(email, 'Punch')).statusCode).toBe(404);

    // A customer's token is no administrator's: the public answer.
    const customer = await t.registerCustomer();
    const asCustomer = await t.request({
      method: 'POST',
      url: '/api/order/resend/',
      token: customer.token,
      body: { email, productName: 'Spacey' },
    });
    expect(asCustomer.json()).toEqual({ ok: true });
  });
});

// Review 2026-11-28 (web client), finding 11: with an ended session the public call mailed the customer as for anyone.
describe('POST /api/admin/resend', () => {
  const resendAsStaff = (email: string, token?: string) =>
    t.request({ method: 'POST', url: '/api/admin/resend', token, body: { email, productName: 'Spacey' }, ip: uniqueIp() });

  it('answers an ended or absent staff session with 401 and mails nothing', async () => {
    const { email } = await giveLicence(t, { email: uniqueEmail() });
    const staff = await t.staffLogin('support');
    // Only this login's sessions: the other tests' sessions stay valid.
    await t.db.query(
      `UPDATE session SET expires_at = now() - interval '1 second' WHERE login_id = (SELECT id FROM login WHERE login_name = $1)`,
      [staff.email],
    );
    const expired = await resendAsStaff(email, staff.token);
    expect({ status: expired.statusCode, body: expired.body }).toEqual({
      status: 401,
      body: 'Your session has ended. Please log in again.',
    });
    expect((await resendAsStaff(email)).statusCode).toBe(401);
    expect((await resendAsStaff(email, 'not-a-session')).statusCode).toBe(401);
    expect(await listRecentMail(t.db, 10, email)).toHaveLength(0);
  });

  it("mails staff's resends without the public limits, audited under the staff login, and refuses customers", async () => {
    const { email, order } = await giveLicence(t, { email: uniqueEmail() });
    const staff = await t.staffLogin('support');
    // Twice the public call's limit for one address (rateLimits.mailPerAddress: 3 in 10 minutes).
    for (let attempt = 0; attempt < 6; attempt++) expect((await resendAsStaff(email, staff.token)).json()).toEqual({ ok: true, mailed: 1 });
    expect(await listRecentMail(t.db, 10, email)).toHaveLength(6);
    const audit = await t.db.query(`SELECT actor, after FROM audit_log WHERE action = 'resend-keys' AND entity_id = $1`, [
      String(order.id),
    ]);
    expect(audit.rows).toHaveLength(6);
    expect(audit.rows[0]).toMatchObject({ actor: staff.email, after: { to: email } });

    const nobody = uniqueEmail('nobody');
    const missing = await resendAsStaff(nobody, staff.token);
    expect({ status: missing.statusCode, body: missing.body }).toEqual({ status: 404, body: `${nobody} has no active licence of Spacey.` });

    const customer = await t.registerCustomer();
    expect((await resendAsStaff(email, customer.token)).statusCode).toBe(403);
    expect(await listRecentMail(t.db, 10, email)).toHaveLength(6);
  });
});
