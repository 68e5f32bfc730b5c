import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { canonicalEmail } from '@store/contracts/email-address';
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
import { serverNodeVersion, spawnServer, type ServerProcess } from './bench-server.js';
import { compareFreshPairs, comparisonResults, controlResult, type StartedProcess } from './interleaved.js';
import { measureCostedRun } from './process-cpu.js';
import { startOtlpSink } from './otlp-sink.js';
import { runWrk, WRK, WRK_RESULT_LUA, type WrkResult } from './wrk.js';

const KEY_SECRET = 'bench-device-registration-secret';
/** Licences to register computers on: four computers each, more than a run of this length can take. */
const LICENCES = 8_000;
const CONNECTIONS = 16;
const WARM_UP_SECONDS = 3;
const SECONDS = 8;
/** Each run of the interleaved on/off rounds. */
const ROUND_SECONDS = 3;
const TARGET_RATIO = 0.7;
/** The product's database pool (db/prepare.ts), given to the reference too. */
const POOL_SIZE = 10;

/**
 * Device registrations per second (POST /api/userinfo/registerproductfordevice with a licence's 2048-bit key
 * file, each a new computer) against the registration's irreducible work measured in the same run: a bare Node
 * HTTP server (bench/registration-reference.ts) that parses the same bodies, runs one raw RSA-2048 private
 * operation on as many worker threads as the product signs on, with the same key, and one single-statement
 * transaction on the same PostgreSQL. Both run in their own process, the product as shipped (the built server,
 * its default configuration, its request log written), the load generator (wrk) in a third, with the same
 * connections and bodies. The reference is measured before and after the product and averaged, so a change of
 * the machine's load hits both sides. Target: at least 0.7 of the reference.
 */
export default async function run(): Promise<BenchResult[]> {
  if (spawnSync(WRK, ['-v']).error) throw new Error('wrk is not installed (apt-get install wrk)');
  const root = path.resolve(import.meta.dirname, '..');
  spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-needed'], { cwd: root, stdio: 'ignore' });
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'store-bench-devices-'));
  await fs.chmod(directory, 0o755);
  const config = loadConfig({ DATABASE_URL: 'postgres://unused', KEY_ENCRYPTION_SECRET: KEY_SECRET });
  const embedded = await startEmbeddedServer({ directory, isEphemeral: true, sharedBuffersMb: config.embeddedSharedBuffersMb });
  const db = createPool(embedded.url, 4);
  const servers: ServerProcess[] = [];
  const sink = await startOtlpSink();
  try {
    const secretBox = createSecretBox(KEY_SECRET);
    await migrateDatabase(db, async (client) => {
      await seedDatabase(client, { adminPassword: 'bench-admin-password', secretBox, isDemoData: true });
    });
    const keys = await createLicenceKeys(db, secretBox, LICENCES);
    const product = (await findProductByName(db, 'Spacey'))!;
    const keyFile = path.join(directory, 'reference-key.pem');
    const signingKey = loadSigningKey(secretBox.open(product.private_key_2048_sealed), product.public_key_2048).keyObject!;
    await fs.writeFile(keyFile, signingKey.export({ format: 'pem', type: 'pkcs1' }));

    // The product as shipped (the built server, its default configuration), with `env` added, as a fresh process on
    // the bench's database. Behind a load balancer, as a vendor runs it: each registration comes from its own address
    // (the header).
    const productProcess =
      (env: Record<string, string> = {}) =>
      async (): Promise<StartedProcess> => {
        const server = await spawnServer(['--enable-source-maps', 'apps/server/dist/main.js'], (port) => ({
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: embedded.url,
          KEY_ENCRYPTION_SECRET: KEY_SECRET,
          TRUST_PROXY: 'true',
          ...env,
        }));
        servers.push(server);
        return { url: server.url, pid: server.pid, close: server.stop };
      };
    const productServer = await productProcess()();
    const bareServer = await spawnServer(['--import', 'tsx', 'bench/registration-reference.ts'], (port) => ({
      PORT: String(port),
      DATABASE_URL: embedded.url,
      KEY_FILE: keyFile,
      THREADS: String(config.signingThreads),
      POOL_SIZE: String(POOL_SIZE),
    }));
    servers.push(bareServer);

    const script = await writeLoadScript(directory, keys);
    const quarter = Math.floor(keys.length / 4);
    const path_ = '/api/userinfo/registerproductfordevice';
    await loadWithWrk(`${productServer.url}${path_}`, script, 0, WARM_UP_SECONDS);
    await loadWithWrk(`${bareServer.url}${path_}`, script, 0, WARM_UP_SECONDS);
    const referenceBefore = await loadWithWrk(`${bareServer.url}${path_}`, script, 0, SECONDS);
    const measured = await loadWithWrk(`${productServer.url}${path_}`, script, quarter, SECONDS);
    const referenceAfter = await loadWithWrk(`${bareServer.url}${path_}`, script, 0, SECONDS);
    // /metrics on against off, and tracing on against off (every registration sampled, its spans (the request, the
    // handler, the statement) sent to an endpoint that accepts and drops them, decision 038): each in fresh pairs of
    // processes, each side judged by its best process on its CPU time per registration (its signing thread
    // included; PostgreSQL's own work is not), every run on licences with all their places free again and its
    // callers' counts reset (bench/interleaved.ts, decision 073).
    const freshStart = () => db.query('TRUNCATE order_device, rate_limit');
    const compareProducts = (on: Record<string, string>) =>
      compareFreshPairs({
        start: { off: productProcess(), on: productProcess(on) },
        warmUp: async (server) => {
          await freshStart();
          await loadWithWrk(`${server.url}${path_}`, script, 0, WARM_UP_SECONDS);
        },
        measure: async (server) => {
          await freshStart();
          return measureCostedRun(server.pid, () => loadWithWrk(`${server.url}${path_}`, script, 0, ROUND_SECONDS));
        },
        warmUpRounds: 2,
      });
    // The control: the product against a second process of itself, compared alike, says whether this run's cost lines
    // can show a few percent.
    const control = await compareProducts({});
    const metrics = await compareProducts({ METRICS_TOKEN: 'bench-metrics-token-0123' });
    const tracing = await compareProducts({ OTEL_EXPORTER_OTLP_ENDPOINT: sink.url });
    // As a busy shop traces (README, "Metrics and tracing"): one registration in ten sampled, the rest still run the
    // instrumentation's wrappers.
    const sampledTracing = await compareProducts({
      OTEL_EXPORTER_OTLP_ENDPOINT: sink.url,
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.1',
    });
    if (sink.exports() === 0) throw new Error('tracing on: no spans were exported');
    const reference = (referenceBefore.requestsPerSecond + referenceAfter.requestsPerSecond) / 2;
    const ratio = measured.requestsPerSecond / reference;
    const registered = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM order_device');
    if (registered.rows[0]!.count === 0) throw new Error('no computer was registered');
    return [
      {
        name: `device registrations (HTTP, new computer each, RSA-2048 key file, ${config.signingThreads} signing thread(s))`,
        value: measured.requestsPerSecond,
        unit: 'registrations/s',
        reference: { name: 'irreducible work: HTTP + one raw RSA-2048 operation + one single-statement transaction', value: reference },
        ratio,
        target: `ratio >= ${TARGET_RATIO}`,
        isMet: ratio >= TARGET_RATIO,
      },
      controlResult({ name: 'control: device registrations against a second process of the product alike', comparison: control }),
      ...comparisonResults({
        name: 'device registrations with /metrics on (request histogram, signing timer) against the same with it off',
        offName: 'metrics off',
        comparison: metrics,
      }),
      ...comparisonResults({
        name: `device registrations with tracing on (OpenTelemetry, every registration sampled, exported over OTLP/HTTP; Node.js ${serverNodeVersion()}) against the same with it off`,
        offName: 'tracing off',
        comparison: tracing,
      }),
      ...comparisonResults({
        name: `device registrations with tracing on, one in ten sampled (parentbased_traceidratio 0.1; Node.js ${serverNodeVersion()}) against the same with it off`,
        offName: 'tracing off',
        comparison: sampledTracing,
      }),
      {
        name: 'device registrations p99 latency',
        value: measured.p99Ms,
        unit: 'ms',
        reference: { name: 'irreducible work p99', value: (referenceBefore.p99Ms + referenceAfter.p99Ms) / 2 },
      },
    ];
  } finally {
    for (const server of servers) await server.stop();
    await sink.close();
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
       INSERT INTO person (email, name, email_canonical) SELECT * FROM unnest($1::text[], $2::text[], $6::text[]) RETURNING id, email
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
      owners.map((owner) => canonicalEmail(owner.email)),
    ],
  );
  await db.query('ANALYZE'); // as autovacuum would have done in a database that grew to this size
  return keys.map((key) => key.serial2048);
}

/**
 * wrk's request script: each request a new computer (a random Device ID) on the next licence of the run's range
 * (its first argument: where the range starts), from its own address (X-Forwarded-For). The same bodies go to
 * both servers.
 */
async function writeLoadScript(directory: string, keys: string[]): Promise<string> {
  const file = path.join(directory, 'registrations.lua');
  const prefixes = keys.map((key) => `[==[{"ProductName":"Spacey","Key":${JSON.stringify(key)},"DeviceIdHash":"]==]`);
  await fs.writeFile(
    file,
    `local prefixes = { ${prefixes.join(',\n')} }
local start = 0
local sent = 0
function init(args) start = tonumber(args[1]) or 0; math.randomseed(os.time() + start) end
local function hex8() return string.format("%08X", math.random(0, 2147483647) * 2 + math.random(0, 1)) end
request = function()
  local index = (start + sent) % #prefixes + 1
  sent = sent + 1
  local body = prefixes[index] .. hex8() .. hex8() .. hex8() .. hex8() .. '","DeviceName":"Bench Computer"}'
  local address = string.format("10.%d.%d.%d", math.floor(sent / 65536) % 256, math.floor(sent / 256) % 256, sent % 256)
  return wrk.format("POST", nil, { ["Content-Type"] = "application/json", ["X-Forwarded-For"] = address }, body)
end
${WRK_RESULT_LUA}`,
  );
  return file;
}

/** One run of wrk with the registrations script, its range of licences starting at `start`. */
const loadWithWrk = (url: string, script: string, start: number, seconds: number): Promise<WrkResult> =>
  runWrk({ url, script, connections: CONNECTIONS, seconds, args: [String(start)] });
