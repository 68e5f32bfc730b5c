import { pathToFileURL } from 'node:url';
import type { PoolClient } from 'pg';
import { loadConfig } from '../config.js';
import { withTransaction, type Db } from './client.js';
import { prepareDatabase } from './prepare.js';

export type LargeSeedOptions = { persons: number; orders: number; log?: (message: string) => void };
export type LargeSeedResult = { persons: number; orders: number; seconds: number };

export const LARGE_SEED_PERSONS = 1_000_000;
export const LARGE_SEED_ORDERS = 2_000_000;
const CHUNK = 250_000;
/** Orders are dated over the last three years. */
const SEED_DAYS = 3 * 365;

const FIRST_NAMES = [
  'Anna',
  'Ben',
  'Chloe',
  'David',
  'Emma',
  'Felix',
  'Greta',
  'Hugo',
  'Ines',
  'Jonas',
  'Klara',
  'Leon',
  'Mia',
  'Noah',
  'Olivia',
  'Paul',
  'Quinn',
  'Rosa',
  'Simon',
  'Tara',
  'Ugo',
  'Vera',
  'William',
  'Xenia',
  'Yara',
  'Zoe',
  'Aaron',
  'Bianca',
  'Carlos',
  'Daria',
  'Elias',
  'Fatima',
  'Gabriel',
  'Hanna',
  'Ivan',
  'Julia',
  'Kenji',
  'Lena',
  'Marco',
  'Nina',
];
const LAST_NAMES = [
  'Meier',
  'Smith',
  'Rossi',
  'Dubois',
  'Novak',
  'Garcia',
  'Jensen',
  'Kowalski',
  'Nakamura',
  'Olsen',
  'Petrov',
  'Silva',
  'Tanaka',
  'Weber',
  'Fischer',
  'Brown',
  'Costa',
  'Eriksson',
  'Horvat',
  'Ivanova',
  'Johnson',
  'Keller',
  'Lopez',
  'Moreau',
  'Nielsen',
  'Oliveira',
  'Peeters',
  'Quintero',
  'Richter',
  'Schmid',
  'Taylor',
  'Urban',
  'Vogel',
  'Walker',
  'Young',
  'Zimmermann',
];
const DOMAINS = ['gmail.com', 'outlook.com', 'web.de', 'gmx.ch', 'yahoo.com', 'icloud.com', 'proton.me', 'studio.example'];
const COUNTRIES = ['CH', 'DE', 'AT', 'US', 'GB', 'FR', 'IT', 'ES', 'NL', 'SE', 'JP', 'CA', 'AU', 'BR', 'PL'];

/**
 * Fills the database with `persons` persons and `orders` licences of the existing products, set-based
 * (INSERT ... SELECT generate_series, in chunks), then VACUUM ANALYZE. Each part is recorded in `setting` and
 * skipped when it is already there, so running it again does nothing. Made for benchmarks and trying the admin
 * lists at scale, not for a live shop: it locks the person and orders tables while it writes.
 */
export async function seedLargeData(db: Db, options: LargeSeedOptions): Promise<LargeSeedResult> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const persons = await seedPersons(db, options.persons, log);
  const orders = await seedOrders(db, options.orders, persons, log);
  log('vacuum analyze');
  await db.query('VACUUM (ANALYZE) person, orders, sales_daily, sales_country_daily');
  return { persons: persons.count, orders, seconds: (performance.now() - started) / 1000 };
}

type SeededPersons = { firstId: number; count: number };

async function seedPersons(db: Db, count: number, log: (message: string) => void): Promise<SeededPersons> {
  return withTransaction(db, async (client) => {
    await client.query('LOCK TABLE person IN EXCLUSIVE MODE');
    const { rows: done } = await client.query<{ value: string }>(`SELECT value FROM setting WHERE key = 'large_seed_persons'`);
    if (done[0]) {
      log(`persons: already seeded (${done[0].value})`);
      return JSON.parse(done[0].value) as SeededPersons;
    }
    // Explicit ids after the current maximum: the orders below pick owners from this known range.
    const { rows } = await client.query<{ max: number }>('SELECT coalesce(max(id), 0)::bigint AS max FROM person');
    const seeded = { firstId: rows[0]!.max + 1, count };
    await withoutIndexes(client, 'person', log, () => insertPersons(client, seeded, log));
    await client.query(`SELECT setval(pg_get_serial_sequence('person', 'id'), (SELECT max(id) FROM person))`);
    await client.query(`INSERT INTO setting (key, value) VALUES ('large_seed_persons', $1)`, [JSON.stringify(seeded)]);
    return seeded;
  });
}

/**
 * Persons "First Last", first.last{n}@domain, from fixed lists by a hash of n: reproducible and varied. The lists are
 * ASCII, so an address is its own canonical form (canonicalEmail: lower-case ASCII, an ASCII domain; decision 030).
 */
async function insertPersons(client: PoolClient, persons: SeededPersons, log: (message: string) => void): Promise<void> {
  for (let from = 0; from < persons.count; from += CHUNK) {
    const to = Math.min(persons.count, from + CHUNK) - 1;
    await client.query(
      `INSERT INTO person (id, email, email_canonical, name, country, created_at)
       SELECT $1::bigint + g, address, address, first || ' ' || last, country,
              now() - (abs(hashint4(g + 3)::bigint) % 3000) * interval '1 day'
         FROM generate_series($2::int, $3::int) AS g,
              LATERAL (SELECT ($4::text[])[1 + abs(hashint4(g)::bigint) % cardinality($4::text[])] AS first,
                              ($5::text[])[1 + abs(hashint4(g + 1)::bigint) % cardinality($5::text[])] AS last,
                              ($6::text[])[1 + abs(hashint4(g + 2)::bigint) % cardinality($6::text[])] AS domain,
                              ($7::text[])[1 + abs(hashint4(g + 4)::bigint) % cardinality($7::text[])] AS country) AS pick,
              LATERAL (SELECT lower(first || '.' || last) || g || '@' || domain AS address) AS made`,
      [persons.firstId, from, to, FIRST_NAMES, LAST_NAMES, DOMAINS, COUNTRIES],
    );
    log(`persons: ${to + 1} of ${persons.count}`);
  }
}

async function seedOrders(db: Db, count: number, persons: SeededPersons, log: (message: string) => void): Promise<number> {
  if (persons.count === 0) return 0;
  return withTransaction(db, async (client) => {
    await client.query('LOCK TABLE orders IN EXCLUSIVE MODE');
    const { rows: done } = await client.query<{ value: string }>(`SELECT value FROM setting WHERE key = 'large_seed_orders'`);
    if (done[0]) {
      log(`orders: already seeded (${done[0].value})`);
      return Number(done[0].value);
    }
    await client.query(
      `INSERT INTO product (name, path, description, price) SELECT 'Bench Synth', 'bench-synth', 'A product for the large seed', 49
        WHERE NOT EXISTS (SELECT 1 FROM product)`,
    );
    const { rows } = await client.query<{ ids: number[] }>('SELECT array_agg(id ORDER BY id) AS ids FROM product');
    // The rollup triggers would add each row to the dashboard's rollups one by one; they are rebuilt once instead.
    await client.query('ALTER TABLE orders DISABLE TRIGGER USER');
    await withoutIndexes(client, 'orders', log, () => insertOrders(client, { count, persons, productIds: rows[0]!.ids }, log));
    await client.query('ALTER TABLE orders ENABLE TRIGGER USER');
    log('orders: dashboard rollups');
    await client.query('SELECT rebuild_sales_rollups()');
    await client.query(`INSERT INTO setting (key, value) VALUES ('large_seed_orders', $1)`, [String(count)]);
    return count;
  });
}

/**
 * Licences of the seeded persons (about two each) for the existing products, dated over the last three years:
 * mostly purchases at the product's price (a fifth with 20 % off) in USD, EUR or GBP with a provider reference,
 * some redeemed activation codes and admin grants (unpaid); one in fifty refunded (what was paid for it given back,
 * on its own day: migration 067). Each licence has its owner's country, computed like the person's own.
 */
async function insertOrders(
  client: PoolClient,
  orders: { count: number; persons: SeededPersons; productIds: number[] },
  log: (message: string) => void,
): Promise<void> {
  const { rows } = await client.query<{ prices: string[] }>(
    'SELECT array_agg(price ORDER BY id)::text[] AS prices FROM product WHERE id = ANY($1::bigint[])',
    [orders.productIds],
  );
  for (let from = 0; from < orders.count; from += CHUNK) {
    const to = Math.min(orders.count, from + CHUNK) - 1;
    await client.query(
      `INSERT INTO orders (product_id, person_id, serial, creation_date, license_activation_date, source, state,
                           provider_order_id, provider_item, provider_reference, amount, currency, country, refunded, refunded_at)
       SELECT ($1::bigint[])[product], $2::bigint + owner, 'SEED-' || g, created, created, source,
              CASE WHEN is_refunded THEN 'refunded' ELSE 'active' END,
              CASE WHEN source = 'purchase' THEN 'seed-' || g END, CASE WHEN source = 'purchase' THEN 'item' END,
              CASE WHEN source = 'purchase' THEN 'FS' || (190000000 + g) END,
              paid,
              CASE WHEN source = 'purchase' THEN (ARRAY['USD', 'USD', 'USD', 'EUR', 'EUR', 'GBP'])[1 + abs(hashint4(g + 10)::bigint) % 6] END,
              ($6::text[])[1 + abs(hashint4((owner + 4)::int)::bigint) % cardinality($6::text[])],
              CASE WHEN is_refunded THEN paid END, CASE WHEN is_refunded THEN created END
         FROM generate_series($4::int, $5::int) AS g,
              LATERAL (SELECT now() - (abs(hashint4(g + 8)::bigint) % $7::int) * interval '1 day'
                                    - (abs(hashint4(g + 11)::bigint) % 86400) * interval '1 second' AS created,
                              1 + abs(hashint4(g)::bigint) % cardinality($1::bigint[]) AS product,
                              abs(hashint4(g + 7)::bigint) % $3::int AS owner,
                              abs(hashint4(g + 9)::bigint) % 50 = 0 AS is_refunded,
                              CASE abs(hashint4(g + 12)::bigint) % 20 WHEN 0 THEN 'admin' WHEN 1 THEN 'activation' WHEN 2 THEN 'activation'
                                   ELSE 'purchase' END AS source) AS pick,
              LATERAL (SELECT CASE WHEN source = 'purchase'
                                   THEN round(($8::numeric[])[product] * CASE WHEN g % 5 = 0 THEN 0.8 ELSE 1 END, 2) END AS paid) AS money`,
      [orders.productIds, orders.persons.firstId, orders.persons.count, from, to, COUNTRIES, SEED_DAYS, rows[0]!.prices],
    );
    log(`orders: ${to + 1} of ${orders.count}`);
  }
}

/**
 * Bulk loading: drops the table's secondary indexes and its foreign keys, runs `load`, then recreates them from
 * the definitions PostgreSQL reports, statistics targets included (so they never drift from the migrations). Building an index once is many
 * times faster than updating trigram indexes and checking foreign keys row by row. All inside the caller's
 * transaction: a failure restores everything.
 */
async function withoutIndexes(client: PoolClient, table: string, log: (message: string) => void, load: () => Promise<void>): Promise<void> {
  type IndexDefinition = { name: string; definition: string; statistics: { column: number; target: number }[] };
  const { rows: indexes } = await client.query<IndexDefinition>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition,
            coalesce((SELECT json_agg(json_build_object('column', a.attnum, 'target', a.attstattarget))
                        FROM pg_attribute a
                       WHERE a.attrelid = i.indexrelid AND coalesce(a.attstattarget, -1) >= 0), '[]') AS statistics
       FROM pg_index i
      WHERE i.indrelid = $1::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    [table],
  );
  const { rows: foreignKeys } = await client.query<{ name: string; definition: string }>(
    `SELECT quote_ident(conname) AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
      WHERE conrelid = $1::regclass AND contype = 'f'`,
    [table],
  );
  for (const foreignKey of foreignKeys) await client.query(`ALTER TABLE ${table} DROP CONSTRAINT ${foreignKey.name}`);
  for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
  await load();
  await client.query(`SET LOCAL maintenance_work_mem = '512MB'`);
  for (const index of indexes) {
    log(`${table}: index ${index.name}`);
    await client.query(index.definition);
    for (const { column, target } of index.statistics) {
      await client.query(`ALTER INDEX ${index.name} ALTER COLUMN ${column} SET STATISTICS ${target}`);
    }
  }
  for (const foreignKey of foreignKeys) {
    log(`${table}: foreign key ${foreignKey.name}`);
    await client.query(`ALTER TABLE ${table} ADD CONSTRAINT ${foreignKey.name} ${foreignKey.definition}`);
  }
}

/**
 * `npm run seed:large [persons] [orders]`: seeds DATABASE_URL, else the embedded database in DATA_DIR. With the
 * embedded default, stop the store first: this starts the embedded server itself (and would stop a running one).
 */
async function main(): Promise<void> {
  const persons = Number(process.argv[2] ?? LARGE_SEED_PERSONS);
  const orders = Number(process.argv[3] ?? LARGE_SEED_ORDERS);
  if (!Number.isInteger(persons) || !Number.isInteger(orders) || persons < 0 || orders < 0) {
    throw new Error('Usage: npm run seed:large -- [persons] [orders]');
  }
  const database = await prepareDatabase(loadConfig(), (message) => console.log(message));
  try {
    if (database.seed.adminPassword) console.log(`First start: log in as "admin" with the password ${database.seed.adminPassword}`);
    const result = await seedLargeData(database.db, { persons, orders, log: (message) => console.log(message) });
    console.log(`Seeded ${result.persons} persons and ${result.orders} orders in ${result.seconds.toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
