import { beforeAll, describe, expect, it, vi } from 'vitest';
import { decryptKeyFile } from '../../licensing/juce-key-file.js';
import { keyOfJuceAnswer, postJuceForm } from '../../../test/juce-answers.js';
import { createTestApp } from '../../../test/test-app.js';
import { customerWithLicence, randomDeviceId, registerDevice } from '../licence/licence.test-factory.js';

// Decision 102 (outside test 2026-11-29, P2 and P5): what the customer area offers as a computer's offline key is
// never the module's expiring key, and the offline dialog gives a computer known from before an offline key.
const t = await createTestApp();

// Tapewarm: the module's online keys (renewable=1) expire after 90 days.
beforeAll(async () => {
  await t.db.query(`UPDATE product SET online_key_days = 90 WHERE name = 'Tapewarm'`);
  await vi.waitFor(async () => expect((await t.app.productCache.byName(t.db, 'Tapewarm'))?.online_key_days).toBe(90));
});

type Owner = Awaited<ReturnType<typeof customerWithLicence>>;
type Listed = { orderId: number; orderDevices: { id: number; deviceName: string; deviceIdHashEncrypted: string }[] };

const unlock = (owner: Owner, mach: string, fields: Record<string, string> = {}) =>
  postJuceForm(t, '/api/juce/unlock', {
    product: owner.product.name,
    email: owner.email,
    pw: owner.password,
    os: 'Linux',
    mach,
    ...fields,
  });
/** The customer area's offline dialog: REGISTER with the Device ID and the licence's key, as "Offline Device". */
const registerOffline = (owner: Owner, mach: string) =>
  registerDevice(t, { ProductName: owner.product.name, Key: owner.order.serial_new, DeviceIdHash: mach, DeviceName: 'Offline Device' });
/** The licence's computers as the customer area lists them, each with what its key file is ('' for none). */
const listed = async (owner: Owner) => {
  const products = (await t.request({ method: 'GET', url: '/api/userinfo/products', token: owner.token })).json() as Listed[];
  return products
    .find((entry) => entry.orderId === owner.order.id)!
    .orderDevices.map((device) => {
      const { public_key_2048: key2048, public_key: key1024 } = owner.product;
      const file = device.deviceIdHashEncrypted;
      const key = file === '' ? null : (decryptKeyFile(file, key1024) ?? (key2048 ? decryptKeyFile(file, key2048) : null));
      return { id: device.id, name: device.deviceName, key: key === null ? 'none' : key.isExpiring ? 'expiring' : 'permanent' };
    });
};

describe("a computer's offline key in the customer area", () => {
  it('is never the module’s expiring key; the offline dialog makes it permanent again, and the module still renews', async () => {
    const owner = await customerWithLicence(t, 'Tapewarm');
    const mach = randomDeviceId();
    expect((await registerOffline(owner, mach)).statusCode).toBe(200);
    expect(await listed(owner)).toEqual([expect.objectContaining({ name: 'Offline Device', key: 'permanent' })]);

    // Online for a day, the computer is unlocked by a plug-in built on clients/juce: its place holds an expiring key.
    const online = await unlock(owner, mach, { renewable: '1' });
    expect(decryptKeyFile(keyOfJuceAnswer(online.body), owner.product.public_key)?.isExpiring).toBe(true);
    expect(await listed(owner)).toEqual([expect.objectContaining({ name: 'Offline Device', key: 'none' })]);

    // Offline again, the customer registers it in the offline dialog: its place gets a permanent key, offered in the list.
    const again = await registerOffline(owner, mach);
    expect(again.statusCode).toBe(200);
    expect(decryptKeyFile(again.json<string>(), owner.product.public_key)?.isExpiring).toBe(false);
    const [device] = await listed(owner);
    expect(device).toEqual(expect.objectContaining({ name: 'Offline Device', key: 'permanent' }));
    const [stored] = (await t.request({ method: 'GET', url: '/api/userinfo/products', token: owner.token }))
      .json<Listed[]>()
      .find((entry) => entry.orderId === owner.order.id)!.orderDevices;
    expect(stored!.deviceIdHashEncrypted).toBe(again.json<string>());

    // Online once more, the module unlocks it in the same place with its expiring key.
    const renewed = await unlock(owner, mach, { renewable: '1' });
    expect(decryptKeyFile(keyOfJuceAnswer(renewed.body), owner.product.public_key)?.isExpiring).toBe(true);
    expect(await listed(owner)).toEqual([{ id: device!.id, name: 'Offline Device', key: 'none' }]);
  });

  it('is not offered for a computer the module unlocked that the customer names "Offline …"', async () => {
    const owner = await customerWithLicence(t, 'Tapewarm');
    await unlock(owner, randomDeviceId(), { renewable: '1' });
    const [device] = await listed(owner);
    const renamed = await t.request({
      method: 'PUT',
      url: `/api/userinfo/orderdevice/${device!.id}`,
      token: owner.token,
      body: { deviceName: 'Offline rig' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await listed(owner)).toEqual([{ id: device!.id, name: 'Offline rig', key: 'none' }]);
  });

  it('is offered for a computer unlocked online before that the offline dialog registers, in the place it holds', async () => {
    const owner = await customerWithLicence(t, 'Spacey');
    const mach = randomDeviceId();
    const online = await unlock(owner, mach, { os: 'Mac OSX 14.5' });
    expect(online.body).toMatch(/^<MESSAGE message="Thanks for registering Spacey!/);
    expect((await listed(owner)).map((device) => device.name)).toEqual(['Mac OSX 14.5']);

    expect((await registerOffline(owner, mach)).statusCode).toBe(200);
    expect(await listed(owner)).toEqual([expect.objectContaining({ name: 'Offline Device', key: 'permanent' })]);
    // A name the customer gave it that already says so is kept.
    const [device] = await listed(owner);
    await t.request({ method: 'PUT', url: `/api/userinfo/orderdevice/${device!.id}`, token: owner.token, body: { deviceName: 'Studio' } });
    expect((await listed(owner)).map((listedDevice) => listedDevice.name)).toEqual(['Studio (Offline)']);
    expect((await registerOffline(owner, mach)).statusCode).toBe(200);
    expect((await listed(owner)).map((listedDevice) => listedDevice.name)).toEqual(['Studio (Offline)']);
  });
});
