import { describe, expect, it } from 'vitest';
import { parseRootAttributes } from '../../licensing/juce-xml.js';
import { createTestApp, uniqueEmail, uniqueIp } from '../../../test/test-app.js';
import { customerWithLicence, giveLicence, randomDeviceId, registerDevice } from '../licence/licence.test-factory.js';

// The address's ceiling of wrong passwords and the plug-ins' online unlock (docs/SECURITY.md, "Limits"): a
// computer already registered on one of the address's licences is known, and only its own counters refuse it.
const t = await createTestApp();

const unlock = (fields: { email: string; pw: string; mach: string; product?: string }, ip = uniqueIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/juce/unlock',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ product: 'Spacey', os: 'Mac OSX 14.5', ...fields }).toString(),
    remoteAddress: ip,
  });
/** What the plug-in shows: the MESSAGE's text, or the ERROR's. */
const answerOf = async (reply: ReturnType<typeof unlock>) => {
  const body = (await reply).body;
  return parseRootAttributes(body)?.get(body.startsWith('<ERROR') ? 'error' : 'message');
};
const UNLOCKED = 'Thanks for registering Spacey! This computer is now unlocked.';
const WRONG = /^Wrong email or password\./;
const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

/** A stranger's ten wrong guesses for the address, each from another IP and computer: the ceiling is full. */
async function fillCeiling(email: string) {
  for (let attempt = 0; attempt < 10; attempt++) {
    expect(await answerOf(unlock({ email, pw: `guess-${attempt}`, mach: randomDeviceId() }))).toMatch(WRONG);
  }
  expect(await answerOf(unlock({ email, pw: 'guess-10', mach: randomDeviceId() }))).toBe(TOO_MANY);
}

/** An owner of a Spacey licence whose computer the plug-in has unlocked once. */
async function ownerWithComputer() {
  const owner = await customerWithLicence(t);
  const computer = randomDeviceId();
  expect(await answerOf(unlock({ email: owner.email, pw: owner.password, mach: computer }))).toBe(UNLOCKED);
  return { ...owner, computer };
}

describe("the address's ceiling and the plug-in unlock", () => {
  it("lets a computer registered on the address's licences unlock after a stranger's ten wrong guesses", async () => {
    const owner = await ownerWithComputer();
    // A second computer, registered on the owner's licence of another product with its serial key.
    const punch = await giveLicence(t, { email: owner.email, productName: 'Punch' });
    const studio = randomDeviceId();
    expect((await registerDevice(t, { ProductName: 'Punch', Key: punch.order.serial_new, DeviceIdHash: studio })).statusCode).toBe(200);

    await fillCeiling(owner.email);

    expect(await answerOf(unlock({ email: owner.email, pw: owner.password, mach: owner.computer }))).toBe(UNLOCKED);
    expect(await answerOf(unlock({ email: owner.email, pw: owner.password, mach: owner.computer.toLowerCase() }))).toBe(UNLOCKED);
    expect(await answerOf(unlock({ email: owner.email, pw: owner.password, mach: studio }))).toBe(UNLOCKED);
    // The known computers passed the ceiling; it still refuses everyone else, on the web login as on the plug-in.
    const webLogin = await t.request({
      method: 'POST',
      url: '/api/login/',
      ip: uniqueIp(),
      body: { username: owner.email, password: owner.password },
    });
    expect(webLogin.statusCode).toBe(429);
  });

  it('still refuses an unknown computer, or one registered on another address, once the ceiling is full', async () => {
    const owner = await ownerWithComputer();
    const other = await customerWithLicence(t);
    const othersComputer = randomDeviceId();
    expect(await answerOf(unlock({ email: other.email, pw: other.password, mach: othersComputer }))).toBe(UNLOCKED);

    await fillCeiling(owner.email);

    expect(await answerOf(unlock({ email: owner.email, pw: owner.password, mach: randomDeviceId() }))).toBe(TOO_MANY);
    expect(await answerOf(unlock({ email: owner.email, pw: owner.password, mach: othersComputer }))).toBe(TOO_MANY);
    // The owner's computer is no pass to another address's ceiling either.
    const third = await customerWithLicence(t);
    await fillCeiling(third.email);
    expect(await answerOf(unlock({ email: third.email, pw: third.password, mach: owner.computer }))).toBe(TOO_MANY);
  });

  it("counts a known computer's wrong passwords against that computer, which then meets the ceiling like a stranger", async () => {
    const owner = await ownerWithComputer();
    await fillCeiling(owner.email);
    // Someone who has learnt the Device ID guesses from it: five guesses, then it is refused like any stranger.
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(await answerOf(unlock({ email: owner.email, pw: `known-${attempt}`, mach: owner.computer }))).toMatch(WRONG);
    }
    expect(await answerOf(unlock({ email: owner.email, pw: 'known-5', mach: owner.computer }))).toBe(TOO_MANY);
    expect(await answerOf(unlock({ email: owner.email, pw: owner.password, mach: owner.computer }))).toBe(TOO_MANY);
  });

  it("does not count a known computer's wrong passwords against the address", async () => {
    const owner = await ownerWithComputer();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(await answerOf(unlock({ email: owner.email, pw: `typo-${attempt}`, mach: owner.computer }))).toMatch(WRONG);
    }
    for (let attempt = 0; attempt < 10; attempt++) {
      expect(await answerOf(unlock({ email: owner.email, pw: `guess-${attempt}`, mach: randomDeviceId() }))).toMatch(WRONG);
    }
    expect(await answerOf(unlock({ email: owner.email, pw: 'guess-10', mach: randomDeviceId() }))).toBe(TOO_MANY);
  });

  it("keeps the IP's limit of wrong passwords for a known computer", async () => {
    const owner = await ownerWithComputer();
    const ip = uniqueIp();
    for (let attempt = 0; attempt < 30; attempt++) {
      expect(await answerOf(unlock({ email: uniqueEmail('nobody'), pw: 'guess', mach: randomDeviceId() }, ip))).toMatch(WRONG);
    }
    expect(await answerOf(unlock({ email: owner.email, pw: owner.password, mach: owner.computer }, ip))).toBe(TOO_MANY);
    expect(await answerOf(unlock({ email: owner.email, pw: owner.password, mach: owner.computer }))).toBe(UNLOCKED);
  });
});
