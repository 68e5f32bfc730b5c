import { transferTag } from '@store/contracts/licence';
import { describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/client.js';
import { decryptKeyFile } from '../../licensing/juce-key-file.js';
import { listRecentMail } from '../../mail/outbox.js';
import { createTestApp, uniqueEmail, uniqueIp } from '../../../test/test-app.js';
import { orderCompleted, postWebhook } from '../../../test/webhook-fixtures.js';
import { customerWithLicence, giveLicence, randomDeviceId, registerDevice } from '../licence/licence.test-factory.js';
import { createTransferToken, transferTokenSecretOf } from './transfer-token.js';
import { completeTransferFromWebhook } from './transfer-webhook.js';
import { transferOrders } from './transfer.service.js';

const webhookSecret = 'test-webhook-secret';
const t = await createTestApp({ FASTSPRING_WEBHOOK_SECRET: webhookSecret });

const makeOld = (orderId: number, days = 31) =>
  t.db.query(`UPDATE orders SET license_activation_date = now() - make_interval(days => $2) WHERE id = $1`, [orderId, days]);

const verify = (orderId: number, token: string) =>
  t.request({ method: 'GET', url: `/api/userinfo/verifyorderfortransfer/${orderId}`, token });

const orderOf = async (orderId: number) => (await t.db.query('SELECT * FROM orders WHERE id = $1', [orderId])).rows[0];

const deliver = (tags: unknown, providerOrderId: string, customerEmail = 'payer@example.com') =>
  withTransaction(t.db, (client) =>
    completeTransferFromWebhook({
      client,
      tags,
      providerOrderId,
      customerEmail,
      orderTime: new Date(),
      secretBox: t.app.secretBox,
      config: t.config,
    }),
  );

/** An owner whose licence is old enough, with a device, and a verified transfer token for it. */
const readyToTransfer = () => readyToTransferProduct('Spacey');

async function readyToTransferProduct(productName: string) {
  const owner = await customerWithLicence(t, productName);
  const key = owner.order.serial_2048 || owner.order.serial_new;
  await registerDevice(t, { ProductName: productName, Key: key, DeviceIdHash: randomDeviceId() }, uniqueIp());
  await makeOld(owner.order.id);
  const response = await verify(owner.order.id, owner.token);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return { owner, token: response.json() as string };
}

describe('GET /api/userinfo/verifyorderfortransfer/{id}', () => {
  it('refuses before 30 days, then answers a signed token', async () => {
    const owner = await customerWithLicence(t);
    const early = await verify(owner.order.id, owner.token);
    expect(early.statusCode).toBe(400);
    expect(early.body).toMatch(/^A licence can be transferred 30 days after its activation, from \d{4}-\d{2}-\d{2}\.$/);
    await makeOld(owner.order.id);
    const response = await verify(owner.order.id, owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatch(new RegExp(`^t1\\.${owner.order.id}\\.\\d+\\.\\d+\\.[\\w-]{43}$`));
  });

  it("refuses another customer's licence and a refunded one", async () => {
    const owner = await customerWithLicence(t);
    const other = await t.registerCustomer();
    await makeOld(owner.order.id);
    const foreign = await verify(owner.order.id, other.token);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).toBe('You can only transfer your own licences.');
    await t.db.query(`UPDATE orders SET state = 'refunded' WHERE id = $1`, [owner.order.id]);
    expect((await verify(owner.order.id, owner.token)).statusCode).toBe(400);
  });
});

describe('completeTransferFromWebhook', () => {
  it('moves the licence, clears its devices, re-issues keys for the new owner and mails both parties', async () => {
    const { owner, token } = await readyToTransfer();
    const newEmail = uniqueEmail('new-owner');
    const tag = transferTag({ token, orderId: owner.order.id, email: newEmail, firstName: 'Ada', lastName: 'Lovelace' });

    expect(await deliver({ transfer: tag }, 'FS-1001')).toBe('completed');
    const moved = await orderOf(owner.order.id);
    const { rows: people } = await t.db.query('SELECT id, name FROM person WHERE email = $1', [newEmail]);
    expect(moved.person_id).toBe(people[0].id);
    expect(people[0].name).toBe('Ada Lovelace');
    expect(Date.now() - moved.license_activation_date.getTime()).toBeLessThan(60_000);
    expect(moved.serial_2048).not.toBe(owner.order.serial_2048);
    expect(decryptKeyFile(moved.serial_2048, owner.product.public_key_2048)).toMatchObject({
      user: 'Ada Lovelace',
      email: newEmail,
      app: 'Spacey',
    });
    expect(decryptKeyFile(moved.serial_new, owner.product.public_key)).toMatchObject({ email: newEmail });
    const { rows: devices } = await t.db.query('SELECT 1 FROM order_device WHERE order_id = $1', [owner.order.id]);
    expect(devices).toHaveLength(0);

    const [newOwnerMail] = await listRecentMail(t.db, 10, newEmail);
    expect(newOwnerMail!.attachments).toEqual([expect.objectContaining({ filename: 'Spacey_SerialKey.txt', content: moved.serial_2048 })]);
    const oldOwnerMails = await listRecentMail(t.db, 10, owner.email);
    expect(oldOwnerMails.map((mail) => mail.subject)).toContain('Your Spacey licence was transferred');

    // The old owner no longer sees it; the old key no longer registers devices.
    expect((await t.request({ method: 'GET', url: '/api/userinfo/products', token: owner.token })).json()).toEqual([]);
    const oldKey = await registerDevice(
      t,
      { ProductName: 'Spacey', Key: owner.order.serial_2048, DeviceIdHash: randomDeviceId() },
      uniqueIp(),
    );
    expect(oldKey.statusCode).toBe(400);
  });

  it("gives the licence a new serial from the pool, so the seller's serial registers nothing", async () => {
    const product = (await t.db.query(`SELECT id FROM product WHERE name = 'Punch'`)).rows[0];
    const serials = [`PUNCH-A-${randomDeviceId()}`, `PUNCH-B-${randomDeviceId()}`];
    await t.db.query(
      `INSERT INTO product_serial (product_id, serial, position) SELECT $1, s, n FROM unnest($2::text[]) WITH ORDINALITY AS x (s, n)`,
      [product.id, serials],
    );
    const { owner, token } = await readyToTransferProduct('Punch');
    expect(owner.order.serial).toBe(serials[0]);
    const tag = transferTag({ token, orderId: owner.order.id, email: uniqueEmail('new-owner'), firstName: 'Ada', lastName: 'Lovelace' });
    expect(await deliver({ transfer: tag }, 'FS-1101')).toBe('completed');
    expect((await orderOf(owner.order.id)).serial).toBe(serials[1]);
    const withOldSerial = await registerDevice(t, { ProductName: 'Punch', Key: serials[0]!, DeviceIdHash: randomDeviceId() }, uniqueIp());
    expect(withOldSerial.statusCode).toBe(400);
    const withNewSerial = await registerDevice(t, { ProductName: 'Punch', Key: serials[1]!, DeviceIdHash: randomDeviceId() }, uniqueIp());
    expect(withNewSerial.statusCode).toBe(200);
    // The seller's line is retired: shown as handed out, offered to no other order, kept by a later save.
    const { rows } = await t.db.query(
      'SELECT serial, order_id, retired_at IS NOT NULL AS retired FROM product_serial WHERE product_id = $1 ORDER BY position',
      [product.id],
    );
    expect(rows).toEqual([
      { serial: serials[0], order_id: null, retired: true },
      { serial: serials[1], order_id: owner.order.id, retired: false },
    ]);
    const admin = await t.adminToken();
    const saved = await t.request({
      method: 'POST',
      url: '/api/productserial/',
      token: admin,
      body: { id: product.id, serials: serials.join('\n') },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (
        await t.db.query(
          'SELECT count(*)::int AS n FROM product_serial WHERE product_id = $1 AND order_id IS NULL AND retired_at IS NULL',
          [product.id],
        )
      ).rows[0].n,
    ).toBe(0);
    const other = await giveLicence(t, { email: uniqueEmail(), productName: 'Punch' });
    expect(other.order.serial).toBe('');
  });

  it('changes nothing when the same provider order arrives again', async () => {
    const { owner, token } = await readyToTransfer();
    const newEmail = uniqueEmail('new-owner');
    const tags = { transfer: transferTag({ token, orderId: owner.order.id, email: newEmail, firstName: 'Ada', lastName: 'Lovelace' }) };
    expect(await deliver(tags, 'FS-2002')).toBe('completed');
    const before = await orderOf(owner.order.id);
    const mailCount = (await listRecentMail(t.db, 1000)).length;

    expect(await deliver(tags, 'FS-2002')).toBe('recorded');
    expect(await orderOf(owner.order.id)).toEqual(before);
    expect((await listRecentMail(t.db, 1000)).length).toBe(mailCount);
  });

  it('ignores a forged or reused token and tells the support address', async () => {
    const { owner, token } = await readyToTransfer();
    const forged = transferTag({
      token: token.slice(0, -2) + 'xx',
      orderId: owner.order.id,
      email: uniqueEmail(),
      firstName: 'Eve',
      lastName: 'Mallory',
    });
    expect(await deliver({ transfer: forged }, 'FS-3003')).toBe('ignored');
    expect((await orderOf(owner.order.id)).person_id).toBe(owner.personId);
    const [supportMail] = await listRecentMail(t.db, 1, t.config.SUPPORT_EMAIL);
    expect(supportMail!.subject).toBe('Licence transfer of order FS-3003 needs attention');
    expect(supportMail!.body_text).not.toContain(token);

    const first = transferTag({ token, orderId: owner.order.id, email: uniqueEmail(), firstName: 'Bob', lastName: 'Builder' });
    expect(await deliver({ data: first }, 'FS-3004')).toBe('completed');
    const reused = transferTag({ token, orderId: owner.order.id, email: uniqueEmail(), firstName: 'Eve', lastName: 'Mallory' });
    expect(await deliver({ transfer: reused }, 'FS-3005')).toBe('ignored');
    expect(await deliver({}, 'FS-3006')).toBe('ignored');

    // A redelivery of a refused transfer changes nothing and does not write to the support address again.
    const supportMails = (await listRecentMail(t.db, 1000, t.config.SUPPORT_EMAIL)).length;
    expect(await deliver({}, 'FS-3006')).toBe('ignored');
    expect(await deliver({ transfer: forged }, 'FS-3003')).toBe('ignored');
    expect((await listRecentMail(t.db, 1000, t.config.SUPPORT_EMAIL)).length).toBe(supportMails);
    const { rows } = await t.db.query(
      `SELECT provider_order_id FROM licence_transfer_refusal WHERE provider_order_id LIKE 'FS-300%' ORDER BY 1`,
    );
    expect(rows.map((row) => row.provider_order_id)).toEqual(['FS-3003', 'FS-3005', 'FS-3006']);
  });
});

describe('a paid transfer whose order.completed is processed late (a retry, reconciliation, a replay)', () => {
  const HOUR = 60 * 60 * 1000;
  /** A transfer token of the owner's licence made `hoursAgo` hours ago (as the verify route made it then). */
  const tokenMadeAgo = (owner: { order: { id: number }; personId: number }, hoursAgo: number) =>
    createTransferToken(transferTokenSecretOf(t.config), {
      orderId: owner.order.id,
      personId: owner.personId,
      now: new Date(Date.now() - hoursAgo * HOUR),
    });
  /** The transfer's order.completed, placed `orderedHoursAgo` hours ago: `changed` and the event's `created` as FastSpring sets them. */
  const paidTransfer = (tag: string, orderedHoursAgo: number, fields: { changed: boolean } = { changed: true }) => {
    const event = orderCompleted({ email: uniqueEmail('payer'), items: [{ product: 'licensetransfer' }], tags: { transfer: tag } });
    const orderedAt = Date.now() - orderedHoursAgo * HOUR;
    event.created = orderedAt + 1000;
    if (fields.changed) event.data.changed = orderedAt;
    return event;
  };
  const ownerOf = async (orderId: number) => (await orderOf(orderId)).person_id as number;
  const refusalOf = async (providerOrderId: string) =>
    (await t.db.query('SELECT reason FROM licence_transfer_refusal WHERE provider_order_id = $1', [providerOrderId])).rows[0]?.reason;

  it('carries out a transfer paid while its token was valid, though processed three hours after the token was made', async () => {
    for (const fields of [{ changed: true }, { changed: false }]) {
      const { owner } = await readyToTransfer();
      const newEmail = uniqueEmail('new-owner');
      // Token made 3 h ago, the order paid 30 minutes later; the webhook processed now (2.5 h after the order).
      const tag = transferTag({
        token: tokenMadeAgo(owner, 3),
        orderId: owner.order.id,
        email: newEmail,
        firstName: 'Ada',
        lastName: 'Lovelace',
      });
      const event = paidTransfer(tag, 2.5, fields);
      const response = await postWebhook(t.app, [event], { secret: webhookSecret });
      expect(response.statusCode, response.body).toBe(200);
      expect(await refusalOf(event.data.id as string), `changed: ${fields.changed}`).toBeUndefined();
      const { rows } = await t.db.query('SELECT id FROM person WHERE email = $1', [newEmail]);
      expect(await ownerOf(owner.order.id)).toBe(rows[0]?.id);
      const history = await t.db.query('SELECT from_person_id FROM licence_transfer WHERE provider_order_id = $1', [event.data.id]);
      expect(history.rows).toEqual([{ from_person_id: owner.personId }]);
    }
  });

  it('still refuses a token that had expired when the order was placed, and one of another licence or owner', async () => {
    const { owner } = await readyToTransfer();
    const late = tagOf(owner, tokenMadeAgo(owner, 5));
    // Made 5 h ago, so expired 3 h ago; the order was placed 2.5 h ago.
    const expired = paidTransfer(late, 2.5);
    expect((await postWebhook(t.app, [expired], { secret: webhookSecret })).statusCode).toBe(200);
    expect(await refusalOf(expired.data.id as string)).toBe('The transfer token is not valid or has expired.');
    expect(await ownerOf(owner.order.id)).toBe(owner.personId);
    const [supportMail] = await listRecentMail(t.db, 1, t.config.SUPPORT_EMAIL);
    expect(supportMail!.subject).toBe(`Licence transfer of order ${expired.data.id as string} needs attention`);

    // A token valid at the order's time, but for another licence (the tag's), or of a previous owner: refused.
    const other = await readyToTransfer();
    const foreign = transferTag({
      token: tokenMadeAgo(owner, 3),
      orderId: other.owner.order.id,
      email: uniqueEmail(),
      firstName: 'Eve',
      lastName: 'Mallory',
    });
    const foreignOrder = paidTransfer(foreign, 2.5);
    expect((await postWebhook(t.app, [foreignOrder], { secret: webhookSecret })).statusCode).toBe(200);
    expect(await refusalOf(foreignOrder.data.id as string)).toBe('The transfer token is not valid or has expired.');
    expect(await ownerOf(other.owner.order.id)).toBe(other.owner.personId);

    const token = tokenMadeAgo(owner, 3);
    const first = paidTransfer(tagOf(owner, token), 2.5);
    expect((await postWebhook(t.app, [first], { secret: webhookSecret })).statusCode).toBe(200);
    expect(await refusalOf(first.data.id as string)).toBeUndefined();
    const reused = paidTransfer(tagOf(owner, token), 2.4);
    expect((await postWebhook(t.app, [reused], { secret: webhookSecret })).statusCode).toBe(200);
    expect(await refusalOf(reused.data.id as string)).toMatch(/no longer belongs to the person who started the transfer/);
  });

  const tagOf = (owner: { order: { id: number } }, token: string) =>
    transferTag({ token, orderId: owner.order.id, email: uniqueEmail('new-owner'), firstName: 'Ada', lastName: 'Lovelace' });
});

describe('transferOrders (admin direct transfer)', () => {
  it('moves several licences at once to a new person, with new keys and none of the computers', async () => {
    const owner = await customerWithLicence(t);
    const punch = await giveLicence(t, { email: owner.email, productName: 'Punch' });
    const secondSpacey = await giveLicence(t, { email: owner.email, productName: 'Spacey' });
    const orderIds = [owner.order.id, punch.order.id, secondSpacey.order.id];
    for (const licence of [owner, punch, secondSpacey]) {
      const key = licence.product.use_rsa_2048 ? licence.order.serial_2048 : licence.order.serial_new;
      const registered = await registerDevice(
        t,
        { ProductName: licence.product.name, Key: key, DeviceIdHash: randomDeviceId() },
        uniqueIp(),
      );
      expect(registered.statusCode, registered.body).toBe(200);
    }
    const devicesOf = async () =>
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM order_device WHERE order_id = ANY($1)', [orderIds])).rows[0]!.n;
    expect(await devicesOf()).toBe(3);
    const newEmail = uniqueEmail('bought-from-admin');
    const moved = await withTransaction(t.db, (client) =>
      transferOrders({
        client,
        orderIds,
        newOwnerEmail: newEmail,
        newOwnerName: 'Grace Hopper',
        secretBox: t.app.secretBox,
        config: t.config,
      }),
    );
    expect(moved.map((licence) => licence.productName).sort()).toEqual(['Punch', 'Spacey', 'Spacey']);
    const { rows } = await t.db.query('SELECT DISTINCT person_id FROM orders WHERE id = ANY($1)', [orderIds]);
    expect(rows).toEqual([{ person_id: moved[0]!.toPersonId }]);
    expect(await devicesOf()).toBe(0);
    // Each licence's new key file names the new owner and its own product.
    for (const licence of [owner, punch, secondSpacey]) {
      const after = await orderOf(licence.order.id);
      const content = decryptKeyFile(after.serial_new, licence.product.public_key);
      expect(content).toMatchObject({ email: newEmail, app: licence.product.name });
    }
    const history = await t.db.query('SELECT from_person_id, provider_order_id FROM licence_transfer WHERE order_id = $1', [
      owner.order.id,
    ]);
    expect(history.rows).toEqual([{ from_person_id: owner.personId, provider_order_id: null }]);
  });

  it('refuses inactive licences, unknown ones and the current owner, changing nothing', async () => {
    const owner = await customerWithLicence(t);
    const transfer = (orderIds: number[], newOwnerEmail: string) =>
      withTransaction(t.db, (client) =>
        transferOrders({ client, orderIds, newOwnerEmail, newOwnerName: '', secretBox: t.app.secretBox, config: t.config }),
      );
    await expect(transfer([owner.order.id], owner.email.toUpperCase())).rejects.toThrow(/already belongs to/);
    await expect(transfer([99999999], uniqueEmail())).rejects.toThrow('Licence 99999999 not found');
    await t.db.query(`UPDATE orders SET state = 'refunded' WHERE id = $1`, [owner.order.id]);
    await expect(transfer([owner.order.id], uniqueEmail())).rejects.toThrow(/is not active/);
    expect((await orderOf(owner.order.id)).person_id).toBe(owner.personId);
  });
});
