import { constants, privateDecrypt, randomBytes } from 'node:crypto';
import { createKeyFile } from '../apps/server/src/licensing/juce-key-file.js';
import { generateKeyPair, type SigningKey } from '../apps/server/src/licensing/rsa-key.js';
import type { BenchResult } from './bench-result.js';

const ROUNDS = 5;
const ROUND_MS = 800;
const TARGET_RATIO = 0.8;

/**
 * Key-file signing per second (JUCE key files, as a licence gets them) for 1024- and 2048-bit product keys,
 * against raw OpenSSL RSA private operations of the same size (privateDecrypt with RSA_NO_PADDING) in the
 * same run, alternating rounds so both see the same machine state. Target: ratio at least 0.8.
 *
 * A typical identity fits one RSA block at 1024 bits (JUCE encrypts the key XML as base-n digits, one private
 * operation per digit); a long name or email needs two, so its line is reported against half the raw rate.
 */
export default async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const bits of [1024, 2048] as const) {
    const key = generateKeyPair(bits).signingKey;
    const typical = { appName: 'Spacey', userName: 'Jane Doe', userEmail: 'jane@example.com', machineNumbers: '' };
    const { keyFiles, raw } = await compare(key, typical);
    results.push(resultOf(`key file ${bits}-bit (typical identity)`, keyFiles, `raw RSA ${bits}-bit private op`, raw, 1));
  }
  const key1024 = generateKeyPair(1024).signingKey;
  const long = {
    appName: 'Tapewarm',
    userName: 'Maximiliane Obermeier-Schwarzenbach',
    userEmail: 'maximiliane.obermeier@recording-studio.example.com',
    machineNumbers: '',
  };
  const { keyFiles, raw } = await compare(key1024, long);
  results.push(resultOf('key file 1024-bit (long identity, 2 RSA blocks)', keyFiles, 'raw RSA 1024-bit private op / 2', raw, 2));
  return results;
}

function resultOf(name: string, keyFiles: number, referenceName: string, raw: number, blocks: number): BenchResult {
  const referenceValue = raw / blocks;
  const ratio = keyFiles / referenceValue;
  return {
    name,
    value: keyFiles,
    unit: 'key files/s',
    reference: { name: referenceName, value: referenceValue },
    ratio,
    target: `ratio >= ${TARGET_RATIO}`,
    isMet: ratio >= TARGET_RATIO,
  };
}

async function compare(key: SigningKey, identity: { appName: string; userName: string; userEmail: string; machineNumbers: string }) {
  if (!key.keyObject) throw new Error('OpenSSL did not take the generated key');
  const keyObject = key.keyObject;
  const block = randomBytes(key.modulusLength);
  block[0] = 0; // below the modulus
  const signKeyFile = () => createKeyFile({ ...identity, privateKey: key });
  const rawOperation = () => privateDecrypt({ key: keyObject, padding: constants.RSA_NO_PADDING }, block);
  for (let warmUp = 0; warmUp < 50; warmUp++) {
    signKeyFile();
    rawOperation();
  }
  let keyFiles = 0;
  let raw = 0;
  for (let round = 0; round < ROUNDS; round++) {
    keyFiles += perSecond(signKeyFile);
    raw += perSecond(rawOperation);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { keyFiles: keyFiles / ROUNDS, raw: raw / ROUNDS };
}

function perSecond(work: () => unknown): number {
  const start = performance.now();
  let count = 0;
  let elapsed = 0;
  while (elapsed < ROUND_MS) {
    for (let batch = 0; batch < 10; batch++) work();
    count += 10;
    elapsed = performance.now() - start;
  }
  return (count * 1000) / elapsed;
}
