import { describe, expect, it } from 'vitest';
import { canonicalEmail } from '@store/contracts/email-address';
import { buildApp } from '../../app.js';
import { createPool } from '../../db/client.js';
import { createExpiringKeyFile, createKeyFile, decryptKeyFile } from '../../licensing/juce-key-file.js';
import { loadSigningKey } from '../../licensing/rsa-key.js';
import { createTestApp, uniqueEmail, uniqueIp, waitUntilBlockedBy } from '../../../test/test-app.js';
import { customerWithLicence, giveLicence, randomDeviceId, registerDevice } from '../licence/licence.test-factory.js';

const t = await createTestApp();
const limitMessage = 'This licence is already registered on 4 computers. Remove one in your customer area first.';

describe('POST /api/userinfo/registerproductfordevice', () => {
  it("answers the device's key file, bound to the Device ID and naming the owner", async () => {
    const owner = await customerWithLicence(t);
    const deviceId = randomDeviceId();
    const response = await registerDevice(
      t,
      { ProductName: 'Spacey', Key: owner.order.serial_2048, DeviceIdHash: deviceId, DeviceName: 'Offline Device' },
      uniqueIp(),
    );
    expect(response.statusCode).toBe(200);
    const keyFile = response.json() as string;
    const content = decryptKeyFile(keyFile, owner.product.public_key_2048);
    expect(content).toMatchObject({ mach: deviceId, email: owner.email, app: 'Spacey' });

    const products = await t.request({ method: 'GET', url: '/api/userinfo/products', token: owner.token });
    const [licence] = products.json();
    expect(licence.orderDevices).toEqual([
      expect.objectContaining({ deviceName: 'Offline Device', deviceIdHash: deviceId, deviceIdHashEncrypted: keyFile }),
    ]);
  });

  it('accepts the serial, the older-release key, re-wrapped key text and any key file signed for the owner', async () => {
    const owner = await giveLicence(t, { email: uniqueEmail(), serial: `SER-${randomDeviceId()}` });
    const ip = uniqueIp();
    const rewrapped = owner.order.serial_new.replace(/\r\n/g, '\n').replace(/#/, '#\n  ');
    const privateKey = t.app.secretBox.open(owner.product.private_key_sealed);
    const freshKey = createKeyFile({
      appName: 'Spacey',
      userEmail: owner.email.toUpperCase(),
      userName: 'Someone',
      machineNumbers: '',
      privateKey: loadSigningKey(privateKey, owner.product.public_key),
    });
    const deviceIds = [randomDeviceId(), randomDeviceId(), randomDeviceId(), randomDeviceId(), ''];
    deviceIds[4] = deviceIds[0]!;
    const keys = [owner.order.serial, owner.order.serial_new, rewrapped, freshKey, ` ${owner.order.serial.toLowerCase()} `];
    for (const [index, key] of keys.entries()) {
      const response = await registerDevice(t, { ProductName: 'spacey', Key: key, DeviceIdHash: deviceIds[index]! }, ip);
      expect(response.statusCode, key.slice(0, 20)).toBe(200);
    }
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM order_device WHERE order_id = $1', [owner.order.id]);
    expect(rows[0].n).toBe(4);
  });

  it("accepts a key file issued before the owner's address changed, by its exact text", async () => {
    const owner = await giveLicence(t, { email: uniqueEmail() });
    const renamed = uniqueEmail('renamed');
    await t.db.query('UPDATE person SET email = $2, email_canonical = $3 WHERE id = $1', [
      owner.personId,
      renamed,
      canonicalEmail(renamed),
    ]);
    const response = await registerDevice(
      t,
      { ProductName: 'Spacey', Key: owner.order.serial_2048, DeviceIdHash: randomDeviceId() },
      uniqueIp(),
    );
    expect(response.statusCode).toBe(200);
  });

  it("registers on the licence whose key file is presented, of an owner's several, however its text is wrapped", async () => {
    const email = uniqueEmail();
    const first = await giveLicence(t, { email });
    const second = await giveLicence(t, { email });
    const ip = uniqueIp();
    const rewrapped = second.order.serial_2048.replace(/\r?\n/g, ' ').replace(/#/, '#\n  ');
    for (const key of [second.order.serial_2048, rewrapped]) {
      const response = await registerDevice(t, { ProductName: 'Spacey', Key: key, DeviceIdHash: randomDeviceId() }, ip);
      expect(response.statusCode).toBe(200);
    }
    const { rows } = await t.db.query('SELECT order_id FROM order_device WHERE order_id = ANY($1) ORDER BY id', [
      [first.order.id, second.order.id],
    ]);
    expect(rows).toEqual([{ order_id: second.order.id }, { order_id: second.order.id }]);
  });

  it('names the owner as they are now when the presented key file names them as they were', async () => {
    const owner = await giveLicence(t, { email: uniqueEmail(), name: 'Ada Before' });
    await t.db.query('UPDATE person SET name = $2 WHERE id = $1', [owner.personId, 'Ada After']);
    const deviceId = randomDeviceId();
    const response = await registerDevice(t, { ProductName: 'Spacey', Key: owner.order.serial_2048, DeviceIdHash: deviceId }, uniqueIp());
    expect(response.statusCode).toBe(200);
    const content = decryptKeyFile(response.json() as string, owner.product.public_key_2048);
    expect(content).toMatchObject({ user: 'Ada After', email: owner.email, mach: deviceId });
    const { rows } = await t.db.query('SELECT device_id_hash_encrypted FROM order_device WHERE order_id = $1', [owner.order.id]);
    expect(rows).toEqual([{ device_id_hash_encrypted: response.json() }]);
  });

  it('lets exactly 4 of 20 concurrent registrations from two app instances in, the rest a clear 409', async () => {
    const owner = await giveLicence(t, { email: uniqueEmail() });
    // A second instance with its own connection pool, as a second process behind a load balancer would be.
    const db = createPool(t.config.DATABASE_URL!, 10);
    const other = await buildApp({ config: t.config, db, isServingWebApp: false });
    try {
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          (index % 2 === 0 ? t.app : other).inject({
            method: 'POST',
            url: '/api/userinfo/registerproductfordevice',
            payload: { ProductName: 'Spacey', Key: owner.order.serial_2048, DeviceIdHash: randomDeviceId(), DeviceName: 'Studio' },
            remoteAddress: uniqueIp(),
          }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(4);
      expect(statuses.filter((status) => status === 409)).toHaveLength(16);
      for (const refused of responses.filter((response) => response.statusCode !== 200)) expect(refused.body).toBe(limitMessage);
    } finally {
      await other.close();
      await db.end();
    }
    const { rows } = await t.db.query('SELECT slot FROM order_device WHERE order_id = $1 ORDER BY slot', [owner.order.id]);
    expect(rows.map((row) => row.slot)).toEqual([1, 2, 3, 4]);
  });

  it('takes one slot for one computer registering at once under differently cased IDs', async () => {
    const owner = await giveLicence(t, { email: uniqueEmail() });
    const deviceId = randomDeviceId().toLowerCase();
    const spellings = Array.from({ length: 6 }, (_, index) => (index % 2 === 0 ? deviceId : deviceId.toUpperCase()));
    const responses = await Promise.all(
      spellings.map((spelling) =>
        registerDevice(
          t,
          { ProductName: 'Spacey', Key: owner.order.serial_2048, DeviceIdHash: spelling, DeviceName: 'Studio' },
          uniqueIp(),
        ),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(responses.map((response) => response.body)).size).toBe(1);
    const { rows } = await t.db.query('SELECT slot, device_id_hash FROM order_device WHERE order_id = $1', [owner.order.id]);
    expect(rows.map((row) => row.slot)).toEqual([1]);
    const otherSpelling = rows[0].device_id_hash === deviceId ? deviceId.toUpperCase() : deviceId;
    // The database itself holds the rule: another spelling of a registered ID cannot take a second slot.
    await expect(
      t.db.query(
        `INSERT INTO order_device (order_id, slot, device_id_hash, device_name, device_id_hash_encrypted) VALUES ($1, 2, $2, 'x', 'x')`,
        [owner.order.id, otherSpelling],
      ),
    ).rejects.toThrow(/duplicate key/);
  });

  it('puts no device on a licence that moves to a new owner while the computer registers', async () => {
    const owner = await giveLicence(t, { email: uniqueEmail() });
    const buyer = await giveLicence(t, { email: uniqueEmail('buyer'), productName: 'Punch' });
    // A transfer in progress: the licence row is updated, its devices cleared, not yet committed.
    const transfer = await t.db.connect();
    try {
      await transfer.query('BEGIN');
      await transfer.query('UPDATE orders SET person_id = $2 WHERE id = $1', [owner.order.id, buyer.personId]);
      await transfer.query('DELETE FROM order_device WHERE order_id = $1', [owner.order.id]);
      const registering = registerDevice(
        t,
        { ProductName: 'Spacey', Key: owner.order.serial_2048, DeviceIdHash: randomDeviceId() },
        uniqueIp(),
      );
      await waitUntilBlockedBy(t.db, transfer);
      await transfer.query('COMMIT');
      const response = await registering;
      expect(response.statusCode).toBe(400);
      expect(response.body).toBe('This key does not belong to an active licence of Spacey.');
    } finally {
      transfer.release();
    }
    const { rows } = await t.db.query('SELECT 1 FROM order_device WHERE order_id = $1', [owner.order.id]);
    expect(rows).toEqual([]);
  });

  it('has the database refuse a fifth slot or a second row in a taken slot, whoever writes', async () => {
    const owner = await giveLicence(t, { email: uniqueEmail() });
    const insert = (slot: number) =>
      t.db.query(
        `INSERT INTO order_device (order_id, slot, device_id_hash, device_name, device_id_hash_encrypted) VALUES ($1, $2, $3, 'x', 'x')`,
        [owner.order.id, slot, randomDeviceId()],
      );
    await insert(1);
    await expect(insert(5)).rejects.toThrow(/check constraint/);
    await expect(insert(1)).rejects.toThrow(/duplicate key/);
  });

  it('gives a known device its stored key without taking a slot, even on a full licence', async () => {
    const owner = await giveLicence(t, { email: uniqueEmail() });
    const ip = uniqueIp();
    const deviceIds = Array.from({ length: 4 }, randomDeviceId);
    const keys: string[] = [];
    for (const deviceId of deviceIds) {
      keys.push((await registerDevice(t, { ProductName: 'Spacey', Key: owner.order.serial_2048, DeviceIdHash: deviceId }, ip)).json());
    }
    const again = await registerDevice(
      t,
      { ProductName: 'Spacey', Key: owner.order.serial_2048, DeviceIdHash: deviceIds[2]!.toLowerCase() },
      ip,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toBe(keys[2]);
    const fifth = await registerDevice(t, { ProductName: 'Spacey', Key: owner.order.serial_2048, DeviceIdHash: randomDeviceId() }, ip);
    expect(fifth.statusCode).toBe(409);
    expect(fifth.body).toBe(limitMessage);
  });

  it('takes one slot when the same device registers five times at once', async () => {
    const owner = await giveLicence(t, { email: uniqueEmail() });
    const deviceId = randomDeviceId();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        registerDevice(t, { ProductName: 'Spacey', Key: owner.order.serial_2048, DeviceIdHash: deviceId }, uniqueIp()),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(responses.map((response) => response.body)).size).toBe(1);
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM order_device WHERE order_id = $1', [owner.order.id]);
    expect(rows[0].n).toBe(1);
  });

  it('refuses refunded and transferred licences and registers nothing', async () => {
    for (const state of ['refunded', 'transferred']) {
      const owner = await giveLicence(t, { email: uniqueEmail(), serial: `S-${randomDeviceId()}` });
      await t.db.query('UPDATE orders SET state = $2 WHERE id = $1', [owner.order.id, state]);
      for (const key of [owner.order.serial_2048, owner.order.serial]) {
        const response = await registerDevice(t, { ProductName: 'Spacey', Key: key, DeviceIdHash: randomDeviceId() }, uniqueIp());
        expect(response.statusCode).toBe(400);
        expect(response.body).toBe('This key does not belong to an active licence of Spacey.');
      }
      const { rows } = await t.db.query('SELECT count(*)::int AS n FROM order_device WHERE order_id = $1', [owner.order.id]);
      expect(rows[0].n).toBe(0);
    }
  });

  it('refuses unknown products, keys of no licence, and keys of another product', async () => {
    const owner = await giveLicence(t, { email: uniqueEmail() });
    const punch = await giveLicence(t, { email: uniqueEmail(), productName: 'Punch' });
    const ip = uniqueIp();
    const cases = [
      { ProductName: 'Nope', Key: owner.order.serial_2048, message: 'Unknown product "Nope".' },
      { ProductName: 'Spacey', Key: 'not-a-key', message: 'This key does not belong to an active licence of Spacey.' },
      { ProductName: 'Spacey', Key: punch.order.serial_new, message: 'This key does not belong to an active licence of Spacey.' },
      { ProductName: 'Spacey', Key: `#${'ab'.repeat(64)}`, message: 'This key does not belong to an active licence of Spacey.' },
    ];
    for (const { message, ...body } of cases) {
      const response = await registerDevice(t, { ...body, DeviceIdHash: randomDeviceId() }, ip);
      expect(response.statusCode).toBe(400);
      expect(response.body).toBe(message);
    }
  });

  it("takes no trial's key file as proof of a licence, even one naming the owner, and registers nothing", async () => {
    const owner = await giveLicence(t, { email: uniqueEmail('trialproof') });
    const ip = uniqueIp();
    // A trial asked for with the owner's address, as a stranger can: its key file names no one.
    const trial = await t.request({
      method: 'POST',
      url: '/api/trial',
      body: { ProductName: 'Spacey', DeviceIdHash: randomDeviceId(), Email: owner.email },
      ip,
    });
    expect(trial.statusCode).toBe(200);
    const trialKey = (trial.json() as { keyFile: string }).keyFile;
    expect(decryptKeyFile(trialKey, owner.product.public_key_2048)).toMatchObject({ isExpiring: true, user: 'Trial', email: 'trial' });
    // An expiring key file that names the owner (as trials once did), signed with the product's own key.
    const privateKey = t.app.secretBox.open(owner.product.private_key_2048_sealed);
    const namingOwner = createExpiringKeyFile({
      appName: 'Spacey',
      userEmail: owner.email,
      userName: owner.email,
      machineNumbers: randomDeviceId(),
      expiryTime: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
      privateKey: loadSigningKey(privateKey, owner.product.public_key_2048),
    });
    for (const key of [trialKey, namingOwner]) {
      const response = await registerDevice(t, { ProductName: 'Spacey', Key: key, DeviceIdHash: randomDeviceId() }, ip);
      expect(response.statusCode).toBe(400);
      expect(response.body).toBe('This key does not belong to an active licence of Spacey.');
    }
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM order_device WHERE order_id = $1', [owner.order.id]);
    expect(rows[0].n).toBe(0);
  });

  it("refuses Device IDs JUCE cannot use, accepts JUCE's 10-character IDs", async () => {
    const owner = await giveLicence(t, { email: uniqueEmail() });
    const ip = uniqueIp();
    const register = (DeviceIdHash: string, DeviceName = 'Studio') =>
      registerDevice(t, { ProductName: 'Spacey', Key: owner.order.serial_2048, DeviceIdHash, DeviceName }, ip);
    const refusals: [string, string, string?][] = [
      ['', 'The Device ID is missing.'],
      ['AB,CD', 'The Device ID must not contain commas, semicolons or spaces.'],
      ['AB;CD', 'The Device ID must not contain commas, semicolons or spaces.'],
      ['AB CD', 'The Device ID must not contain commas, semicolons or spaces.'],
      ['01', 'This Device ID is not valid.'],
      ['1234', 'This Device ID is not valid.'],
      ['ÄBC', 'The Device ID may contain only letters, digits and ASCII punctuation.'],
      [randomDeviceId().slice(1), 'Please enter a valid Device ID (32 characters long).', 'Offline Device'],
    ];
    for (const [deviceId, message, name] of refusals) {
      const response = await register(deviceId, name);
      expect(response.statusCode, deviceId).toBe(400);
      expect(response.body).toBe(message);
    }
    expect((await register('L7C5815F31')).statusCode).toBe(200);
    const { rows } = await t.db.query('SELECT device_id_hash FROM order_device WHERE order_id = $1', [owner.order.id]);
    expect(rows).toEqual([{ device_id_hash: 'L7C5815F31' }]);
  });

  it('limits registrations per IP', async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 61; attempt++) {
      statuses.push((await registerDevice(t, { ProductName: 'Nope', Key: 'x', DeviceIdHash: randomDeviceId() }, ip)).statusCode);
    }
    expect(statuses.slice(0, 60).every((status) => status === 400)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it('counts registrations that pass and registrations refused early against one limit per IP', async () => {
    const owner = await giveLicence(t, { email: uniqueEmail() });
    const ip = uniqueIp();
    const deviceId = randomDeviceId();
    const responses = [];
    for (let attempt = 0; attempt < 61; attempt++) {
      // Even attempts: the same computer again (counted in the query that finds the licence); odd: a bad Device ID.
      const body = { ProductName: 'Spacey', Key: owner.order.serial_2048, DeviceIdHash: attempt % 2 === 0 ? deviceId : '01' };
      responses.push(await registerDevice(t, body, ip));
    }
    expect(responses.slice(0, 60).map((response) => response.statusCode)).toEqual(
      Array.from({ length: 60 }, (_, index) => (index % 2 === 0 ? 200 : 400)),
    );
    expect(responses[60]!.statusCode).toBe(429);
    expect(Number(responses[60]!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses a caller over the limit again without counting or signing, until its window ends', async () => {
    const owner = await giveLicence(t, { email: uniqueEmail() });
    const ip = uniqueIp();
    const body = () => ({ ProductName: 'Spacey', Key: owner.order.serial_2048, DeviceIdHash: randomDeviceId() });
    const hits = async () =>
      (await t.db.query('SELECT hits FROM rate_limit WHERE key = $1', [`device-register-ip:${ip}`])).rows[0]?.hits as number;
    await t.db.query(`INSERT INTO rate_limit (key, window_start, hits) VALUES ($1, now(), 60)`, [`device-register-ip:${ip}`]);
    const refused = await registerDevice(t, body(), ip);
    expect(refused.statusCode).toBe(429);
    expect(await hits()).toBe(61);
    const again = await registerDevice(t, body(), ip);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(await hits()).toBe(61);
    const { rows } = await t.db.query('SELECT 1 FROM order_device WHERE order_id = $1', [owner.order.id]);
    expect(rows).toEqual([]);
  });
});
