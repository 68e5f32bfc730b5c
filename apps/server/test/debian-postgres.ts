import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where Debian's PostgreSQL 15 packages put the server's programs (the ones .ci/run installs). */
export const DEBIAN_POSTGRES_BIN = '/usr/lib/postgresql/15/bin';

/** Whether Debian's PostgreSQL 15 server programs are installed on this machine. */
export const hasDebianPostgres = (): boolean => fs.existsSync(path.join(DEBIAN_POSTGRES_BIN, 'pg_ctl'));

/** A PostgreSQL server of its own, in a temporary directory, that a test can stop and start like an operator. */
export type DebianPostgres = {
  /** The server's `postgres` database; the server trusts local connections. */
  url: string;
  /** `pg_ctl stop -m fast`: the server ends every session (57P01) and stops; waits until it has. */
  stopFast: () => Promise<void>;
  /** `pg_ctl start`: waits until the server accepts connections. */
  start: () => Promise<void>;
  /** Stops the server and removes its directory. */
  remove: () => Promise<void>;
};

/**
 * Initialises and starts a PostgreSQL 15 cluster from Debian's binaries, as .ci/run does: as the user postgres
 * when this process is root, on loopback only, on a free port.
 */
export async function startDebianPostgres(): Promise<DebianPostgres> {
  const directory = await fsp.mkdtemp(path.join(os.tmpdir(), 'store-pg15-'));
  await fsp.chmod(directory, 0o755);
  const isRoot = process.getuid?.() === 0;
  if (isRoot) await run('chown', ['postgres', directory]);
  const asOwner = (program: string, args: string[]) =>
    isRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(DEBIAN_POSTGRES_BIN, program), ...args])
      : run(path.join(DEBIAN_POSTGRES_BIN, program), args);
  const dataDir = path.join(directory, 'data');
  const port = await findFreePort();
  await asOwner('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c fsync=off -c max_connections=100`;
  const start = async () => {
    await asOwner('pg_ctl', ['-D', dataDir, '-l', path.join(directory, 'log'), '-w', '-o', options, 'start']);
  };
  const stopFast = async () => {
    await asOwner('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stopFast,
    remove: async () => {
      await stopFast().catch(() => undefined);
      await fsp.rm(directory, { recursive: true, force: true });
    },
  };
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
