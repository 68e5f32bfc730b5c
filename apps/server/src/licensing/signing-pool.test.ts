import { afterEach, describe, expect, it } from 'vitest';
import { createKeyFile, decryptKeyFile, prepareKeyFile, type KeyFileOptions } from './juce-key-file.js';
import { generateKeyPair, loadVerifyingKey, type SigningKey } from './rsa-key.js';
import { createSigningPool, signOnThisThread, type KeyFileSigner } from './signing-pool.js';

const pair1024 = generateKeyPair(1024);
const pair2048 = generateKeyPair(2048);
const DATE = new Date('2026-11-23T10:00:00Z');

const options = (privateKey: SigningKey, userName = 'Joe Bloggs'): KeyFileOptions => ({
  appName: 'Spacey',
  userEmail: 'joe@example.com',
  userName,
  machineNumbers: 'DEVICE-1',
  privateKey,
  date: DATE,
});

let pool: KeyFileSigner | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('createSigningPool', () => {
  it('signs exactly as the event loop does, one block and several', async () => {
    pool = createSigningPool(2);
    const long = 'Ünïcødé '.repeat(30); // more than one base-n digit at 1024 bits
    for (const file of [options(pair2048.signingKey), options(pair1024.signingKey), options(pair1024.signingKey, long)]) {
      expect(await pool.sign(prepareKeyFile(file))).toBe(createKeyFile(file));
    }
  });

  it('keeps every answer with its call when many run at once', async () => {
    pool = createSigningPool(2);
    const names = Array.from({ length: 40 }, (_, index) => `Customer ${index}`);
    const files = await Promise.all(names.map((name) => pool!.sign(prepareKeyFile(options(pair2048.signingKey, name)))));
    expect(files.map((file) => decryptKeyFile(file, pair2048.publicKey)?.user)).toEqual(names);
  });

  it('sends each key to a thread once and signs with the right one, keys interleaved', async () => {
    pool = createSigningPool(1);
    const keys = [pair2048, pair1024, generateKeyPair(2048)];
    const calls = Array.from({ length: 12 }, (_, index) => ({ pair: keys[index % keys.length]!, name: `Customer ${index}` }));
    const files = await Promise.all(calls.map(({ pair, name }) => pool!.sign(prepareKeyFile(options(pair.signingKey, name)))));
    expect(files.map((file, index) => decryptKeyFile(file, calls[index]!.pair.publicKey)?.user)).toEqual(calls.map(({ name }) => name));
  });

  it('signs on the calling thread a key OpenSSL could not load, and after closing', async () => {
    pool = createSigningPool(1);
    const bigIntOnly = { ...pair1024.signingKey, keyObject: null };
    expect(await pool.sign(prepareKeyFile(options(bigIntOnly)))).toBe(createKeyFile(options(pair1024.signingKey)));
    await pool.close();
    expect(await pool.sign(prepareKeyFile(options(pair1024.signingKey)))).toBe(createKeyFile(options(pair1024.signingKey)));
  });

  it('fails the call whose key cannot sign, and signs the next one', async () => {
    pool = createSigningPool(1);
    // A public key object cannot do a private operation: OpenSSL refuses it inside the thread.
    const publicOnly = { ...pair1024.signingKey, keyObject: loadVerifyingKey(pair1024.publicKey).keyObject };
    await expect(pool.sign(prepareKeyFile(options(publicOnly)))).rejects.toThrow('Signing failed');
    expect(await pool.sign(prepareKeyFile(options(pair1024.signingKey)))).toBe(createKeyFile(options(pair1024.signingKey)));
  });

  it('refuses a pool without threads', () => {
    expect(() => createSigningPool(0)).toThrow(RangeError);
  });
});

describe('signOnThisThread', () => {
  it('answers the same file as createKeyFile', async () => {
    const file = options(pair2048.signingKey);
    expect(await signOnThisThread.sign(prepareKeyFile(file))).toBe(createKeyFile(file));
  });
});
