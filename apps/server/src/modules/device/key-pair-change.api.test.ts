import { describe, expect, it, vi } from 'vitest';
import { decryptKeyFile } from '../../licensing/juce-key-file.js';
import { keyOfJuceAnswer, postJuceForm } from '../../../test/juce-answers.js';
import { createTestApp } from '../../../test/test-app.js';
import { customerWithLicence, randomDeviceId, registerDevice } from '../licence/licence.test-factory.js';

// Decision 101 (outside test 2026-11-29, P1): a product's releases move to another key ("use RSA 2048" set, or a pair
// made anew); a computer or trial from before must get a key the new release opens, not its stored one.
const t = await createTestApp();
const unlock = (fields: Record<string, string>) => postJuceForm(t, '/api/juce/unlock', { os: 'Linux', ...fields });

/** The product editor: Generate keys, tick "use RSA 2048", SAVE PRODUCT (the 1024-bit pair stays, for older releases). */
async function switchTo2048(name: string): Promise<string> {
  const admin = await t.adminToken();
  const generated = await t.request({ method: 'POST', url: '/api/product/generatekeys/', token: admin, body: {} });
  const keys = generated.json() as { publicKey2048: string; privateKey2048: string };
  const product = (await t.app.productCache.byName(t.db, name))!;
  const saved = await t.request({
    method: 'POST',
    url: '/api/product/',
    token: admin,
    // The generated 1024-bit pair is left out: the product keeps its own, for the releases sold before.
    body: {
      id: product.id,
      name,
      description: product.description,
      price: product.price,
      publicKey2048: keys.publicKey2048,
      privateKey2048: keys.privateKey2048,
      useRsa2048: true,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await vi.waitFor(async () => expect((await t.app.productCache.byName(t.db, name))?.use_rsa_2048).toBe(true));
  return keys.publicKey2048; // what the new release holds
}

const placesOf = async (orderId: number) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM order_device WHERE order_id = $1', [orderId])).rows[0]!.n;

describe('a product whose releases move to a 2048-bit key', () => {
  it('gives a computer registered before a key the new release opens, in the place it holds', async () => {
    const owner = await customerWithLicence(t, 'Punch');
    const mach = randomDeviceId();
    const before = await unlock({ product: 'Punch', email: owner.email, pw: owner.password, mach });
    expect(decryptKeyFile(keyOfJuceAnswer(before.body), owner.product.public_key)).not.toBeNull();
    const serialComputer = randomDeviceId();
    expect((await registerDevice(t, { ProductName: 'Punch', Key: owner.order.serial_new, DeviceIdHash: serialComputer })).statusCode).toBe(
      200,
    );
    expect(await placesOf(owner.order.id)).toBe(2);

    const newRelease = await switchTo2048('Punch');

    // The computer, updated to the new release (whose load() drops the old key), unlocks again, online and by serial.
    const again = await unlock({ product: 'Punch', email: owner.email, pw: owner.password, mach });
    expect(again.body).toMatch(/^<MESSAGE message="Thanks for registering Punch! This computer is now unlocked."/);
    const bySerial = await registerDevice(t, { ProductName: 'Punch', Key: owner.order.serial_new, DeviceIdHash: serialComputer });
    expect(bySerial.statusCode).toBe(200);
    expect({
      onlineUnlock: decryptKeyFile(keyOfJuceAnswer(again.body), newRelease) !== null,
      serialKeyRegistration: decryptKeyFile(bySerial.json<string>(), newRelease) !== null,
    }).toEqual({ onlineUnlock: true, serialKeyRegistration: true });
    // No new place: the computers keep theirs, which now hold the new keys (answered as stored the next time).
    expect(await placesOf(owner.order.id)).toBe(2);
    const third = await unlock({ product: 'Punch', email: owner.email, pw: owner.password, mach });
    expect(keyOfJuceAnswer(third.body)).toBe(keyOfJuceAnswer(again.body));
  });

  it('gives a trial started before a key the new release opens, to the same end', async () => {
    const mach = randomDeviceId();
    const trial = await postJuceForm(t, '/api/juce/trial', { product: 'Tapewarm', mach, os: 'Linux', email: '' });
    expect(trial.body).toMatch(/^<MESSAGE/);
    const newRelease = await switchTo2048('Tapewarm');
    const again = await postJuceForm(t, '/api/juce/trial', { product: 'Tapewarm', mach, os: 'Linux', email: '' });
    expect(again.body).toMatch(/^<MESSAGE message="Your trial of Tapewarm on this computer runs until/);
    const opened = decryptKeyFile(keyOfJuceAnswer(again.body), newRelease);
    const oldRelease = (await t.app.productCache.byName(t.db, 'Tapewarm'))!.public_key;
    expect(opened?.expiryTime).toEqual(decryptKeyFile(keyOfJuceAnswer(trial.body), oldRelease)?.expiryTime);
    expect(opened?.expiryTime).toBeInstanceOf(Date);
  });
});
