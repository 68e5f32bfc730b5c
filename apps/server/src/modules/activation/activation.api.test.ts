import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, uniqueIp, licenceMailsTo } from '../../../test/test-app.js';

const t = await createTestApp();
const invalidMessage = 'This activation key is not valid or has already been used.';

/** A new activation key of a demo product, as the admin's batch creation makes them. */
async function createActivationKey(productName = 'Punch'): Promise<string> {
  const { rows } = await t.db.query<{ activation_key: string }>(
    `INSERT INTO unassigned_order (product_id, activation_key, distributor_name, batch_number)
     SELECT id, gen_random_uuid(), 'Test Distributor', nextval('activation_batch_number') FROM product WHERE name = $1
     RETURNING activation_key`,
    [productName],
  );
  return rows[0]!.activation_key;
}

const redeem = (body: Record<string, string>, ip = uniqueIp()) =>
  t.request({ method: 'POST', url: '/api/userinfo/registerproduct', body: { FirstName: 'Ada', LastName: 'Lovelace', ...body }, ip });

describe('POST /api/userinfo/registerproduct', () => {
  it('redeems a key once: a licence for the address, named person, keys mailed', async () => {
    const key = await createActivationKey();
    const email = uniqueEmail();
    const response = await redeem({ ActivationKey: key, Email: email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email, productName: 'Punch' });

    const { rows } = await t.db.query(
      `SELECT o.id, o.source, o.serial_new, pe.name, u.redeemed_order_id FROM orders o JOIN person pe ON pe.id = o.person_id
         JOIN unassigned_order u ON u.redeemed_order_id = o.id WHERE u.activation_key = $1`,
      [key],
    );
    expect(rows).toEqual([expect.objectContaining({ source: 'activation', name: 'Ada Lovelace' })]);
    const [mail] = await licenceMailsTo(t.db, email);
    expect(mail!.attachments).toEqual([expect.objectContaining({ filename: 'Punch_SerialKey.txt', content: rows[0].serial_new })]);

    const again = await redeem({ ActivationKey: key, Email: uniqueEmail() });
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe(invalidMessage);
  });

  it('lets exactly one of five concurrent redemptions of one key win', async () => {
    const key = await createActivationKey('Spacey');
    const emails = Array.from({ length: 5 }, () => uniqueEmail());
    const responses = await Promise.all(emails.map((email) => redeem({ ActivationKey: key, Email: email })));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    const refused = responses.filter((response) => response.statusCode !== 200);
    expect(refused.map((response) => [response.statusCode, response.body])).toEqual(Array(4).fill([400, invalidMessage]));
    const { rows } = await t.db.query(
      `SELECT count(*)::int AS n FROM orders o JOIN person p ON p.id = o.person_id WHERE lower(p.email) = ANY($1)`,
      [emails.map((email) => email.toLowerCase())],
    );
    expect(rows[0].n).toBe(1);
  });

  it("adds the licence to an existing customer's account", async () => {
    const customer = await t.registerCustomer();
    const response = await redeem({ ActivationKey: await createActivationKey('Tapewarm'), Email: customer.email.toUpperCase() });
    expect(response.json()).toEqual({ email: customer.email.toUpperCase(), productName: 'Tapewarm' });
    const licences = (await t.request({ method: 'GET', url: '/api/userinfo/products', token: customer.token })).json();
    expect(licences).toEqual([expect.objectContaining({ name: 'Tapewarm' })]);
  });

  it("answers the address as typed, never an existing customer's stored spelling, and mails the stored one", async () => {
    // The customer exists as they spelled it, here through a first code of theirs.
    const stored = 'Kate.Quill@Example.COM';
    const first = await redeem({ ActivationKey: await createActivationKey('Punch'), Email: stored });
    expect(first.json()).toEqual({ email: stored, productName: 'Punch' });

    const response = await redeem({ ActivationKey: await createActivationKey('Spacey'), Email: ' kate.quill@example.com ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ email: 'kate.quill@example.com', productName: 'Spacey' });
    const { rows } = await t.db.query(`SELECT email FROM person WHERE lower(email) = 'kate.quill@example.com'`);
    expect(rows).toEqual([{ email: stored }]);
    const mails = await licenceMailsTo(t.db, stored);
    expect(mails.map((mail) => [mail.recipient, mail.subject])).toEqual([
      [stored, 'Your Spacey licence'],
      [stored, 'Your Punch licence'],
    ]);
  });

  it('refuses unknown and malformed keys', async () => {
    const unknown = await redeem({ ActivationKey: '3b241101-e2bb-4255-8caf-4136c566a962', Email: uniqueEmail() });
    expect([unknown.statusCode, unknown.body]).toEqual([400, invalidMessage]);
    const short = await redeem({ ActivationKey: '3b241101-e2bb-4255-8caf', Email: uniqueEmail() });
    expect([short.statusCode, short.body]).toEqual([400, invalidMessage]);
    const malformed = await redeem({ ActivationKey: 'not-a-key', Email: uniqueEmail() });
    expect([malformed.statusCode, malformed.body]).toEqual([400, 'ActivationKey: A valid activation key must be entered']);
    const noName = await redeem({ ActivationKey: await createActivationKey(), Email: uniqueEmail(), FirstName: 'Al' });
    expect([noName.statusCode, noName.body]).toEqual([400, 'FirstName: Frist name is required.']);
  });

  it('limits attempts per IP', async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++) {
      statuses.push((await redeem({ ActivationKey: '3b241101-e2bb-4255-8caf-4136c566a962', Email: uniqueEmail() }, ip)).statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
