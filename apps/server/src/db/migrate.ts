import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { runMigrations } from 'graphile-worker';
import { fillCanonicalAddresses, fillCanonicalAddressesOfRecords } from './canonical-addresses.js';
import type { Db } from './client.js';
import { quietJobLogger } from '../jobs/job-logger.js';

const migrationsDir = path.join(import.meta.dirname, 'migrations');
/** Advisory lock key shared by every process: migrations and the first seeding run once. */
export const SCHEMA_LOCK_KEY = 7_351_201;
/**
 * A migration whose first line is this comment runs outside the start-up transaction, one statement at a time
 * (needed by CREATE INDEX CONCURRENTLY, which builds an index without holding off writes). Its statements end
 * with a semicolon at the end of a line and hold no function bodies.
 */
export const NO_TRANSACTION_MARKER = '-- migrate: no-transaction';

type Migration = { name: string; sql: string; checksum: string; isTransactional: boolean };

/**
 * Applied migrations whose file was later changed on purpose, with the checksums of the versions applied before:
 * a database that applied one of those takes the file as it is now. Only for a change that a later migration
 * carries out for databases that applied the earlier version.
 */
const amendedMigrations: Readonly<Record<string, readonly string[]>> = {
  // Its indexes on the large tables moved to 065, which builds them CONCURRENTLY (IF NOT EXISTS).
  '060_back_office.sql': ['4d540d1bcf4922423f3bcea0e7ca81f2e8e918d9bddada7ef1cb93662dfe6351'],
};

/**
 * What a migration needs the application to do right after its SQL, in the same transaction: values only the
 * application computes (migration 068: the canonical form of every stored address, decision 030). A step is part of
 * its migration: a later change of what it computes is a new migration, like a change of the SQL.
 */
const migrationSteps: Readonly<Record<string, (client: pg.PoolClient) => Promise<void>>> = {
  '068_email_canonical.sql': fillCanonicalAddresses,
  '095_record_addresses_canonical.sql': fillCanonicalAddressesOfRecords,
};

/** SHA-256 of the file, with line endings made LF, so a checkout with CRLF endings has the same checksum. */
export const migrationChecksum = (sql: string): string => createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');

async function readMigrations(directory: string): Promise<Migration[]> {
  const files = (await fs.readdir(directory)).filter((file) => /^\d{3}_.+\.sql$/.test(file)).sort();
  return Promise.all(
    files.map(async (name) => {
      const sql = await fs.readFile(path.join(directory, name), 'utf8');
      const isTransactional = sql.split('\n', 1)[0]!.trim() !== NO_TRANSACTION_MARKER;
      return { name, sql, checksum: migrationChecksum(sql), isTransactional };
    }),
  );
}

/**
 * Takes the schema lock, trying again every 100 ms rather than waiting inside a statement: a waiting statement
 * is a transaction, and CREATE INDEX CONCURRENTLY in the lock holder's migration waits for every transaction
 * older than its build, so the two would wait for each other (a deadlock).
 */
async function takeSchemaLock(client: pg.PoolClient): Promise<void> {
  for (;;) {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [SCHEMA_LOCK_KEY]);
    if (rows[0]!.locked) return;
    await sleep(100);
  }
}

/** The statements of a no-transaction migration: split at semicolons that end a line, comments dropped. */
export const splitStatements = (sql: string): string[] =>
  sql
    .replace(/\r\n/g, '\n')
    .split(/;[ \t]*(?:--[^\n]*)?\n|;[ \t]*$/)
    .map((statement) =>
      statement
        .split('\n')
        .filter((line) => !line.trim().startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter((statement) => statement !== '');

/**
 * Before `CREATE INDEX CONCURRENTLY IF NOT EXISTS name ON table`: a build that failed or was interrupted leaves its
 * index behind, invalid (never used, but kept up to date on every write), which IF NOT EXISTS would keep; it is
 * dropped so that the statement builds it again. The index is looked up by its name among the table's indexes, and
 * dropped by the name PostgreSQL gives it (quoted and schema-qualified as needed).
 */
async function dropInvalidIndex(client: pg.PoolClient, statement: string): Promise<void> {
  const match = /^CREATE\s+(?:UNIQUE\s+)?INDEX\s+CONCURRENTLY\s+IF\s+NOT\s+EXISTS\s+(\w+)\s+ON\s+(?:ONLY\s+)?([\w.]+)/i.exec(statement);
  if (!match) return;
  const { rows } = await client.query<{ name: string }>(
    `SELECT indexrelid::regclass::text AS name FROM pg_index JOIN pg_class ON pg_class.oid = indexrelid
      WHERE indrelid = to_regclass($2) AND relname = $1 AND NOT indisvalid`,
    [match[1]!.toLowerCase(), match[2]],
  );
  for (const { name } of rows) await client.query(`DROP INDEX CONCURRENTLY ${name}`);
}

/**
 * Gives statistics to the tables PostgreSQL has never analyzed (`reltuples` -1: a new table, or one that has never
 * changed by the 50 rows after which autovacuum analyzes it). Planned on guessed sizes, a statement on a shop's few
 * products and bundle parts kept choosing a fresh plan for every order, for the life of the connection (decision
 * 076). Run at start-up after the migrations and the seed; a table analyzed once is autovacuum's again.
 */
async function analyzeNewTables(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND c.reltuples < 0 AND n.nspname IN ('public', 'graphile_worker')`,
  );
  if (rows.length > 0) await client.query(`ANALYZE ${rows.map((row) => row.name).join(', ')}`);
}

/**
 * Applies the numbered SQL migrations not yet applied, then `afterMigrate` (the seed), under one advisory lock,
 * so processes started at the same moment against an empty database wait for each other. Before them the job
 * queue's own schema (graphile-worker) is installed or upgraded. Every applied migration's checksum is kept; a
 * changed file of an applied migration stops the start. Transactional migrations and the seed run in one
 * transaction; a migration marked with NO_TRANSACTION_MARKER commits what came before it and runs on its own.
 */
export async function migrateDatabase(
  db: Db,
  afterMigrate?: (client: pg.PoolClient) => Promise<void>,
  directory = migrationsDir,
): Promise<string[]> {
  const migrations = await readMigrations(directory);
  const client = await db.connect();
  let isInTransaction = false;
  try {
    await takeSchemaLock(client);
    await runMigrations({ pgPool: db, logger: quietJobLogger });
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migration (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    await client.query('ALTER TABLE schema_migration ADD COLUMN IF NOT EXISTS checksum text');
    const { rows } = await client.query<{ name: string; checksum: string | null }>('SELECT name, checksum FROM schema_migration');
    const applied = new Map(rows.map((row) => [row.name, row.checksum]));
    for (const migration of migrations) {
      if (!applied.has(migration.name)) continue;
      const checksum = applied.get(migration.name) ?? null;
      // Applied before migrations carried checksums, or an amended migration's earlier version: the file as it is
      // now is taken as the one applied.
      if (checksum === null || amendedMigrations[migration.name]?.includes(checksum)) {
        await client.query('UPDATE schema_migration SET checksum = $2 WHERE name = $1', [migration.name, migration.checksum]);
      } else if (checksum !== migration.checksum) {
        throw new Error(
          `Migration ${migration.name} was changed after it was applied to this database (checksum ${checksum.slice(0, 12)}, ` +
            `file ${migration.checksum.slice(0, 12)}). Restore the file as it was applied and put the change in a new migration.`,
        );
      }
    }

    const pending = migrations.filter((migration) => !applied.has(migration.name));
    const record = (migration: Migration) =>
      client.query('INSERT INTO schema_migration (name, checksum) VALUES ($1, $2)', [migration.name, migration.checksum]);
    for (const migration of pending) {
      if (migration.isTransactional) {
        if (!isInTransaction) await client.query('BEGIN');
        isInTransaction = true;
        await client.query(migration.sql);
        await migrationSteps[migration.name]?.(client);
        await record(migration);
        continue;
      }
      if (isInTransaction) await client.query('COMMIT');
      isInTransaction = false;
      for (const statement of splitStatements(migration.sql)) {
        await dropInvalidIndex(client, statement);
        await client.query(statement);
      }
      await record(migration);
    }
    if (afterMigrate) {
      if (!isInTransaction) await client.query('BEGIN');
      isInTransaction = true;
      await afterMigrate(client);
    }
    if (isInTransaction) await client.query('COMMIT');
    isInTransaction = false;
    await analyzeNewTables(client);
    return pending.map((migration) => migration.name);
  } catch (error) {
    if (isInTransaction) await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    // A connection that cannot unlock is destroyed (which unlocks), never handed back to the pool holding the lock.
    const unlockError = await client.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK_KEY]).then(
      () => undefined,
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    );
    client.release(unlockError);
  }
}
