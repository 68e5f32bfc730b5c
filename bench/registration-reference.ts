import { createPrivateKey } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { Worker } from 'node:worker_threads';
import pg from 'pg';

/**
 * The irreducible work of a device registration, as a server of its own (bench/device-registration.bench.ts
 * starts it in its own process): over HTTP, each POST's JSON body is read, one raw RSA private operation runs on a
 * worker thread (as many threads as the product signs on) with the product's own key, and one single-statement
 * transaction writes the computer to the same PostgreSQL; the answer is the signed block as a JSON string. No
 * framework, no checks, no logging: what any registration must do at the least.
 *
 * Environment: PORT, DATABASE_URL, KEY_FILE (a PEM private key), THREADS, POOL_SIZE.
 */
const port = Number(process.env.PORT);
const threadCount = Number(process.env.THREADS);
const key = createPrivateKey(fs.readFileSync(process.env.KEY_FILE!, 'utf8'));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE) });
pool.on('error', () => undefined);

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { createPrivateKey, privateDecrypt, constants } = require('node:crypto');
const key = createPrivateKey(workerData);
parentPort.on('message', ({ id, block }) => {
  parentPort.postMessage({ id, signed: privateDecrypt({ key, padding: constants.RSA_NO_PADDING }, block) });
});
`;
const pending = new Map<number, (signed: Uint8Array) => void>();
const workers = Array.from({ length: threadCount }, () => {
  const worker = new Worker(WORKER, { eval: true, workerData: key.export({ format: 'pem', type: 'pkcs1' }) });
  worker.on('message', ({ id, signed }: { id: number; signed: Uint8Array }) => {
    pending.get(id)?.(signed);
    pending.delete(id);
  });
  return worker;
});
let nextId = 0;
const modulusBytes = (key.asymmetricKeyDetails?.modulusLength ?? 2048) / 8;

function signBlock(block: Buffer): Promise<Uint8Array> {
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    workers[id % workers.length]!.postMessage({ id, block });
  });
}

await pool.query('CREATE TABLE IF NOT EXISTS bench_reference_device (id bigserial PRIMARY KEY, device_id text NOT NULL)');

const server = http.createServer((request, response) => {
  if (request.method !== 'POST') {
    response.end('ok'); // the bench's check that the server is up
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    void (async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { DeviceIdHash: string };
      // A block below the modulus, different for each computer, as a key file's is.
      const block = Buffer.alloc(modulusBytes, 0x11);
      block[0] = 0x01;
      block.write(body.DeviceIdHash, 1, 'latin1');
      const signed = await signBlock(block);
      await pool.query('INSERT INTO bench_reference_device (device_id) VALUES ($1)', [body.DeviceIdHash]);
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(Buffer.from(signed).toString('hex')));
    })().catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
});
server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => {
  server.close();
  for (const worker of workers) void worker.terminate();
  void pool.end().then(() => process.exit(0));
});
