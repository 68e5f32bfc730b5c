import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, TEST_KEY_SECRET } from '../../test/constants.js';
import { databaseUrl } from '../../test/global-setup.js';
import { createSecretBox } from '../lib/secret-box.js';
import { createPool } from './client.js';
import { demoProducts } from './demo-content.js';
import { migrateDatabase } from './migrate.js';
import { seedDatabase } from './seed.js';

const PROCESS_COUNT = 4;

/** A new, empty database on the test server, dropped after the file. */
async function createEmptyDatabase(): Promise<string> {
  const serverUrl = inject('databaseServerUrl');
  const database = `store_test_empty_${randomBytes(6).toString('hex')}`;
  const admin = createPool(serverUrl, 1);
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  afterAll(async () => {
    const cleanup = createPool(serverUrl, 1);
    await cleanup.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await cleanup.end();
  });
  return databaseUrl(serverUrl, database);
}

describe('migrateDatabase', () => {
  it('brings up processes started at the same moment against an empty database, migrating and seeding once', async () => {
    const url = await createEmptyDatabase();
    const secretBox = createSecretBox(TEST_KEY_SECRET);
    // One pool per process, as each would open its own.
    const pools = Array.from({ length: PROCESS_COUNT }, () => createPool(url, 2));
    const results = await Promise.allSettled(
      pools.map((pool) =>
        migrateDatabase(pool, async (client) => {
          await seedDatabase(client, { adminPassword: TEST_ADMIN_PASSWORD, secretBox, isDemoData: true });
        }),
      ),
    );
    await Promise.all(pools.map((pool) => pool.end()));

    expect(results.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []))).toEqual([]);
    const files = (await fs.readdir(path.join(import.meta.dirname, 'migrations'))).filter((file) => file.endsWith('.sql')).sort();
    const applied = results.map((result) => (result.status === 'fulfilled' ? result.value : []));
    // One process applied every migration; the others waited for it and found nothing left to do.
    expect(applied.filter((names) => names.length > 0)).toEqual([files]);

    const db = createPool(url, 1);
    try {
      const { rows: migrations } = await db.query<{ name: string; n: number }>(
        'SELECT name, count(*)::int AS n FROM schema_migration GROUP BY name ORDER BY name',
      );
      expect(migrations).toEqual(files.map((name) => ({ name, n: 1 })));
      const { rows: admins } = await db.query('SELECT login_name FROM login WHERE is_admin');
      expect(admins).toEqual([{ login_name: 'admin' }]);
      const { rows: products } = await db.query<{ name: string }>('SELECT name FROM product ORDER BY name');
      expect(products.map((product) => product.name)).toEqual(demoProducts.map((product) => product.name).sort());
      const { rows: duplicatePages } = await db.query('SELECT url FROM page GROUP BY url HAVING count(*) > 1');
      expect(duplicatePages).toEqual([]);
      const { rows: seeded } = await db.query(`SELECT count(*)::int AS n FROM setting WHERE key = 'demo_seeded'`);
      expect(seeded[0].n).toBe(1);
    } finally {
      await db.end();
    }
  });
});
