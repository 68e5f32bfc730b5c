import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp, licenceMailsTo, uniqueEmail, uniqueIp } from '../../test/test-app.js';
import { orderCompleted, postWebhook } from '../../test/webhook-fixtures.js';
import { webhookSecretOf } from '../modules/checkout/webhook-signature.js';

const t = await createTestApp();
const secret = webhookSecretOf(t.config)!;

const admin = async (method: string, url: string, body?: unknown) => {
  const response = await t.request({ method, url, token: await t.adminToken(), body });
  expect(response.statusCode, response.body).toBe(200);
  return response;
};

type OrderKeys = { id: number; serial_new: string; serial_2048: string };
const orderOf = async (where: string, value: unknown) =>
  (await t.db.query<OrderKeys>(`SELECT id, serial_new, serial_2048 FROM orders WHERE ${where} = $1`, [value])).rows[0]!;
const keyFilesOfMail = async (email: string, subject: string) =>
  (await licenceMailsTo(t.db, email)).filter((mail) => mail.subject.startsWith(subject)).map((mail) => mail.attachments[0]?.content);

describe('the key file of a licence in its mails', () => {
  it('is the same in every licence mail: purchase, resend, activation and transfer, with one rule for a missing 2048-bit file', async () => {
    // A product set to use RSA 2048 whose licences have no 2048-bit file (it has no 2048-bit pair): every mail
    // attaches the 1024-bit file, as the device keys fall back, never an empty one.
    const name = `Echo ${randomBytes(3).toString('hex')}`;
    const path = name.toLowerCase().replace(' ', '-');
    await t.db.query(
      `INSERT INTO product (name, description, price, public_key, private_key_sealed, use_rsa_2048, path)
       SELECT $1, 'Echo', 10, public_key, private_key_sealed, true, $2 FROM product WHERE name = 'Punch'`,
      [name, path],
    );

    const email = uniqueEmail('buyer');
    const event = orderCompleted({ email, items: [{ product: path }] });
    expect((await postWebhook(t.app, [event], { secret })).statusCode).toBe(200);
    const bought = await orderOf('provider_order_id', event.data.id);
    expect(bought.serial_2048).toBe('');
    expect(bought.serial_new).not.toBe('');
    expect(await keyFilesOfMail(email, 'Your order')).toEqual([bought.serial_new]);

    await admin('POST', '/api/order/resend/', { email, productName: name });
    expect(await keyFilesOfMail(email, `Your ${name} licence`)).toEqual([bought.serial_new]);

    const activated = uniqueEmail('activated');
    const { rows } = await t.db.query<{ id: number; activation_key: string }>(
      `INSERT INTO unassigned_order (product_id, activation_key, distributor_name, batch_number)
       SELECT id, gen_random_uuid(), 'Test Distributor', nextval('activation_batch_number') FROM product WHERE name = $1
       RETURNING id, activation_key`,
      [name],
    );
    const redeemed = await t.request({
      method: 'POST',
      url: '/api/userinfo/registerproduct',
      ip: uniqueIp(),
      body: { ActivationKey: rows[0]!.activation_key, Email: activated, FirstName: 'Ada', LastName: 'Lovelace' },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const activation = (
      await t.db.query<{ order_id: number }>('SELECT redeemed_order_id AS order_id FROM unassigned_order WHERE id = $1', [rows[0]!.id])
    ).rows[0]!;
    expect(await keyFilesOfMail(activated, `Your ${name} licence`)).toEqual([(await orderOf('id', activation.order_id)).serial_new]);

    const newOwner = uniqueEmail('new-owner');
    await admin('POST', '/api/order/transfer', { id: bought.id, newOwnerEmail: newOwner, newOwnerName: 'Nora New' });
    const moved = await orderOf('id', bought.id);
    expect(moved.serial_new).not.toBe(bought.serial_new);
    expect(await keyFilesOfMail(newOwner, `A ${name} licence is now yours`)).toEqual([moved.serial_new]);
  });
});
