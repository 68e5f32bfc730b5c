import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, isAlive, waitForExit } from '../test/processes.js';
import { parallelWorkersPerQuery } from './db/embedded-server.js';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
const ADMIN_PASSWORD = 'main-test-admin-password';

type Product = { child: ChildProcess; exited: Promise<number | null>; output: () => string };

/** Starts the product as `npm start` does (the web app is not needed here) on its own port and data directory. */
function startProduct(dataDir: string, port: number, env: Record<string, string> = {}): Product {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitUntilHealthy(port: number, product: Product): Promise<void> {
  for (let waited = 0; waited < 90_000; waited += 250) {
    if (product.child.exitCode !== null) throw new Error(`the product exited: ${product.output()}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the product did not become healthy: ${product.output()}`);
}

async function postmasterPid(dataDir: string): Promise<number> {
  const content = await fs.readFile(path.join(dataDir, 'postgres', 'cluster', 'postmaster.pid'), 'utf8');
  return Number.parseInt(content.split('\n')[0]!, 10);
}

describe('starting and stopping the product (npm start)', () => {
  const started: Product[] = [];
  const postgresPids: number[] = [];
  const directories: string[] = [];
  afterAll(async () => {
    // Whatever a failed run left behind: the products (asked to stop, which stops their PostgreSQL), the
    // PostgreSQL servers a kill -9 orphaned, and then their data.
    for (const product of started) {
      if (product.child.exitCode !== null) continue;
      product.child.kill('SIGINT');
      const stopped = await Promise.race([
        product.exited.then(() => true),
        new Promise((resolve) => setTimeout(() => resolve(false), 20_000)),
      ]);
      if (!stopped) product.child.kill('SIGKILL');
    }
    for (const pid of postgresPids) if (isAlive(pid)) process.kill(pid, 'SIGINT');
    await waitForExit(postgresPids, 10_000);
    for (const directory of directories) await fs.rm(directory, { recursive: true, force: true });
  });

  it('comes up again with its data after a kill -9, and stops cleanly, its PostgreSQL too, on Ctrl-C', { timeout: 240_000 }, async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'store-main-test-'));
    directories.push(dataDir);
    await fs.chmod(dataDir, 0o755); // as root, the embedded server runs as the user postgres
    const firstPort = await freePort();
    const first = startProduct(dataDir, firstPort, { EMBEDDED_SHARED_BUFFERS_MB: '96' });
    started.push(first);
    await waitUntilHealthy(firstPort, first);
    const stalePostgres = await postmasterPid(dataDir);
    postgresPids.push(stalePostgres);
    expect(first.output()).toContain(`The store is running at`);
    // The embedded server runs with the configured buffer cache (PostgreSQL records its command line here).
    const options = await fs.readFile(path.join(dataDir, 'postgres', 'cluster', 'postmaster.opts'), 'utf8');
    expect(options).toContain('shared_buffers=96MB');
    // And a query's parallel workers sized to the machine's cores (db/embedded-server.ts).
    expect(options).toContain(`max_parallel_workers_per_gather=${parallelWorkersPerQuery()}`);
    // Nothing writes to the console outside the JSON log (graphile-worker warns when the pool lacks error handlers).
    expect(first.output()).not.toContain('error handlers');
    first.child.kill('SIGKILL');
    await first.exited;
    expect(isAlive(stalePostgres)).toBe(true); // the killed run's PostgreSQL still holds the data directory

    const secondPort = await freePort();
    const second = startProduct(dataDir, secondPort);
    started.push(second);
    await waitUntilHealthy(secondPort, second);
    const postgres = await postmasterPid(dataDir);
    postgresPids.push(postgres);
    expect(isAlive(stalePostgres)).toBe(false);
    const login = await fetch(`http://127.0.0.1:${secondPort}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200); // the same database, seeded once
    expect(second.output()).not.toContain('First start');

    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
    expect(isAlive(postgres)).toBe(false);
  });
});
