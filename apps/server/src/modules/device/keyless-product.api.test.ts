import { describe, expect, it, vi } from 'vitest';
import { decryptKeyFile } from '../../licensing/juce-key-file.js';
import { keyOfJuceAnswer, postJuceForm } from '../../../test/juce-answers.js';
import { createTestApp } from '../../../test/test-app.js';
import { randomDeviceId, registerDevice } from '../licence/licence.test-factory.js';

// Outside test 2026-11-29, P3 (decision 103): a product saved without keys (NEW PRODUCT's keys are empty until
// "Generate keys"), driven as the administrator and the plug-in do.
const t = await createTestApp();
const admin = async (method: string, url: string, body?: unknown) => {
  const response = await t.request({ method, url, token: await t.adminToken(), body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Record<string, unknown>;
};

describe('a product without a key pair yet', () => {
  it('refuses to register a computer, taking no place, and registers it once the product has keys', async () => {
    const name = `Keyless ${Math.random().toString(36).slice(2, 8)}`;
    const saved = { name, description: 'No keys yet', price: '10', publicKey: '', privateKey: '', useRsa2048: false };
    const product = (await admin('POST', '/api/product/', { id: 0, ...saved })) as { id: number };
    const serial = `KL-${randomDeviceId()}`;
    await admin('POST', '/api/productserial/', { id: product.id, serials: serial });
    const owner = await t.registerCustomer();
    const personId = ((await admin('GET', `/api/person/byEmail/${encodeURIComponent(owner.email)}`)) as { id: number }).id;
    const order = (await admin('POST', '/api/order/', { id: 0, productId: product.id, personId, serial: '', creationDate: '' })) as {
      id: number;
      serial: string;
    };
    expect(order.serial).toBe(serial);
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
    const registered = await registerDevice(t, { ProductName: name, Key: serial, DeviceIdHash: randomDeviceId() });
    expect({ status: registered.statusCode, body: registered.body }).toEqual({ status: 503, body: message });
    // The licence's computers as the customer area lists them.
    const places = async () => {
      const listed = await t.request({ method: 'GET', url: '/api/userinfo/products', token: owner.token });
      const licences = listed.json() as { orderId: number; orderDevices: unknown[] }[];
      return licences.find((licence) => licence.orderId === order.id)!.orderDevices.length;
    };
    expect(await places()).toBe(0);

    // The vendor presses "Generate keys" and saves: the computer registers, with a key file its public key opens.
    const keys = (await admin('POST', '/api/product/generatekeys/', {})) as { publicKey: string; privateKey: string };
    await admin('POST', '/api/product/', { id: product.id, ...saved, publicKey: keys.publicKey, privateKey: keys.privateKey });
    await vi.waitFor(async () => expect((await t.app.productCache.byName(t.db, name))?.public_key).toBe(keys.publicKey));
    const again = await postJuceForm(t, '/api/juce/unlock', { product: name, email: owner.email, pw: owner.password, os: 'Linux', mach });
    expect(decryptKeyFile(keyOfJuceAnswer(again.body), keys.publicKey)?.machineNumbers).toEqual([mach]);
    expect(await places()).toBe(1);
  });
});
