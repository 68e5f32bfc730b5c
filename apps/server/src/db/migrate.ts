import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { withTransaction, type Db } from './client.js';

const migrationsDir = path.join(import.meta.dirname, 'migrations');
/** Advisory lock key shared by every process: migrations and the first seeding run once. */
export const SCHEMA_LOCK_KEY = 7_351_201;

/**
 * Applies the numbered SQL migrations not yet applied, then `afterMigrate` (the seed), all under one advisory
 * lock, so processes started at the same moment against an empty database wait for each other.
 */
export async function migrateDatabase(db: Db, afterMigrate?: (client: pg.PoolClient) => Promise<void>): Promise<string[]> {
  const files = (await fs.readdir(migrationsDir)).filter((file) => /^\d{3}_.+\.sql$/.test(file)).sort();
  return withTransaction(db, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK_KEY]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migration (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await client.query<{ name: string }>('SELECT name FROM schema_migration');
    const applied = new Set(rows.map((row) => row.name));
    const pending = files.filter((file) => !applied.has(file));
    for (const file of pending) {
      await client.query(await fs.readFile(path.join(migrationsDir, file), 'utf8'));
      await client.query('INSERT INTO schema_migration (name) VALUES ($1)', [file]);
    }
    if (afterMigrate) await afterMigrate(client);
    return pending;
  });
}
