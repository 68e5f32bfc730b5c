// The flows of flows/register-computer.flow.ts through their endpoints: which kind of key a computer already on the
// licence gets (decisions 041 and 081), what a computer's key file proves (decision 081), and renewals that race a
// refund or a removal.
import type { PoolClient } from 'pg';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { decryptKeyFile } from '../licensing/juce-key-file.js';
import { createTestApp, waitUntilBlockedBy } from '../../test/test-app.js';
import { customerWithLicence, randomDeviceId, registerDevice } from '../modules/licence/licence.test-factory.js';
import { errorOfJuceAnswer, keyOfJuceAnswer, postJuceForm } from '../../test/juce-answers.js';

const t = await createTestApp();

// Tapewarm (1024-bit pair): online keys of the module (renewable=1) expire after 90 days.
beforeAll(async () => {
  await t.db.query(`UPDATE product SET online_key_days = 90 WHERE name = 'Tapewarm'`);
  // The product cache forgets a product when PostgreSQL's notification of the change arrives.
  await vi.waitFor(async () => expect((await t.app.productCache.byName(t.db, 'Tapewarm'))?.online_key_days).toBe(90));
});

const postForm = (url: string, fields: Record<string, string>) => postJuceForm(t, url, fields);
/** JUCE's online unlock: `renewable` '1' as the module sends it, '' as stock JUCE (which sends no such field). */
const unlock = (owner: { email: string; password: string }, mach: string, renewable: '1' | '') =>
  postForm('/api/juce/unlock', { product: 'Tapewarm', email: owner.email, pw: owner.password, os: 'Linux', mach, renewable });
const renew = (mach: string, key: string) => postForm('/api/juce/renew', { product: 'Tapewarm', mach, key });

const keyOf = keyOfJuceAnswer;
const errorOf = errorOfJuceAnswer;

type Owner = Awaited<ReturnType<typeof customerWithLicence>>;
const read = (owner: Owner, keyFile: string) => decryptKeyFile(keyFile, owner.product.public_key)!;
const devicesOf = async (owner: Owner) =>
  (
    await t.db.query<{ device_id_hash: string; device_id_hash_encrypted: string; key_expires_at: Date | null }>(
      'SELECT device_id_hash, device_id_hash_encrypted, key_expires_at FROM order_device WHERE order_id = $1',
      [owner.order.id],
    )
  ).rows;

/** What stock JUCE's isUnlocked() needs of a key: not expiring, for this computer, of this product (DESIGN §5). */
const expectPermanentKeyOf = (owner: Owner, keyFile: string, mach: string) =>
  expect(read(owner, keyFile)).toMatchObject({ isExpiring: false, expiryTime: null, machineNumbers: [mach], app: 'Tapewarm' });

describe('a computer the module unlocked, registered again by a caller that is not the module (decision 081)', () => {
  it('gets a permanent key from the offline dialog (registerproductfordevice), on the place it holds', async () => {
    const owner = await customerWithLicence(t, 'Tapewarm');
    const mach = randomDeviceId();
    const rolling = keyOf((await unlock(owner, mach, '1')).body);
    expect(read(owner, rolling).isExpiring).toBe(true);

    const offline = await registerDevice(t, {
      ProductName: 'Tapewarm',
      Key: owner.order.serial_new,
      DeviceIdHash: mach,
      DeviceName: 'Offline Device',
    });
    expect(offline.statusCode).toBe(200);
    expectPermanentKeyOf(owner, offline.json<string>(), mach);

    // No new place. Registered as offline, the computer cannot renew: its place now holds that permanent key, which
    // the customer area offers as its offline key (decision 102). The module still renews its key once it is online.
    const devices = await devicesOf(owner);
    expect(devices).toHaveLength(1);
    expect(devices[0]).toMatchObject({ device_id_hash: mach, device_id_hash_encrypted: offline.json<string>(), key_expires_at: null });
    expect(keyOf((await renew(mach, rolling)).body)).not.toBe('');
  });

  it('gets a permanent key by serial number (no key file signed in advance), the place keeping the module’s key', async () => {
    const owner = await customerWithLicence(t, 'Tapewarm');
    const mach = randomDeviceId();
    const rolling = keyOf((await unlock(owner, mach, '1')).body);
    await t.db.query('UPDATE orders SET serial = $2 WHERE id = $1', [owner.order.id, `TW-${mach}`]);
    const bySerial = await registerDevice(t, { ProductName: 'Tapewarm', Key: `TW-${mach}`, DeviceIdHash: mach.toLowerCase() });
    expect(bySerial.statusCode).toBe(200);
    expectPermanentKeyOf(owner, bySerial.json<string>(), mach.toLowerCase());

    // No new place; the place keeps the module's key, which the module still renews.
    const devices = await devicesOf(owner);
    expect(devices).toHaveLength(1);
    expect(devices[0]).toMatchObject({ device_id_hash: mach, device_id_hash_encrypted: rolling });
    expect(devices[0]!.key_expires_at).not.toBeNull();
    expect(keyOf((await renew(mach, rolling)).body)).not.toBe('');
  });

  it('gets a permanent key from a stock JUCE unlock (no renewable=1)', async () => {
    const owner = await customerWithLicence(t, 'Tapewarm');
    const mach = randomDeviceId();
    await unlock(owner, mach, '1');

    const stock = await unlock(owner, mach, '');
    expect(stock.body).toMatch(/^<MESSAGE message="Thanks for registering Tapewarm!/);
    expectPermanentKeyOf(owner, keyOf(stock.body), mach);
    expect(read(owner, keyOf(stock.body)).attributes['removal']).toBeUndefined();
    expect(await devicesOf(owner)).toHaveLength(1);
  });

  it('still gets a permanent key when a stock plug-in came first and the module rolled its key since', async () => {
    const owner = await customerWithLicence(t, 'Tapewarm');
    const mach = randomDeviceId();
    const first = keyOf((await unlock(owner, mach, '')).body);
    expectPermanentKeyOf(owner, first, mach);
    // The same computer answers the stock build its stored key while the place holds a permanent one.
    expect(keyOf((await unlock(owner, mach, '')).body)).toBe(first);

    const rolled = keyOf((await unlock(owner, mach, '1')).body);
    expect(read(owner, rolled).isExpiring).toBe(true);
    expect((await devicesOf(owner))[0]!.device_id_hash_encrypted).toBe(rolled);

    expectPermanentKeyOf(owner, keyOf((await unlock(owner, mach, '')).body), mach);
    const offline = await registerDevice(t, {
      ProductName: 'Tapewarm',
      Key: owner.order.serial_new,
      DeviceIdHash: mach,
      DeviceName: 'Offline Device',
    });
    expectPermanentKeyOf(owner, offline.json<string>(), mach);
    expect(await devicesOf(owner)).toHaveLength(1);
  });
});

describe('a renewal that overlaps the end of the licence or the removal of the computer', () => {
  /**
   * Runs `change` in a transaction that stays open while the renewal (or unlock) `call` checks the licence, signs
   * and comes to its write, and commits once the call waits for it: the change lands between the call's checks
   * and its write.
   */
  async function whileOpen(change: (session: PoolClient) => Promise<unknown>, call: () => Promise<{ body: string }>) {
    const session = await t.db.connect();
    try {
      await session.query('BEGIN');
      await change(session);
      const answer = call();
      await waitUntilBlockedBy(t.db, session);
      await session.query('COMMIT');
      return (await answer).body;
    } finally {
      session.release();
    }
  }

  /** What a refund does (flows/return-created.flow.ts): the licence refunded, then its computers removed. */
  const refund = (orderId: number) => async (session: PoolClient) => {
    await session.query(`UPDATE orders SET state = 'refunded', refunded_at = now() WHERE id = $1`, [orderId]);
    await session.query('DELETE FROM order_device WHERE order_id = $1', [orderId]);
  };

  it('answers no key for a licence refunded meanwhile, but the refusal of a refunded licence', async () => {
    const owner = await customerWithLicence(t, 'Tapewarm');
    const mach = randomDeviceId();
    const key = keyOf((await unlock(owner, mach, '1')).body);
    const until = read(owner, key).expiryTime!.toISOString().slice(0, 10);

    const body = await whileOpen(refund(owner.order.id), () => renew(mach, key));
    expect(body).not.toContain('<KEY>');
    expect(errorOf(body)).toBe(
      `Your licence of Tapewarm was refunded, so its key is not renewed. It keeps working on this computer until ${until}.`,
    );
  });

  it('answers no key for a computer its owner removed meanwhile, but the refusal of a removed computer', async () => {
    const owner = await customerWithLicence(t, 'Tapewarm');
    const mach = randomDeviceId();
    const key = keyOf((await unlock(owner, mach, '1')).body);

    // What the customer's removal does (device-release.service.ts): the licence locked, then the computer deleted.
    const removal = async (session: PoolClient) => {
      await session.query('SELECT id FROM orders WHERE id = $1 FOR UPDATE', [owner.order.id]);
      await session.query('DELETE FROM order_device WHERE order_id = $1', [owner.order.id]);
    };
    const body = await whileOpen(removal, () => renew(mach, key));
    expect(body).not.toContain('<KEY>');
    expect(errorOf(body)).toMatch(/^This computer was removed from your licence of Tapewarm\. Unlock it again with your account\./);
  });

  it("answers the module's unlock of a known computer no key for a licence refunded meanwhile", async () => {
    const owner = await customerWithLicence(t, 'Tapewarm');
    const mach = randomDeviceId();
    await unlock(owner, mach, '1');

    const body = await whileOpen(refund(owner.order.id), () => unlock(owner, mach, '1'));
    expect(body).not.toContain('<KEY>');
    expect(errorOf(body)).toBe('This key does not belong to an active licence of Tapewarm.');
    expect(await devicesOf(owner)).toEqual([]);
  });
});

describe("a computer's key file proves the licence only for that computer (decision 081)", () => {
  const otherComputer = "This key file was made for another computer. Register this computer with the licence's serial number or key file.";

  it('registers the computer it names again, and no other', async () => {
    const owner = await customerWithLicence(t, 'Spacey');
    const computer = randomDeviceId();
    const first = await registerDevice(t, { ProductName: 'Spacey', Key: owner.order.serial_2048, DeviceIdHash: computer });
    expect(first.statusCode).toBe(200);
    const computerKey = first.json<string>();

    // Its own key file registers it again (JUCE compares IDs ignoring case): its stored key, no new place.
    const again = await registerDevice(t, { ProductName: 'Spacey', Key: computerKey, DeviceIdHash: computer.toLowerCase() });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toBe(computerKey);

    const copied = await registerDevice(t, { ProductName: 'Spacey', Key: computerKey, DeviceIdHash: randomDeviceId() });
    expect(copied.statusCode).toBe(400);
    expect(copied.body).toBe(otherComputer);
    // The licence's own key file (no computer named) still registers new computers.
    const another = await registerDevice(t, { ProductName: 'Spacey', Key: owner.order.serial_2048, DeviceIdHash: randomDeviceId() });
    expect(another.statusCode).toBe(200);
    expect(await t.db.query('SELECT id FROM order_device WHERE order_id = $1', [owner.order.id])).toMatchObject({ rowCount: 2 });
  });

  it("registers no other computer with it after the owner's Replace keys", async () => {
    const owner = await customerWithLicence(t, 'Spacey');
    const computer = randomDeviceId();
    const first = await registerDevice(t, { ProductName: 'Spacey', Key: owner.order.serial_2048, DeviceIdHash: computer });
    const computerKey = first.json<string>();

    const url = `/api/userinfo/orders/${owner.order.id}/replacekeys`;
    expect((await t.request({ method: 'POST', url, token: owner.token })).statusCode).toBe(200);
    const old = await registerDevice(t, { ProductName: 'Spacey', Key: owner.order.serial_2048, DeviceIdHash: randomDeviceId() });
    expect(old.statusCode).toBe(400);

    const copied = await registerDevice(t, { ProductName: 'Spacey', Key: computerKey, DeviceIdHash: randomDeviceId() });
    expect(copied.statusCode).toBe(400);
    expect(copied.body).toBe(otherComputer);
    // The registered computer keeps its place and its key.
    const itself = await registerDevice(t, { ProductName: 'Spacey', Key: computerKey, DeviceIdHash: computer });
    expect(itself.statusCode).toBe(200);
    expect(await t.db.query('SELECT id FROM order_device WHERE order_id = $1', [owner.order.id])).toMatchObject({ rowCount: 1 });
  });
});
