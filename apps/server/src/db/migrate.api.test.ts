import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { productPathOfName } from '@store/contracts/product-path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, TEST_KEY_SECRET } from '../../test/constants.js';
import { databaseUrl } from '../../test/global-setup.js';
import { createSecretBox } from '../lib/secret-box.js';
import { findCatalogueOfPaths } from '../modules/bundle/index.js';
import { claimDueMail } from '../mail/outbox.js';
import { createPool } from './client.js';
import { demoBundle, demoOffers, demoProducts, demoSuccessor } from './demo-content.js';
import { migrateDatabase, NO_TRANSACTION_MARKER, splitStatements } from './migrate.js';
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
      expect(products.map((product) => product.name)).toEqual(
        [...demoProducts, demoSuccessor, demoBundle].map((product) => product.name).sort(),
      );
      // Spacey 2, with keys of its own, is Spacey's successor; the upgrade and the crossgrade are offered (decision 036).
      const { rows: successors } = await db.query(
        `SELECT p.name, s.name AS successor, s.public_key <> '' AND s.public_key_2048 <> '' AS has_keys
           FROM product p JOIN product s ON s.id = p.successor_id`,
      );
      expect(successors).toEqual([{ name: 'Spacey', successor: 'Spacey 2', has_keys: true }]);
      const { rows: offers } = await db.query(
        `SELECT o.name, o.kind, o.prices, t.name AS target, array_agg(p.name) AS sources
           FROM offer o JOIN product t ON t.id = o.target_product_id JOIN offer_source s ON s.offer_id = o.id
           JOIN product p ON p.id = s.product_id GROUP BY o.id, t.name ORDER BY o.id`,
      );
      expect(offers).toEqual(
        demoOffers.map((offer) => ({
          name: offer.name,
          kind: offer.kind,
          prices: offer.prices,
          target: offer.targetName,
          sources: offer.sourceNames,
        })),
      );
      const { rows: pages } = await db.query(`SELECT 1 FROM page WHERE url = '/products/spacey-2'`);
      expect(pages).toHaveLength(1);
      // The Studio Bundle sells Spacey, Punch and Tapewarm under its own path, with its "complete your bundle" rule
      // (decision 054) and a page of its own (decision 056).
      const { rows: bundles } = await db.query(
        `SELECT b.name, b.path, r.rule, r.prices, ARRAY(SELECT p.name FROM bundle_part x JOIN product p ON p.id = x.part_product_id
                                                  WHERE x.bundle_product_id = b.id ORDER BY p.id) AS parts
           FROM bundle_rule r JOIN product b ON b.id = r.bundle_product_id`,
      );
      expect(bundles).toEqual([
        { name: 'Studio Bundle', path: 'studio-bundle', rule: 'share', prices: demoBundle.prices, parts: ['Spacey', 'Punch', 'Tapewarm'] },
      ]);
      const { rows: bundlePages } = await db.query<{ html_text: string }>(
        `SELECT html_text FROM page WHERE url = '/products/studio-bundle'`,
      );
      expect(bundlePages[0]?.html_text).toContain('product-to-checkout="studio-bundle"');
      const { rows: duplicatePages } = await db.query('SELECT url FROM page GROUP BY url HAVING count(*) > 1');
      expect(duplicatePages).toEqual([]);
      const { rows: seeded } = await db.query(`SELECT count(*)::int AS n FROM setting WHERE key = 'demo_seeded'`);
      expect(seeded[0].n).toBe(1);
    } finally {
      await db.end();
    }
  });
});

/** A copy of the migrations in a temporary folder, to change or add files in. */
async function copyOfMigrations(): Promise<string> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'store-migrations-'));
  await fs.cp(path.join(import.meta.dirname, 'migrations'), directory, { recursive: true });
  afterAll(() => fs.rm(directory, { recursive: true, force: true }));
  return directory;
}

/** A copy of the migrations that come before `first` (e.g. '062'), to migrate a database to the state before it. */
async function migrationsBefore(first: string): Promise<string> {
  const directory = await copyOfMigrations();
  for (const file of await fs.readdir(directory)) if (file >= first) await fs.rm(path.join(directory, file));
  return directory;
}

describe('migration checksums and no-transaction migrations', () => {
  it('stops the start when an applied migration was changed, naming it', async () => {
    const url = await createEmptyDatabase();
    const directory = await copyOfMigrations();
    const db = createPool(url, 2);
    try {
      await migrateDatabase(db, undefined, directory);
      const { rows } = await db.query<{ checksum: string }>(`SELECT checksum FROM schema_migration WHERE name = '002_checkout.sql'`);
      expect(rows[0]!.checksum).toMatch(/^[0-9a-f]{64}$/);
      // The same files again: nothing to do, no complaint.
      expect(await migrateDatabase(db, undefined, directory)).toEqual([]);

      const file = path.join(directory, '002_checkout.sql');
      await fs.appendFile(file, '\n-- an edit after the fact\n');
      await expect(migrateDatabase(db, undefined, directory)).rejects.toThrow(
        /Migration 002_checkout\.sql was changed after it was applied/,
      );
      // Line endings alone are no change.
      const original = await fs.readFile(path.join(import.meta.dirname, 'migrations', '002_checkout.sql'), 'utf8');
      await fs.writeFile(file, original.replace(/\n/g, '\r\n'));
      expect(await migrateDatabase(db, undefined, directory)).toEqual([]);
    } finally {
      await db.end();
    }
  });

  it('takes the checksums of migrations applied before checksums existed from their files', async () => {
    const url = await createEmptyDatabase();
    const db = createPool(url, 2);
    try {
      await migrateDatabase(db);
      await db.query('UPDATE schema_migration SET checksum = NULL');
      expect(await migrateDatabase(db)).toEqual([]);
      const { rows } = await db.query('SELECT count(*)::int AS n FROM schema_migration WHERE checksum IS NULL');
      expect(rows[0].n).toBe(0);
    } finally {
      await db.end();
    }
  });

  it("leaves no table without statistics, so the order's product lookup keeps one plan (decision 076)", async () => {
    const url = await createEmptyDatabase();
    const db = createPool(url, 2);
    try {
      await migrateDatabase(db, async (client) => {
        await seedDatabase(client, { adminPassword: TEST_ADMIN_PASSWORD, secretBox: createSecretBox(TEST_KEY_SECRET), isDemoData: true });
      });
      const unanalyzed = await db.query(
        `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE c.relkind = 'r' AND c.reltuples < 0 AND n.nspname IN ('public', 'graphile_worker')`,
      );
      expect(unanalyzed.rows).toEqual([]);
      const client = await db.connect();
      try {
        for (let run = 0; run < 10; run++) await findCatalogueOfPaths(client, ['spacey']);
        const { rows } = await client.query<{ generic_plans: number }>(
          `SELECT generic_plans::int AS generic_plans FROM pg_prepared_statements WHERE name = 'products-of-paths-with-parts'`,
        );
        expect(rows[0]!.generic_plans).toBeGreaterThan(0);
      } finally {
        client.release();
      }
    } finally {
      await db.end();
    }
  });

  it('runs a migration marked no-transaction outside the transaction: CREATE INDEX CONCURRENTLY works', async () => {
    const url = await createEmptyDatabase();
    const directory = await copyOfMigrations();
    await fs.writeFile(
      path.join(directory, '900_test_concurrent_index.sql'),
      `${NO_TRANSACTION_MARKER}\n-- a comment; with a semicolon\nCREATE INDEX CONCURRENTLY test_person_country ON person (country);\nCREATE INDEX CONCURRENTLY test_person_name\n  ON person (name);\n`,
    );
    await fs.writeFile(path.join(directory, '901_test_after.sql'), 'CREATE TABLE test_after (id int);\n');
    const db = createPool(url, 2);
    try {
      const applied = await migrateDatabase(db, undefined, directory);
      expect(applied.slice(-2)).toEqual(['900_test_concurrent_index.sql', '901_test_after.sql']);
      const { rows } = await db.query<{ indexname: string }>(
        `SELECT indexname FROM pg_indexes WHERE indexname LIKE 'test_person_%' ORDER BY indexname`,
      );
      expect(rows.map((row) => row.indexname)).toEqual(['test_person_country', 'test_person_name']);
      const { rows: invalid } = await db.query('SELECT count(*)::int AS n FROM pg_index WHERE NOT indisvalid');
      expect(invalid[0].n).toBe(0);
    } finally {
      await db.end();
    }
  });

  it('drops an index a failed CONCURRENTLY build left invalid before IF NOT EXISTS would keep it', async () => {
    const url = await createEmptyDatabase();
    const directory = await copyOfMigrations();
    const db = createPool(url, 2);
    try {
      await migrateDatabase(db, undefined, directory);
      await db.query('CREATE TABLE test_codes (code int); INSERT INTO test_codes VALUES (1), (1), (2)');
      // A unique build over duplicates fails and leaves its index behind, invalid.
      await expect(db.query('CREATE UNIQUE INDEX CONCURRENTLY test_codes_code ON test_codes (code)')).rejects.toThrow(
        /could not create unique index/,
      );
      const validity = async () =>
        (await db.query<{ valid: boolean }>(`SELECT indisvalid AS valid FROM pg_index WHERE indexrelid = 'test_codes_code'::regclass`))
          .rows;
      expect(await validity()).toEqual([{ valid: false }]);

      await db.query('DELETE FROM test_codes WHERE ctid = (SELECT max(ctid) FROM test_codes WHERE code = 1)');
      await fs.writeFile(
        path.join(directory, '900_test_rebuild.sql'),
        `${NO_TRANSACTION_MARKER}\nCREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS test_codes_code ON test_codes (code);\n`,
      );
      expect(await migrateDatabase(db, undefined, directory)).toEqual(['900_test_rebuild.sql']);
      expect(await validity()).toEqual([{ valid: true }]);
    } finally {
      await db.end();
    }
  });

  it("takes an amended migration's earlier version as applied, and 065 keeps the indexes 060 built before the move", async () => {
    const url = await createEmptyDatabase();
    const db = createPool(url, 2);
    try {
      await migrateDatabase(db);
      const indexes = async () =>
        (
          await db.query<{ name: string; oid: number }>(
            `SELECT indexrelid::regclass::text AS name, indexrelid::int AS oid FROM pg_index
              WHERE indrelid IN ('orders'::regclass, 'order_device'::regclass, 'unassigned_order'::regclass, 'audit_log'::regclass)
                AND indisvalid ORDER BY 1`,
          )
        ).rows;
      const before = await indexes();
      expect(before.map((index) => index.name)).toEqual(
        expect.arrayContaining([
          'orders_provider_reference_sort',
          'order_device_device_id',
          'unassigned_order_redeemed_order',
          'audit_log_at',
        ]),
      );
      expect(before.map((index) => index.name)).not.toContain('orders_product');

      // As a database that applied 060 before its indexes moved: its checksum then, and 065 not yet applied.
      const earlier = '4d540d1bcf4922423f3bcea0e7ca81f2e8e918d9bddada7ef1cb93662dfe6351';
      await db.query(`UPDATE schema_migration SET checksum = $1 WHERE name = '060_back_office.sql'`, [earlier]);
      await db.query(`DELETE FROM schema_migration WHERE name = '065_back_office_indexes.sql'`);
      expect(await migrateDatabase(db)).toEqual(['065_back_office_indexes.sql']);
      // The same indexes, not built again.
      expect(await indexes()).toEqual(before);
      const { rows } = await db.query<{ checksum: string }>(`SELECT checksum FROM schema_migration WHERE name = '060_back_office.sql'`);
      expect(rows[0]!.checksum).not.toBe(earlier);
      expect(rows[0]!.checksum).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await db.end();
    }
  });

  it('refuses CREATE INDEX CONCURRENTLY in an ordinary migration (which runs in the start-up transaction)', async () => {
    const url = await createEmptyDatabase();
    const directory = await copyOfMigrations();
    await fs.writeFile(path.join(directory, '900_test_unmarked.sql'), 'CREATE INDEX CONCURRENTLY test_unmarked ON person (country);\n');
    const db = createPool(url, 2);
    try {
      await expect(migrateDatabase(db, undefined, directory)).rejects.toThrow(/cannot run inside a transaction block/);
    } finally {
      await db.end();
    }
  });
});

describe('splitStatements', () => {
  it('splits at semicolons that end a line and drops comment lines', () => {
    expect(
      splitStatements('-- head; note\nDROP INDEX CONCURRENTLY IF EXISTS a;\nCREATE INDEX CONCURRENTLY a\n  ON t (x); -- why\n'),
    ).toEqual(['DROP INDEX CONCURRENTLY IF EXISTS a', 'CREATE INDEX CONCURRENTLY a\n  ON t (x)']);
  });
});

describe('migration 040 (mail through the job queue)', () => {
  it('queues the unsent mail of an existing outbox and marks what the old worker gave up on as failed', async () => {
    const url = await createEmptyDatabase();
    const before040 = await migrationsBefore('040');
    const db = createPool(url, 2);
    try {
      await migrateDatabase(db, undefined, before040);
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO mail_outbox (recipient, subject, body_text, attempts, sent_at) VALUES
           ('due@example.com', 'due', 'x', 3, NULL), ('given-up@example.com', 'given up', 'x', 20, NULL),
           ('sent@example.com', 'sent', 'x', 1, now())
         RETURNING id`,
      );
      const [due, givenUp, sent] = rows.map((row) => row.id);
      // Up to migration 100, which hands the jobs' mail to the relay (tested below).
      expect(await migrateDatabase(db, undefined, await migrationsBefore('100'))).toContain('040_mail_queue.sql');

      const { rows: jobs } = await db.query<{ key: string }>(`SELECT key FROM graphile_worker.jobs WHERE task_identifier = 'send_mail'`);
      expect(jobs.map((job) => job.key)).toEqual([`mail:${due}`]);
      const { rows: failed } = await db.query<{ id: number }>('SELECT id FROM mail_outbox WHERE failed_at IS NOT NULL');
      expect(failed.map((row) => row.id)).toEqual([givenUp]);
      expect(sent).toBeDefined();
    } finally {
      await db.end();
    }
  });
});

describe('migration 100 (mail relayed in batches)', () => {
  it("hands the mail of the send_mail jobs to the relay, due when its job was; a running job's mail stays its worker's", async () => {
    const url = await createEmptyDatabase();
    const db = createPool(url, 2);
    try {
      await migrateDatabase(db, undefined, await migrationsBefore('100'));
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO mail_outbox (recipient, subject, body_text, created_at) VALUES
           ('due@example.com', 'due', 'x', now() - interval '1 minute'), ('backing-off@example.com', 'backing off', 'x', now()),
           ('running@example.com', 'running', 'x', now()), ('sent@example.com', 'sent', 'x', now()),
           ('mailbox@example.com', 'the mailbox shows it', 'x', now()), ('abandoned@example.com', 'abandoned', 'x', now())
         RETURNING id`,
      );
      const [due, backingOff, running, sent, mailbox, abandoned] = rows.map((row) => row.id);
      // As the previous version left them: a job per unsent mail, one in its back-off, one held by a worker that
      // claimed its mail and is talking to SMTP; no job for the sent mail, for the mailbox's (no SMTP: its job
      // ended at once) and for one whose attempt died (its claim old: the hourly sweep would have queued it again).
      await db.query(`UPDATE mail_outbox SET sent_at = now(), attempts = 1 WHERE id = $1`, [sent]);
      await db.query(
        `SELECT graphile_worker.add_job('send_mail', json_build_object('mailId', id), job_key => 'mail:' || id, max_attempts => 100,
                run_at => CASE WHEN id = $2 THEN now() + interval '1 hour' ELSE now() END)
           FROM unnest($1::bigint[]) AS id`,
        [[due, backingOff, running], backingOff],
      );
      await db.query(`UPDATE mail_outbox SET attempts = 1, claimed_at = now() WHERE id = $1`, [running]);
      await db.query(`UPDATE mail_outbox SET attempts = 1, claimed_at = now() - interval '1 hour' WHERE id = $1`, [abandoned]);
      await db.query(
        `UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'a worker of the previous version' WHERE key = $1`,
        [`mail:${running}`],
      );

      expect(await migrateDatabase(db)).toContain('100_mail_relayed_in_batches.sql');
      const { rows: times } = await db.query<{ id: number; due_in_minutes: number | null }>(
        `SELECT id, CASE WHEN next_attempt_at < 'infinity' THEN round(extract(epoch FROM next_attempt_at - now()) / 60)::int END AS due_in_minutes
           FROM mail_outbox WHERE id = ANY($1) ORDER BY id`,
        [[backingOff, mailbox]],
      );
      expect(times).toEqual([
        { id: backingOff, due_in_minutes: 60 },
        { id: mailbox, due_in_minutes: null },
      ]);
      // The relay claims the due mail and the abandoned one, once; the one in its back-off later; the running one
      // if its worker dies (its claim expires); the mailbox's never.
      expect((await claimDueMail(db, 100)).map((mail) => mail.id).sort()).toEqual([due, abandoned].sort());
      expect(await claimDueMail(db, 100)).toEqual([]);

      // The jobs stay, for the job runner's send_mail task to end without sending (mail/relay.api.test.ts).
      const { rows: jobs } = await db.query(`SELECT key FROM graphile_worker.jobs WHERE task_identifier = 'send_mail' ORDER BY id`);
      expect(jobs).toEqual([due, backingOff, running].map((id) => ({ key: `mail:${id}` })));
      const { rows: indexes } = await db.query<{ indexname: string }>(
        `SELECT indexname FROM pg_indexes WHERE tablename = 'mail_outbox' AND indexname IN ('mail_outbox_due', 'mail_outbox_unsent_claim')`,
      );
      expect(indexes).toEqual([{ indexname: 'mail_outbox_due' }]);
    } finally {
      await db.end();
    }
  });
});

describe('migration 097 (chargebacks kept with their purchase)', () => {
  it('keeps each charged-back purchase of the webhook log, once, with the reason its licences were revoked with', async () => {
    const url = await createEmptyDatabase();
    const before097 = await migrationsBefore('097');
    const db = createPool(url, 2);
    try {
      await migrateDatabase(db, undefined, before097);
      const chargeback = (id: string, order: string, reason: string | null, received: string) =>
        db.query(`INSERT INTO webhook_event (id, type, payload, received_at) VALUES ($1, 'chargeback.created', $2, $3)`, [
          id,
          { id, type: 'chargeback.created', data: { order, reasonDescription: reason } },
          received,
        ]);
      await chargeback('cb-1', 'FS-1', 'FRAUDULENT', '2026-01-02T00:00:00Z');
      await chargeback('cb-2', 'FS-1', 'DUPLICATE', '2026-01-03T00:00:00Z');
      await chargeback('cb-3', 'FS-2', null, '2026-01-04T00:00:00Z');
      await chargeback('cb-4', '', 'no order', '2026-01-05T00:00:00Z');
      expect(await migrateDatabase(db)).toContain('097_provider_chargeback.sql');

      const { rows } = await db.query('SELECT provider_order_id, reason FROM provider_chargeback ORDER BY provider_order_id');
      expect(rows).toEqual([
        { provider_order_id: 'FS-1', reason: 'Chargeback: FRAUDULENT' },
        { provider_order_id: 'FS-2', reason: 'Chargeback' },
      ]);
    } finally {
      await db.end();
    }
  });
});

describe('migration 098 (money on its day and chargebacks)', () => {
  it('gives back the money of the chargebacks taken before it, on their day, and dates the returns kept by their receipt', async () => {
    const url = await createEmptyDatabase();
    const before098 = await migrationsBefore('098');
    const db = createPool(url, 2);
    try {
      await migrateDatabase(db, undefined, before098);
      const product = (await db.query<{ id: number }>(`INSERT INTO product (name, path) VALUES ('Spacey', 'spacey') RETURNING id`)).rows[0]!
        .id;
      const person = (await db.query<{ id: number }>(`INSERT INTO person (email) VALUES ('ada@example.com') RETURNING id`)).rows[0]!.id;
      const licence = async (providerOrderId: string | null, state: string, refunded: string | null = null) =>
        (
          await db.query<{ id: number }>(
            `INSERT INTO orders (product_id, person_id, source, provider_order_id, provider_item, amount, currency, state, refunded,
                                 creation_date)
             VALUES ($1, $2, 'purchase', $3, 'spacey#0', 49, 'USD', $4, $5, '2026-11-01T10:00:00Z') RETURNING id::int AS id`,
            [product, person, providerOrderId, state, refunded],
          )
        ).rows[0]!.id;
      const purchase = (providerOrderId: string, subtotal: number, total: number) =>
        db.query(`INSERT INTO provider_order (provider_order_id, currency, subtotal, total) VALUES ($1, 'USD', $2, $3)`, [
          providerOrderId,
          subtotal,
          total,
        ]);
      const chargeback = async (providerOrderId: string, amount: number) => {
        const event = {
          id: `cb-${providerOrderId}`,
          type: 'chargeback.created',
          data: { order: providerOrderId, chargebackAmount: amount, currency: 'usd' },
        };
        await db.query(`INSERT INTO webhook_event (id, type, payload, received_at) VALUES ($1, $2, $3, '2026-11-02T08:00:00Z')`, [
          event.id,
          event.type,
          event,
        ]);
        await db.query(
          `INSERT INTO provider_chargeback (provider_order_id, reason, created_at) VALUES ($1, 'Chargeback', '2026-11-02T08:00:00Z')`,
          [providerOrderId],
        );
      };
      // The whole purchase taken back; half of one with tax (24.50 of 58.80: 20.42 of its 49.00); a paid transfer's fee; a
      // purchase returned before its chargeback.
      const whole = await licence('FS-1', 'revoked');
      await purchase('FS-1', 49, 49);
      await chargeback('FS-1', 49);
      const part = await licence('FS-2', 'revoked');
      await purchase('FS-2', 49, 58.8);
      await chargeback('FS-2', 24.5);
      const moved = await licence(null, 'active');
      await db.query(
        `INSERT INTO licence_transfer (order_id, provider_order_id, amount, currency, transferred_at) VALUES ($1, 'FS-3', 10, 'USD', '2026-11-01T11:00:00Z')`,
        [moved],
      );
      await purchase('FS-3', 10, 10);
      await chargeback('FS-3', 10);
      const returned = await licence('FS-4', 'refunded', '49');
      await db.query(
        `INSERT INTO provider_refund (return_id, provider_order_id, is_partial, received_at) VALUES ('R-4', 'FS-4', false, '2026-11-01T12:00:00Z')`,
      );
      await purchase('FS-4', 49, 49);
      await chargeback('FS-4', 49);
      const refundedBefore = await db.query<{ refunds: number; refunded: string }>(
        `SELECT coalesce(sum(refunds), 0)::int AS refunds, coalesce(sum(refunded), 0)::text AS refunded FROM sales_daily WHERE day = '2026-11-02'`,
      );
      expect(refundedBefore.rows[0]).toEqual({ refunds: 0, refunded: '0' });

      expect(await migrateDatabase(db)).toContain('098_money_on_its_day_and_chargebacks.sql');

      const { rows: licences } = await db.query(`SELECT id::int AS id, refunded::text, refunded_at FROM orders ORDER BY id`);
      const chargedAt = new Date('2026-11-02T08:00:00Z');
      expect(licences).toEqual([
        { id: whole, refunded: '49.00', refunded_at: chargedAt },
        { id: part, refunded: '20.42', refunded_at: chargedAt },
        { id: moved, refunded: null, refunded_at: null },
        { id: returned, refunded: '49.00', refunded_at: null },
      ]);
      const { rows: fees } = await db.query(`SELECT refunded::text, refunded_at FROM licence_transfer`);
      expect(fees).toEqual([{ refunded: '10.00', refunded_at: chargedAt }]);
      const { rows: chargebacks } = await db.query(
        `SELECT provider_order_id, amount::text, currency, charged_at, given_back::text FROM provider_chargeback ORDER BY 1`,
      );
      expect(chargebacks).toEqual([
        { provider_order_id: 'FS-1', amount: '49.00', currency: 'USD', charged_at: chargedAt, given_back: '49.00' },
        { provider_order_id: 'FS-2', amount: '24.50', currency: 'USD', charged_at: chargedAt, given_back: '20.42' },
        { provider_order_id: 'FS-3', amount: '10.00', currency: 'USD', charged_at: chargedAt, given_back: '10.00' },
        { provider_order_id: 'FS-4', amount: '49.00', currency: 'USD', charged_at: chargedAt, given_back: '0.00' },
      ]);
      const { rows: refunds } = await db.query(`SELECT returned_at FROM provider_refund`);
      expect(refunds).toEqual([{ returned_at: new Date('2026-11-01T12:00:00Z') }]);
      // The rollups count the money on the chargebacks' day: two licences and a fee.
      const refundedAfter = await db.query(
        `SELECT sum(refunds)::int AS refunds, sum(refunded)::text AS refunded FROM sales_daily WHERE day = '2026-11-02'`,
      );
      expect(refundedAfter.rows[0]).toEqual({ refunds: 2, refunded: '79.42' });
    } finally {
      await db.end();
    }
  });
});

describe('migration 062 (product paths)', () => {
  it("gives existing products their name's path as productPathOfName derives it, with the id when too short, reserved or taken", async () => {
    const url = await createEmptyDatabase();
    const before062 = await migrationsBefore('062');
    const db = createPool(url, 2);
    const names = [
      'Spacey',
      'Space Echo',
      'space-echo!',
      'EQ',
      '★',
      'LicenseTransfer',
      '  Über  Delay 2 ',
      'Bar',
      'Bar 10',
      'Bar!',
      'İstanbul \u212Aeys',
    ];
    try {
      await migrateDatabase(db, undefined, before062);
      for (const [index, name] of names.entries()) {
        await db.query('INSERT INTO product (id, name) VALUES ($1, $2)', [index + 1, name]);
      }
      expect(await migrateDatabase(db)).toContain('062_product_path.sql');

      const { rows } = await db.query<{ name: string; path: string }>('SELECT name, path FROM product ORDER BY id');
      expect(rows.map((row) => row.path)).toEqual([
        'spacey',
        'space-echo',
        'space-echo-3',
        'eq-4',
        'product-5',
        'licensetransfer-6',
        'ber-delay-2',
        'bar',
        'bar-10',
        'bar-10-10',
        'stanbul-eys',
      ]);
      for (const row of [rows[0]!, rows[1]!, rows[6]!, rows[7]!, rows[10]!]) expect(row.path).toBe(productPathOfName(row.name));
      const { rows: triggers } = await db.query(
        `SELECT 1 FROM pg_trigger WHERE tgrelid = 'product'::regclass AND tgname = 'product_changed'`,
      );
      expect(triggers).toHaveLength(1);
      await expect(db.query(`INSERT INTO product (name) VALUES ('No Path')`)).rejects.toThrow(/null value in column "path"/);
    } finally {
      await db.end();
    }
  });
});

describe('migration 068 (canonical addresses)', () => {
  it('gives each address its canonical form, the first of a form keeps it, and look-alikes and their sessions reach nobody', async () => {
    const url = await createEmptyDatabase();
    const db = createPool(url, 2);
    const kelvinKate = '\u212Aate@example.com';
    try {
      await migrateDatabase(db, undefined, await migrationsBefore('068'));
      // What lower() under the database's collation allowed: a person per spelling of one address, and a look-alike
      // login linked to the person it imitates.
      const persons = [
        'kate@example.com',
        'jos\u00E9@example.com',
        'jose\u0301@example.com',
        'bea@bücher.example',
        'BEA@xn--bcher-kva.example',
        '',
        '\uFF4Bate@example.com',
      ];
      const { rows: personRows } = await db.query<{ id: number }>('INSERT INTO person (email) SELECT unnest($1::text[]) RETURNING id', [
        persons,
      ]);
      const [kate, jose, joseDecomposed, bea, beaPunycode, blank, fullwidth] = personRows.map((row) => row.id);
      const { rows: loginRows } = await db.query<{ id: number }>(
        `INSERT INTO login (login_name, password_hash, person_id, role, email_verified_at)
         VALUES ('admin', 'x', NULL, 'admin', now()), ($1, 'x', $2, 'customer', now()),
                ('jos\u00E9@example.com', 'x', NULL, 'customer', NULL), ('jose\u0301@example.com', 'x', $3, 'customer', now())
         RETURNING id`,
        [kelvinKate, kate, joseDecomposed],
      );
      const [admin, kelvinLogin, joseUnproven, joseProven] = loginRows.map((row) => row.id);
      await db.query(
        `INSERT INTO session (token_hash, login_id, expires_at) VALUES ('\\x01', $1, now() + interval '1 day'), ('\\x02', $2, now() + interval '1 day')`,
        [kelvinLogin, joseProven],
      );
      await db.query(`INSERT INTO provider_order (provider_order_id, buyer_email) VALUES ('po-1', 'Kate@Example.com'), ('po-2', $1)`, [
        kelvinKate,
      ]);

      expect(await migrateDatabase(db)).toContain('068_email_canonical.sql');

      const { rows: canonicalPersons } = await db.query('SELECT id, email_canonical FROM person ORDER BY id');
      expect(canonicalPersons).toEqual([
        { id: kate, email_canonical: 'kate@example.com' },
        { id: jose, email_canonical: 'jos\u00E9@example.com' },
        { id: joseDecomposed, email_canonical: null },
        { id: bea, email_canonical: 'bea@xn--bcher-kva.example' },
        { id: beaPunycode, email_canonical: null },
        { id: blank, email_canonical: null },
        { id: fullwidth, email_canonical: null },
      ]);
      const { rows: logins } = await db.query('SELECT id, login_name_canonical, person_id FROM login ORDER BY id');
      expect(logins).toEqual([
        { id: admin, login_name_canonical: 'admin', person_id: null },
        { id: kelvinLogin, login_name_canonical: null, person_id: null },
        { id: joseUnproven, login_name_canonical: null, person_id: null },
        // Proven first, so it keeps the address; its person (the NFD duplicate) has none, so the link goes.
        { id: joseProven, login_name_canonical: 'jos\u00E9@example.com', person_id: null },
      ]);
      expect((await db.query('SELECT login_id FROM session')).rows).toEqual([]);
      const { rows: orders } = await db.query('SELECT provider_order_id, buyer_email_canonical FROM provider_order ORDER BY 1');
      expect(orders).toEqual([
        { provider_order_id: 'po-1', buyer_email_canonical: 'kate@example.com' },
        { provider_order_id: 'po-2', buyer_email_canonical: null },
      ]);
      const { rows: audit } = await db.query<{ entity: string; entity_id: string; before: unknown; after: { reason: string } }>(
        `SELECT entity, entity_id, before, after FROM audit_log WHERE actor = 'migration 068' ORDER BY entity DESC, entity_id::bigint`,
      );
      expect(audit.map((entry) => [entry.entity, Number(entry.entity_id), entry.before])).toEqual([
        ['person', joseDecomposed, { email: persons[2] }],
        ['person', beaPunycode, { email: persons[4] }],
        ['person', fullwidth, { email: persons[6] }],
        ['login', kelvinLogin, { email: kelvinKate }],
        ['login', joseUnproven, { email: 'jos\u00E9@example.com' }],
      ]);
      expect(audit[0]!.after.reason).toContain(`person ${jose}`);
      expect(audit[3]!.after.reason).toContain('no longer accepted');
      // The canonical form is unique: a second person of kate's address is refused.
      await expect(db.query(`INSERT INTO person (email, email_canonical) VALUES ('KATE@example.com', 'kate@example.com')`)).rejects.toThrow(
        /person_email_canonical_key/,
      );
    } finally {
      await db.end();
    }
  });
});

describe('migration 095 (canonical addresses of support requests, trials and mailed links)', () => {
  it('gives each record its address in canonical form, and none to a blank or look-alike address', async () => {
    const url = await createEmptyDatabase();
    const db = createPool(url, 2);
    try {
      await migrateDatabase(db, undefined, await migrationsBefore('095'));
      const addresses = ['Kate@Example.com', 'jose\u0301@b\u00FCcher.example', '\u0130nfo@example.com', '\u212Aate@example.com'];
      await db.query(
        `INSERT INTO support_request (email, product_name, operating_system, problem_description)
         SELECT address, 'Spacey', 'macOS', 'x' FROM unnest($1::text[]) AS address`,
        [addresses],
      );
      const { rows: products } = await db.query<{ id: number }>(
        `INSERT INTO product (name, path, description) VALUES ('Probe', 'probe', '') RETURNING id`,
      );
      const productId = products[0]!.id;
      await db.query(
        `INSERT INTO trial (product_id, device_id, email, source, key_file, expires_at)
         SELECT $1, 'device-' || n, address, 'web', 'key', now() + interval '1 day' FROM unnest($2::text[]) WITH ORDINALITY AS a (address, n)`,
        [productId, [...addresses, '']],
      );
      await db.query(
        `INSERT INTO account_link (token_hash, email, purpose, expires_at)
         SELECT decode(md5(address), 'hex'), address, 'confirm', now() + interval '1 day' FROM unnest($1::text[]) AS address`,
        [addresses],
      );

      expect(await migrateDatabase(db)).toContain('095_record_addresses_canonical.sql');

      const expected = ['kate@example.com', 'jos\u00E9@xn--bcher-kva.example', '\u0130nfo@example.com', null];
      const canonicalOf = async (table: string) =>
        (await db.query<{ email: string; email_canonical: string | null }>(`SELECT email, email_canonical FROM ${table}`)).rows;
      for (const table of ['support_request', 'trial', 'account_link']) {
        const rows = await canonicalOf(table);
        expect(
          addresses.map((address) => rows.find((row) => row.email === address)?.email_canonical),
          table,
        ).toEqual(expected);
      }
      expect((await canonicalOf('trial')).find((row) => row.email === '')?.email_canonical).toBeNull();
    } finally {
      await db.end();
    }
  });
});

describe('migration 099 (earlier addresses)', () => {
  it("keeps the addresses the audit log's person updates replaced, once each, with the latest date", async () => {
    const url = await createEmptyDatabase();
    const db = createPool(url, 2);
    try {
      await migrateDatabase(db, undefined, await migrationsBefore('099'));
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO person (email, email_canonical, name) VALUES
           ('now@example.com', 'now@example.com', 'Corrected'), ('same@example.com', 'same@example.com', 'Respelled'),
           ('', NULL, '') RETURNING id`,
      );
      const [corrected, respelled, erased] = rows.map((row) => String(row.id));
      const update = (id: string, before: string, after: string, at: string) =>
        db.query(
          `INSERT INTO audit_log (actor, action, entity, entity_id, before, after, at) VALUES ('admin', 'update', 'person', $1, $2, $3, $4)`,
          [id, { id: Number(id), email: before }, { id: Number(id), email: after }, at],
        );
      await update(corrected!, 'first@example.com', 'second@example.com', '2026-01-01T00:00:00Z');
      await update(corrected!, 'second@example.com', 'first@example.com', '2026-02-01T00:00:00Z');
      await update(corrected!, 'first@example.com', 'now@example.com', '2026-03-01T00:00:00Z');
      await update(respelled!, 'Same@Example.com', 'same@example.com', '2026-01-01T00:00:00Z');
      await update(erased!, 'gone@example.com', '', '2026-01-01T00:00:00Z');
      await db.query(`UPDATE person SET erased_at = now() WHERE id = $1`, [erased]);

      expect(await migrateDatabase(db)).toContain('099_person_earlier_address.sql');
      const { rows: kept } = await db.query<{ person_id: string; email: string; replaced_at: Date }>(
        'SELECT person_id::text, email, replaced_at FROM person_earlier_address ORDER BY email',
      );
      expect(kept.map((row) => [row.person_id, row.email, row.replaced_at.toISOString()])).toEqual([
        [corrected, 'first@example.com', '2026-03-01T00:00:00.000Z'],
        [corrected, 'second@example.com', '2026-02-01T00:00:00.000Z'],
      ]);
    } finally {
      await db.end();
    }
  });
});
