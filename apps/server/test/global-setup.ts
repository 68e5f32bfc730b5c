import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { createPool } from '../src/db/client.js';
import { startEmbeddedServer, type EmbeddedServer } from '../src/db/embedded-server.js';
import { migrateDatabase } from '../src/db/migrate.js';
import { seedDatabase } from '../src/db/seed.js';
import { createSecretBox } from '../src/lib/secret-box.js';
import { TEST_ADMIN_PASSWORD, TEST_KEY_SECRET, TEMPLATE_DATABASE } from './constants.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseServerUrl: string;
  }
}

let embedded: EmbeddedServer | undefined;
let directory: string | undefined;

/**
 * One PostgreSQL server for the run: DATABASE_URL when set (an external server), else an embedded one in a
 * temporary directory. A template database is migrated and seeded once; each test file clones it.
 */
export async function setup(project: TestProject): Promise<void> {
  const externalUrl = process.env.DATABASE_URL;
  if (externalUrl) {
    project.provide('databaseServerUrl', externalUrl);
  } else {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), 'store-test-pg-'));
    await fs.chmod(directory, 0o755);
    embedded = await startEmbeddedServer({ directory, isEphemeral: true });
    project.provide('databaseServerUrl', embedded.url);
  }
  const serverUrl = externalUrl ?? embedded!.url;
  const admin = createPool(serverUrl, 1);
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.end();

  const template = createPool(databaseUrl(serverUrl, TEMPLATE_DATABASE), 2);
  await migrateDatabase(template, async (client) => {
    await seedDatabase(client, {
      adminPassword: TEST_ADMIN_PASSWORD,
      secretBox: createSecretBox(TEST_KEY_SECRET),
      isDemoData: true,
    });
  });
  await template.end();
}

export async function teardown(): Promise<void> {
  await embedded?.stop();
  if (directory) await fs.rm(directory, { recursive: true, force: true });
}

/** The URL of `database` on the server at `serverUrl`. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
