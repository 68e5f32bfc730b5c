import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { createSecretBox } from '../lib/secret-box.js';
import { createPool, type Db } from './client.js';
import { startEmbeddedServer } from './embedded-server.js';
import { migrateDatabase } from './migrate.js';
import { seedDatabase, type SeedResult } from './seed.js';

export type PreparedDatabase = { db: Db; config: Config; seed: SeedResult; close: () => Promise<void> };

/** Where in DATA_DIR the embedded server keeps its cluster and password. */
export const embeddedServerDirectory = (dataDir: string): string => path.join(dataDir, 'postgres');

/**
 * Connects to DATABASE_URL, or starts the embedded server in DATA_DIR, then migrates and seeds under one lock.
 * For the embedded default, a key-encryption secret is generated into DATA_DIR on first start.
 */
export async function prepareDatabase(config: Config, log: (message: string) => void): Promise<PreparedDatabase> {
  const embedded = config.DATABASE_URL
    ? undefined
    : await startEmbeddedServer({ directory: embeddedServerDirectory(config.dataDir), sharedBuffersMb: config.embeddedSharedBuffersMb });
  const secret = config.KEY_ENCRYPTION_SECRET ?? (await readOrCreateDataSecret(config.dataDir));
  const preparedConfig = { ...config, KEY_ENCRYPTION_SECRET: secret };
  const db = createPool(config.DATABASE_URL ?? embedded!.url);
  try {
    let seed: SeedResult = {};
    const applied = await migrateDatabase(db, async (client) => {
      seed = await seedDatabase(client, {
        adminPassword: config.ADMIN_PASSWORD,
        secretBox: createSecretBox(secret),
        isDemoData: true,
      });
    });
    if (applied.length > 0) log(`Applied migrations: ${applied.join(', ')}`);
    return {
      db,
      config: preparedConfig,
      seed,
      close: async () => {
        await waitUntilIdle(db);
        await db.end();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await db.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw error;
  }
}

/**
 * Waits (at most `limitMs`) until no query is running or waiting for a connection. The job queue records a
 * finished job after the job's promise settles, without waiting for it in its stop(); a pool ended under that
 * write (or the embedded server stopped) would fail it, unhandled, and the process would exit with an error.
 */
async function waitUntilIdle(db: Db, limitMs = 5_000): Promise<void> {
  const isIdle = () => db.waitingCount === 0 && db.idleCount === db.totalCount;
  for (let waited = 0; waited < limitMs; waited += 20) {
    // Twice, a turn apart: a job finishing now asks for a connection on the next turn.
    if (isIdle()) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (isIdle()) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function readOrCreateDataSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'key-encryption-secret');
  const existing = await fs.readFile(file, 'utf8').catch(() => undefined);
  if (existing?.trim()) return existing.trim();
  await fs.mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  await fs.writeFile(file, secret, { mode: 0o600 });
  return secret;
}
