import { describe, expect, it, vi } from 'vitest';
import { decryptKeyFile } from '../../licensing/juce-key-file.js';
import { keyOfJuceAnswer, postJuceForm } from '../../../test/juce-answers.js';
import { createTestApp } from '../../../test/test-app.js';
import { giveLicence, randomDeviceId, registerDevice } from '../licence/licence.test-factory.js';

// Outside test 2026-11-29, P3: a product saved without keys (NEW PRODUCT's keys are empty until "Generate keys").
const t = await createTestApp();

describe('a product without a key pair yet', () => {
  it('refuses to register a computer, taking no place, and registers it once the product has keys', async () => {
    const name = `Keyless ${Math.random().toString(36).slice(2, 8)}`;
    await t.db.query(
      `INSERT INTO product (name, description, price, public_key, private_key_sealed, path) VALUES ($1, 'No keys yet', 10, '', '', $2)`,
      [name, name.toLowerCase().replace(' ', '-')],
    );
    const owner = await t.registerCustomer();
    // A serial number from the product's pool (its key files are empty: there is no pair to sign them).
    const { order } = await giveLicence(t, { email: owner.email, productName: name, serial: `KL-${randomDeviceId()}` });
    const mach = randomDeviceId();
    const message = `Activations of ${name} are not available yet. Please try again later or contact the vendor.`;

    const unlocked = await postJuceForm(t, '/api/juce/unlock', {
      product: name,
      email: owner.email,
      pw: owner.password,
      os: 'Linux',
      mach,
    });
    expect(unlocked.body).toBe(`<ERROR error="${message}"/>`);
    const registered = await registerDevice(t, { ProductName: name, Key: order.serial, DeviceIdHash: randomDeviceId() });
    expect({ status: registered.statusCode, body: registered.body }).toEqual({ status: 503, body: message });
    const places = async () =>
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM order_device WHERE order_id = $1', [order.id])).rows[0]!.n;
    expect(await places()).toBe(0);

    // The vendor generates the keys: the computer registers, with a key file the product's public key opens.
    await t.db.query(
      `UPDATE product SET (public_key, private_key_sealed) = (SELECT public_key, private_key_sealed FROM product WHERE name = 'Punch')
        WHERE name = $1`,
      [name],
    );
    // The cache forgets the product when the table's change is heard (migration 010's notification).
    await vi.waitFor(async () => expect((await t.app.productCache.byName(t.db, name))?.public_key).not.toBe(''));
    const product = (await t.app.productCache.byName(t.db, name))!;
    const again = await postJuceForm(t, '/api/juce/unlock', { product: name, email: owner.email, pw: owner.password, os: 'Linux', mach });
    expect(decryptKeyFile(keyOfJuceAnswer(again.body), product.public_key)?.machineNumbers).toEqual([mach]);
    expect(await places()).toBe(1);
  });
});
