import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createPool, type Db } from '../apps/server/src/db/client.js';
import { runningServerUrl, startEmbeddedServer } from '../apps/server/src/db/embedded-server.js';
import { embeddedServerDirectory } from '../apps/server/src/db/prepare.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import { seedDatabase } from '../apps/server/src/db/seed.js';
import { createSecretBox } from '../apps/server/src/lib/secret-box.js';

export type BenchServer = { app: FastifyInstance; db: Db; url: string; close: () => Promise<void> };

const KEY_SECRET = 'bench-key-encryption-secret';
export const BENCH_ADMIN_PASSWORD = 'bench-admin-password';

/**
 * The real application on a fresh embedded PostgreSQL in a temporary directory, listening on a free loopback
 * port, seeded with the demo data.
 */
export async function startBenchServer(options: { isServingWebApp?: boolean } = {}): Promise<BenchServer> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'store-bench-'));
  await fs.chmod(directory, 0o755);
  const embedded = await startEmbeddedServer({ directory, isEphemeral: true });
  const db = createPool(embedded.url, 20);
  await migrateDatabase(db, async (client) => {
    await seedDatabase(client, { adminPassword: BENCH_ADMIN_PASSWORD, secretBox: createSecretBox(KEY_SECRET), isDemoData: true });
  });
  const config = loadConfig({ DATABASE_URL: embedded.url, KEY_ENCRYPTION_SECRET: KEY_SECRET, LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, db, isServingWebApp: options.isServingWebApp ?? false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    db,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await db.end();
      await embedded.stop();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * The product as `npm start` runs it, in its own process (so the load generator does not share its event
 * loop), on a fresh embedded database in a temporary directory.
 */
export async function startServerProcess(
  options: { isBuilt?: boolean; env?: Record<string, string> } = {},
): Promise<{ url: string; pid: number; databaseUrl: () => Promise<string>; close: () => Promise<void> }> {
  const root = path.resolve(import.meta.dirname, '..');
  // The shipped configuration: the server built to JavaScript, as `npm start` runs it.
  if (options.isBuilt) spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-needed'], { cwd: root, stdio: 'ignore' });
  // BENCH_SERVER_NODE_ARGS: Node.js options for the server process only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const entry = [
    ...nodeArgs,
    ...(options.isBuilt ? ['--enable-source-maps', 'apps/server/dist/main.js'] : ['--import', 'tsx', 'apps/server/src/main.ts']),
  ];
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'store-bench-proc-'));
  await fs.chmod(directory, 0o755);
  const server = await spawnServer(entry, (port) => ({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: directory,
    ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    ...options.env,
  }));
  return {
    url: server.url,
    pid: server.pid,
    // The database of the store's embedded server, in its DATA_DIR.
    databaseUrl: () => runningServerUrl(embeddedServerDirectory(directory)),
    close: async () => {
      await server.stop();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

/** `pid`: the server's process, whose CPU time bench/process-cpu.ts reads. */
export type ServerProcess = { url: string; pid: number; stop: () => Promise<void> };

/**
 * The Node.js the server processes (the product and the references alike) run on: the bench's own, or the binary
 * BENCH_SERVER_NODE names (the image's line, say: `scripts/test-node-lines.sh` keeps them under .tmp/node-lines).
 */
export const serverNode = (): string => process.env.BENCH_SERVER_NODE || process.execPath;

/** The version of serverNode(), for the bench lines whose figures depend on the Node.js line (tracing's). */
export const serverNodeVersion = (): string =>
  process.env.BENCH_SERVER_NODE ? spawnSync(serverNode(), ['--version'], { encoding: 'utf8' }).stdout.trim() : process.version;

/**
 * Starts a Node.js server (`args` after `node`, from the repository's root) on a free port, which `env` gets to
 * set, and waits until it answers `/api/health`. Its standard output (the product's request log, as shipped) is
 * written to nowhere; `stop` sends SIGTERM and waits for it to exit.
 */
export async function spawnServer(args: string[], env: (port: number) => Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(serverNode(), args, {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, ...env(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited during start-up`);
    const isUp = await fetch(`${url}/api/health`).then(
      () => true,
      () => false,
    );
    if (isUp) return { url, pid: child.pid!, stop };
    if (attempt > 600) {
      await stop();
      throw new Error(`${args.join(' ')} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
