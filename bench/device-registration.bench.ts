import { constants, privateDecrypt } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createPool, type Db } from '../apps/server/src/db/client.js';
import { startEmbeddedServer } from '../apps/server/src/db/embedded-server.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import { seedDatabase } from '../apps/server/src/db/seed.js';
import { createSecretBox, type SecretBox } from '../apps/server/src/lib/secret-box.js';
import { loadSigningKey } from '../apps/server/src/licensing/rsa-key.js';
import { createLicenceKeys as signLicenceKeys } from '../apps/server/src/modules/order/licence-keys.js';
import { findProductByName } from '../apps/server/src/modules/product/product.repository.js';
import type { BenchResult } from './bench-result.js';

const KEY_SECRET = 'bench-device-registration-secret';
const WARM_UP_REGISTRATIONS = 400;
const MEASURED_REGISTRATIONS = 6000;
const CONNECTIONS = 16;
const RSA_SECONDS = 2;

/**
 * Device registrations per second (POST /api/userinfo/registerproductfordevice with a licence's 2048-bit key
 * file, each a new computer, over HTTP against the listening app on an embedded PostgreSQL) against raw
 * RSA-2048 private operations per second in the same run: each registration signs one 2048-bit key file, so
 * the ratio says how much the rest (HTTP, checks, database, the four-computer rule) costs on top. Target ≥ 0.5.
 */
export default async function run(): Promise<BenchResult[]> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'store-bench-devices-'));
  await fs.chmod(directory, 0o755);
  const embedded = await startEmbeddedServer({ directory, isEphemeral: true });
  const db = createPool(embedded.url, 20);
  try {
    const secretBox = createSecretBox(KEY_SECRET);
    await migrateDatabase(db, async (client) => {
      await seedDatabase(client, { adminPassword: 'bench-admin-password', secretBox, isDemoData: true });
    });
    const config = loadConfig({
      DATABASE_URL: embedded.url,
      KEY_ENCRYPTION_SECRET: KEY_SECRET,
      LOG_LEVEL: 'silent',
      TRUST_PROXY: 'true',
      SIGNING_THREADS: process.env.SIGNING_THREADS,
    });
    const app = await buildApp({ config, db, isServingWebApp: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/userinfo/registerproductfordevice`;
      const keys = await createLicenceKeys(db, secretBox, (WARM_UP_REGISTRATIONS + MEASURED_REGISTRATIONS) / 4);
      const product = (await findProductByName(db, 'Spacey'))!;
      const measureRsa = () => rsaPrivateOperationsPerSecond(secretBox.open(product.private_key_2048_sealed), product.public_key_2048);
      await registerDevices(directory, url, keys.slice(0, WARM_UP_REGISTRATIONS / 4), WARM_UP_REGISTRATIONS);
      // The reference is measured before and after the registrations, so a change of machine load hits both sides.
      const rsaBefore = measureRsa();
      const registrations = await registerDevices(directory, url, keys.slice(WARM_UP_REGISTRATIONS / 4), MEASURED_REGISTRATIONS);
      const rsa = (rsaBefore + measureRsa()) / 2;
      const ratio = registrations / rsa;
      return [
        {
          name: 'device registrations (HTTP, new computer each, RSA-2048 key file)',
          value: registrations,
          unit: 'registrations/s',
          reference: { name: 'raw RSA-2048 private operations/s (privateDecrypt, RSA_NO_PADDING)', value: rsa },
          ratio,
          target: 'ratio >= 0.5',
          isMet: ratio >= 0.5,
        },
      ];
    } finally {
      await app.close();
    }
  } finally {
    await db.end();
    await embedded.stop();
    await fs.rm(directory, { recursive: true, force: true });
  }
}

/** Licences of the demo product Spacey (RSA 2048), each for its own owner; answers their 2048-bit key files. */
async function createLicenceKeys(db: Db, secretBox: SecretBox, count: number): Promise<string[]> {
  const product = (await findProductByName(db, 'Spacey'))!;
  const owners = Array.from({ length: count }, (_, index) => ({ email: `bench-${index}@example.com`, name: `Bench Owner ${index}` }));
  const keys = owners.map((owner) => signLicenceKeys({ product, owner, secretBox }));
  await db.query(
    `WITH owner AS (
       INSERT INTO person (email, name) SELECT * FROM unnest($1::text[], $2::text[]) RETURNING id, email
     )
     INSERT INTO orders (product_id, person_id, source, serial_new, serial_2048)
     SELECT $3, owner.id, 'admin', keys.serial_new, keys.serial_2048
       FROM unnest($1::text[], $4::text[], $5::text[]) AS keys (email, serial_new, serial_2048)
       JOIN owner ON owner.email = keys.email`,
    [
      owners.map((owner) => owner.email),
      owners.map((owner) => owner.name),
      product.id,
      keys.map((key) => key.serialNew),
      keys.map((key) => key.serial2048),
    ],
  );
  await db.query('ANALYZE'); // as autovacuum would have done in a database that grew to this size
  return keys.map((key) => key.serial2048);
}

/**
 * Registers `amount` new computers, four per licence, and answers registrations per second. The load generator
 * runs in a worker thread, so the server's event loop does only the server's work; its request builder is a
 * small CommonJS module written next to the keys (a worker cannot receive a function).
 */
async function registerDevices(directory: string, url: string, keys: readonly string[], amount: number): Promise<number> {
  const keysFile = path.join(directory, `keys-${amount}.json`);
  const builderFile = path.join(directory, `next-registration-${amount}.cjs`);
  await fs.writeFile(keysFile, JSON.stringify(keys));
  await fs.writeFile(
    builderFile,
    `const { randomBytes } = require('node:crypto');
const keys = require(${JSON.stringify(keysFile)});
let sent = 0;
module.exports = (request) => {
  const index = sent++;
  const body = { ProductName: 'Spacey', Key: keys[index % keys.length], DeviceIdHash: randomBytes(16).toString('hex').toUpperCase(), DeviceName: 'Bench Computer' };
  // Each registration comes from its own address, as plug-ins around the world would (the app trusts the proxy header).
  const forwardedFor = '10.' + ((index >> 16) & 255) + '.' + ((index >> 8) & 255) + '.' + (index & 255);
  return { ...request, body: JSON.stringify(body), headers: { ...request.headers, 'x-forwarded-for': forwardedFor } };
};
`,
  );
  const result = await autocannon({
    url,
    workers: 1,
    connections: CONNECTIONS,
    amount,
    // autocannon notices the last answer at its next sample: at the default 1 s the duration (about 12 s here)
    // would be up to a second long, understating the rate by up to 8 %.
    sampleInt: 100,
    requests: [{ method: 'POST', headers: { 'content-type': 'application/json' }, setupRequest: builderFile }],
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`registrations: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.total / result.duration;
}

/** Raw RSA-2048 private operations per second on one core (OpenSSL, no padding), the unit of work of a key file. */
function rsaPrivateOperationsPerSecond(privateKeyText: string, publicKeyText: string): number {
  const key = loadSigningKey(privateKeyText, publicKeyText).keyObject;
  if (!key) throw new Error('the product key did not load into OpenSSL');
  const block = Buffer.alloc(256, 0x11);
  block[0] = 0x01; // below the modulus
  let operations = 0;
  const started = process.hrtime.bigint();
  const budget = BigInt(RSA_SECONDS) * 1_000_000_000n;
  while (process.hrtime.bigint() - started < budget) {
    for (let batch = 0; batch < 50; batch++) privateDecrypt({ key, padding: constants.RSA_NO_PADDING }, block);
    operations += 50;
  }
  return operations / (Number(process.hrtime.bigint() - started) / 1e9);
}
