// An owner with two licences of a product: a computer holds one place among them, whichever of the owner's keys,
// serials or logins registers it (outside test 2026-11-29, finding P7; decision 108).
import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, uniqueIp } from '../../../test/test-app.js';
import { keyOfJuceAnswer, postJuceForm } from '../../../test/juce-answers.js';
import { customerWithLicence, giveLicence, randomDeviceId, registerDevice } from '../licence/licence.test-factory.js';

const t = await createTestApp();

const placesOf = async (deviceId: string) =>
  (
    await t.db.query<{ order_id: number }>('SELECT order_id FROM order_device WHERE lower(device_id_hash) = lower($1) ORDER BY order_id', [
      deviceId,
    ])
  ).rows.map((row) => row.order_id);

/** An owner of two licences of Spacey (eight places), the second with a serial number. */
async function ownerOfTwo() {
  const owner = await customerWithLicence(t, 'Spacey');
  const second = await giveLicence(t, { email: owner.email, productName: 'Spacey', serial: `SP-${randomDeviceId().slice(0, 12)}` });
  return { owner, second };
}

describe("a computer already on an owner's first licence", () => {
  it("takes no second place when registered with the second licence's key file, and gets its key", async () => {
    const { owner, second } = await ownerOfTwo();
    const mach = randomDeviceId();
    const first = await registerDevice(t, { ProductName: 'Spacey', Key: owner.order.serial_2048, DeviceIdHash: mach });
    expect(first.statusCode, first.body).toBe(200);

    const again = await registerDevice(t, { ProductName: 'Spacey', Key: second.order.serial_2048, DeviceIdHash: mach });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<string>()).toBe(first.json<string>());
    expect(await placesOf(mach)).toEqual([owner.order.id]);
  });

  it("takes no second place when registered with the second licence's serial number", async () => {
    const { owner, second } = await ownerOfTwo();
    const mach = randomDeviceId();
    const unlock = await postJuceForm(t, '/api/juce/unlock', {
      product: 'Spacey',
      email: owner.email,
      pw: owner.password,
      os: 'Linux',
      mach,
    });
    expect(keyOfJuceAnswer(unlock.body)).not.toBe('');

    const bySerial = await registerDevice(t, { ProductName: 'Spacey', Key: second.order.serial, DeviceIdHash: mach.toLowerCase() });
    expect(bySerial.statusCode, bySerial.body).toBe(200);
    expect(await placesOf(mach)).toEqual([owner.order.id]);
  });

  it("takes no second place with a key file issued before the owner's address changed", async () => {
    const { owner, second } = await ownerOfTwo();
    const mach = randomDeviceId();
    expect((await registerDevice(t, { ProductName: 'Spacey', Key: owner.order.serial_2048, DeviceIdHash: mach })).statusCode).toBe(200);
    const renamed = uniqueEmail('renamed');
    // The administrator corrects the owner's address in the person screen; the key files keep the first one.
    const corrected = await t.request({
      method: 'POST',
      url: '/api/person/',
      token: await t.adminToken(),
      body: { id: owner.personId, email: renamed, name: 'Test Owner', country: '' },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);

    const again = await registerDevice(t, { ProductName: 'Spacey', Key: second.order.serial_2048, DeviceIdHash: mach });
    expect(again.statusCode, again.body).toBe(200);
    expect(await placesOf(mach)).toEqual([owner.order.id]);
  });

  it('a new computer still takes its place on the licence whose key or serial it was given', async () => {
    const { owner, second } = await ownerOfTwo();
    const [a, b, c] = [randomDeviceId(), randomDeviceId(), randomDeviceId()];
    expect((await registerDevice(t, { ProductName: 'Spacey', Key: owner.order.serial_2048, DeviceIdHash: a })).statusCode).toBe(200);
    expect((await registerDevice(t, { ProductName: 'Spacey', Key: second.order.serial_2048, DeviceIdHash: b })).statusCode).toBe(200);
    expect((await registerDevice(t, { ProductName: 'Spacey', Key: second.order.serial, DeviceIdHash: c })).statusCode).toBe(200);
    expect([await placesOf(a), await placesOf(b), await placesOf(c)]).toEqual([[owner.order.id], [second.order.id], [second.order.id]]);
  });

  it("another owner's computer is not known to this owner's licences", async () => {
    const { second } = await ownerOfTwo();
    const stranger = await customerWithLicence(t, 'Spacey');
    const mach = randomDeviceId();
    expect((await registerDevice(t, { ProductName: 'Spacey', Key: stranger.order.serial_2048, DeviceIdHash: mach })).statusCode).toBe(200);
    expect((await registerDevice(t, { ProductName: 'Spacey', Key: second.order.serial, DeviceIdHash: mach })).statusCode).toBe(200);
    expect(await placesOf(mach)).toEqual([stranger.order.id, second.order.id].sort((x, y) => x - y));
  });
});

/** Sessions of this database waiting for a lock that the holder's session holds. */
const blockedBy = async (holderPid: number) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [holderPid]))
    .rows[0]!.n;

describe("the same computer registered at the same moment with two of an owner's licences (outside test R1)", () => {
  it('keeps one place among them, and both registrations get a key', async () => {
    const { owner, second } = await ownerOfTwo();
    const mach = randomDeviceId();
    // A second session holds both licences' rows (as a refund or transfer in progress would) while both registrations
    // run, so both read before either has a place, and go on together when it lets go.
    const holder = await t.db.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM orders WHERE id = ANY($1::bigint[]) FOR UPDATE', [[owner.order.id, second.order.id]]);
      const { rows } = await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const both = Promise.all([
        registerDevice(t, { ProductName: 'Spacey', Key: owner.order.serial_2048, DeviceIdHash: mach }, uniqueIp()),
        registerDevice(t, { ProductName: 'Spacey', Key: second.order.serial, DeviceIdHash: mach }, uniqueIp()),
      ]);
      await expect.poll(() => blockedBy(rows[0]!.pid), { timeout: 60_000, interval: 20 }).toBe(2);
      await holder.query('COMMIT');
      const answers = await both;
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    } finally {
      holder.release();
    }
    expect(await placesOf(mach)).toHaveLength(1);
  });

  it('keeps one place for each of ten computers registered twice at once', async () => {
    const doubled: string[] = [];
    for (let round = 0; round < 10; round++) {
      const { owner, second } = await ownerOfTwo();
      const mach = randomDeviceId();
      const answers = await Promise.all([
        registerDevice(t, { ProductName: 'Spacey', Key: owner.order.serial_2048, DeviceIdHash: mach }, uniqueIp()),
        registerDevice(t, { ProductName: 'Spacey', Key: second.order.serial_2048, DeviceIdHash: mach }, uniqueIp()),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      if ((await placesOf(mach)).length !== 1) doubled.push(mach);
    }
    expect(doubled, 'computers without exactly one place').toEqual([]);
  });
});
