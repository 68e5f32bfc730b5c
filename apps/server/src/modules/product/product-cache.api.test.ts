import { describe, expect, it } from 'vitest';
import type { GeneratedKeys, Product } from '@store/contracts/product';
import { decryptKeyFile } from '../../licensing/juce-key-file.js';
import { createTestApp, cutListeningConnection, holdNotifications, uniqueEmail, uniqueIp } from '../../../test/test-app.js';
import { giveLicence, randomDeviceId, registerDevice } from '../licence/licence.test-factory.js';

// Its own database: these tests rename and re-key the demo product Spacey.
const t = await createTestApp();
const unknownSpacey = (name: string) => `Unknown product "${name}".`;

/** Registers a new computer with the licence's serial number (which proves it whatever the key pair). */
const registerWithSerial = (productName: string, serial: string) =>
  registerDevice(t, { ProductName: productName, Key: serial, DeviceIdHash: randomDeviceId() }, uniqueIp());

describe('the products the plug-in endpoints keep in memory', () => {
  it("signs the first activation after the administrator replaced Spacey's key pairs with the new pair", async (context) => {
    const owner = await giveLicence(t, { email: uniqueEmail(), serial: `CACHE-${randomDeviceId()}` });
    expect((await registerWithSerial('Spacey', owner.order.serial)).statusCode).toBe(200); // Spacey is cached now
    const token = await t.adminToken();
    const current = (await t.request({ method: 'GET', url: `/api/product/${owner.product.id}`, token })).json() as Product;
    const keys = (
      await t.request({ method: 'POST', url: '/api/product/generatekeys/', token, body: { id: owner.product.id } })
    ).json() as GeneratedKeys;

    // No notification reaches this process meanwhile: the save itself must make it forget.
    const held = await holdNotifications(t);
    if (!held) return context.skip();
    try {
      const saved = await t.request({
        method: 'POST',
        url: '/api/product/',
        token,
        body: { ...current, ...keys, publickey: keys.publicKey, privatekey: keys.privateKey },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const response = await registerWithSerial('Spacey', owner.order.serial);
      expect(response.statusCode, response.body).toBe(200);
      expect(decryptKeyFile(response.json() as string, keys.publicKey2048)).toMatchObject({ app: 'Spacey' });
      expect(decryptKeyFile(response.json() as string, owner.product.public_key_2048)).toBeNull();
    } finally {
      held.resume();
    }
  });

  it('follows a rename made straight in the database (another process, a manual edit) once it is committed', async () => {
    const owner = await giveLicence(t, { email: uniqueEmail(), serial: `CACHE-${randomDeviceId()}` });
    expect((await registerWithSerial('Spacey', owner.order.serial)).statusCode).toBe(200);
    await t.db.query(`UPDATE product SET name = 'Spacey Deluxe' WHERE id = $1`, [owner.product.id]);
    try {
      await expect
        .poll(async () => (await registerWithSerial('Spacey', owner.order.serial)).body, { timeout: 5_000 })
        .toBe(unknownSpacey('Spacey'));
      expect((await registerWithSerial('spacey deluxe', owner.order.serial)).statusCode).toBe(200);
    } finally {
      await t.db.query(`UPDATE product SET name = 'Spacey' WHERE id = $1`, [owner.product.id]);
    }
  });

  it('reads the database while its listening connection is down, keeping nothing it read meanwhile', async () => {
    const owner = await giveLicence(t, { email: uniqueEmail(), serial: `CACHE-${randomDeviceId()}` });
    const cut = await cutListeningConnection(t);
    // Read while deaf: were it kept, the rename below, which no notification announces, would go unseen.
    expect((await registerWithSerial('Spacey', owner.order.serial)).statusCode).toBe(200);
    await t.db.query(`UPDATE product SET name = 'Spacey Offline' WHERE id = $1`, [owner.product.id]);
    try {
      expect(t.app.tableChanges.isListening()).toBe(false); // still deaf (it listens again after a second)
      expect((await registerWithSerial('Spacey', owner.order.serial)).body).toBe(unknownSpacey('Spacey'));
      expect((await registerWithSerial('Spacey Offline', owner.order.serial)).statusCode).toBe(200);
    } finally {
      await t.db.query(`UPDATE product SET name = 'Spacey' WHERE id = $1`, [owner.product.id]);
    }
    await cut.listeningAgain();
  });
});
