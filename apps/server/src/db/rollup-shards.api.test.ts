import { randomBytes } from 'node:crypto';
import type { Dashboard } from '@store/contracts/dashboard';
import type { PoolClient, QueryResultRow } from 'pg';
import { describe, expect, it } from 'vitest';
import { publishedPurchase, publishedReturn } from '../../test/published-samples.js';
import { createTestApp, listeningBackends, uniqueEmail, uniqueIp } from '../../test/test-app.js';
import { postWebhook } from '../../test/webhook-fixtures.js';
import { buildApp } from '../app.js';
import { createTaskList } from '../jobs/job-runner.js';
import { foldRollupShards } from '../modules/dashboard/index.js';
import { randomDeviceId } from '../modules/licence/licence.test-factory.js';
import { createPool, type Queryable } from './client.js';

const secret = 'test-webhook-secret';
const t = await createTestApp({ FASTSPRING_WEBHOOK_SECRET: secret });

/** The shard that the backend of `db` (a client, or a pool of one working connection) writes to. */
const shardOf = async (db: Queryable) => (await db.query<{ shard: number }>('SELECT rollup_shard() AS shard')).rows[0]!.shard;

/** Two connections of the pool whose backends write to different shard rows of the rollups. */
async function twoConnectionsOnDifferentShards(): Promise<[PoolClient, PoolClient]> {
  const held: { client: PoolClient; shard: number }[] = [];
  try {
    // Sixteen shards and backends of any pid: among a few connections two differ, unless the rule is one shard.
    for (let index = 0; index < 8; index++) {
      const client = await t.db.connect();
      const shard = await shardOf(client);
      const other = held.find((entry) => entry.shard !== shard);
      if (other) {
        for (const entry of held) if (entry !== other) entry.client.release();
        return [other.client, client];
      }
      held.push({ client, shard });
    }
  } catch (error) {
    for (const entry of held) entry.client.release();
    throw error;
  }
  for (const entry of held) entry.client.release();
  throw new Error('eight connections of the pool all write to one shard row');
}

/** Runs `work`, then ends any transaction the clients left open and gives them back to the pool. */
async function usingClients<T>(clients: PoolClient[], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    for (const client of clients) {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release();
    }
  }
}

/** Runs `sql` in a transaction of its own that fails (lock timeout) where it would wait for a lock another holds. */
async function withoutWaiting<R extends QueryResultRow>(client: PoolClient, sql: string, values: unknown[] = []) {
  await client.query('BEGIN');
  await client.query(`SET LOCAL lock_timeout = '1s'`);
  const result = await client.query<R>(sql, values);
  await client.query('COMMIT');
  return result;
}

/** A product of the test's own, made by the admin and sold under its own path, so that its rollup rows are this test's alone. */
async function newProduct(): Promise<{ id: number; path: string }> {
  const path = `shard-${randomBytes(4).toString('hex')}`;
  const saved = await t.request({
    method: 'POST',
    url: '/api/product/',
    token: await t.adminToken(),
    body: { id: 0, name: path, path, description: 'A plug-in of the shard tests', price: '10' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { id: (saved.json() as { id: number }).id, path };
}
const newProductId = async () => (await newProduct()).id;

/**
 * Sells `units` of the product on `day` (ten times as much revenue, as many purchases) through the rollups' own
 * writer, `add_to_sales_daily`, as a refund or a moved licence adds to a day of the past: the rows land on the shard
 * of `db`'s backend, in the day's and its month's rollup.
 */
const addSaleSql = `SELECT add_to_sales_daily($2::date, $1, 'EUR', $3::int, $3::int * 10, $3::int, 0, 0, 0, 0, 0)`;
const addSale = (db: Queryable, productId: number, day: string, units: number) => db.query(addSaleSql, [productId, day, units]);

/** The product's rows of a rollup (`sales_daily` or `sales_monthly`): day, shard, units and revenue. */
const rowsOf = async (productId: number, rollup: 'sales_daily' | 'sales_monthly' = 'sales_daily') =>
  (
    await t.db.query<{ day: string; shard: number; units: number; revenue: string }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, shard, units, revenue FROM ${rollup} WHERE product_id = $1 ORDER BY day, shard`,
      [productId],
    )
  ).rows;

/** The database's UTC day and the first of its month: the open day and month that a fold leaves. */
const openDayAndMonth = async () =>
  (
    await t.db.query<{ day: string; month: string }>(
      `SELECT to_char(utc_day(now()), 'YYYY-MM-DD') AS day, to_char(date_trunc('month', utc_day(now())), 'YYYY-MM-DD') AS month`,
    )
  ).rows[0]!;

describe('rollup shards (decision 077)', () => {
  it('leaves the choice of shard to rollup_shard() alone: sixteen rows, by backend', async () => {
    // A function that reads the backend's pid for its own shard (the four of before, say) would bring back the
    // rows orders queue on.
    const { rows } = await t.db.query<{ name: string }>(
      `SELECT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public' AND p.prokind IN ('f', 'p') AND p.prosrc LIKE '%pg_backend_pid()%' ORDER BY p.proname`,
    );
    expect(rows.map((row) => row.name)).toEqual(['rollup_shard']);
    const shard = await t.db.query<{ shard: number; expected: number }>(
      'SELECT rollup_shard() AS shard, pg_backend_pid() % 16 AS expected',
    );
    expect(shard.rows[0]!.shard).toBe(shard.rows[0]!.expected);
  });

  it("puts every writer's rows on its backend's shard: a purchase, its country, its refund, a computer registered", async () => {
    // The app again, on a pool of two: one connection listens for table changes, so every request's statements run
    // on the other, whose shard is then known.
    const pool = createPool(t.config.DATABASE_URL!, 2);
    const app = await buildApp({ config: t.config, db: pool, isServingWebApp: false });
    try {
      await app.ready();
      await expect.poll(async () => (await listeningBackends(t.db)).length).toBe(2); // the test app's and this one's
      const shard = await shardOf(pool);
      const activations = async () =>
        (
          await t.db.query<{ n: number }>(
            'SELECT coalesce(sum(activations), 0)::int AS n FROM device_activation_daily WHERE day = utc_day(now()) AND shard = $1',
            [shard],
          )
        ).rows[0]!.n;
      const activationsBefore = await activations();

      const product = await newProduct();
      const email = uniqueEmail('shard');
      const purchase = publishedPurchase({
        email,
        items: [
          { product: product.path, subtotal: 10 },
          { product: 'spacey', subtotal: 20 },
        ],
        currency: 'NZD',
        country: 'NZ',
      });
      expect((await postWebhook(app, purchase.events, { secret })).statusCode).toBe(200);
      const refund = publishedReturn({
        orderId: purchase.orderId,
        email,
        currency: 'NZD',
        lines: [{ product: product.path, quantity: 0, subtotal: 4 }],
      });
      expect((await postWebhook(app, refund, { secret })).statusCode).toBe(200);
      const { rows } = await t.db.query<{ key: string }>(
        `SELECT o.serial_2048 AS key FROM orders o JOIN person p ON p.id = o.person_id JOIN product pr ON pr.id = o.product_id
          WHERE p.email = $1 AND pr.name = 'Spacey'`,
        [email],
      );
      const registered = await app.inject({
        method: 'POST',
        url: '/api/userinfo/registerproductfordevice',
        payload: { ProductName: 'Spacey', Key: rows[0]!.key, DeviceIdHash: randomDeviceId(), DeviceName: 'Shard Mac' },
        remoteAddress: uniqueIp(),
      });
      expect(registered.statusCode, registered.body).toBe(200);

      const shardsOf = async (rollup: string, where: string, value: unknown) =>
        (await t.db.query<{ shard: number }>(`SELECT DISTINCT shard FROM ${rollup} WHERE ${where} ORDER BY shard`, [value])).rows.map(
          (row) => row.shard,
        );
      expect(await shardsOf('sales_daily', 'product_id = $1', product.id)).toEqual([shard]);
      expect(await shardsOf('sales_monthly', 'product_id = $1', product.id)).toEqual([shard]);
      expect(await shardsOf('sales_country_daily', `currency = 'NZD' AND country = $1`, 'NZ')).toEqual([shard]);
      expect(await shardsOf('sales_country_monthly', `currency = 'NZD' AND country = $1`, 'NZ')).toEqual([shard]);
      const daily = await t.db.query('SELECT units, revenue, refunded FROM sales_daily WHERE product_id = $1', [product.id]);
      expect(daily.rows).toEqual([{ units: 1, revenue: '10.00', refunded: '4.00' }]);
      expect(await activations()).toBe(activationsBefore + 1);
    } finally {
      await app.close();
      await pool.end();
    }
  });

  it('lets sales of one product and day on backends of different shards commit without waiting for each other', async () => {
    const productId = await newProductId();
    const { day: today } = await openDayAndMonth();
    const [first, second] = await twoConnectionsOnDifferentShards();
    await usingClients([first, second], async () => {
      await first.query('BEGIN');
      await addSale(first, productId, today, 1); // holds its shard row until it commits
      // The second would wait for the first on a shared row: it may not wait at all.
      await withoutWaiting(second, addSaleSql, [productId, today, 1]);
      await first.query('COMMIT');
    });
    const daily = await t.db.query<{ shards: number; units: number }>(
      'SELECT count(*)::int AS shards, sum(units)::int AS units FROM sales_daily WHERE product_id = $1',
      [productId],
    );
    expect(daily.rows[0]).toEqual({ shards: 2, units: 2 });
  });

  it("folds a closed day's and month's shard rows into one row per key, the dashboard's figures kept, the open ones left", async () => {
    const productId = await newProductId();
    const open = await openDayAndMonth();
    const past = '2024-03-05';
    // Two backends' sales of a closed day, and of the open one.
    const [first, second] = await twoConnectionsOnDifferentShards();
    const shards = await usingClients([first, second], async () => {
      await addSale(first, productId, past, 1);
      await addSale(second, productId, past, 2);
      await addSale(first, productId, past, 4);
      await addSale(first, productId, open.day, 1);
      await addSale(second, productId, open.day, 1);
      return [await shardOf(first), await shardOf(second)].sort((a, b) => a - b);
    });
    const dashboard = async () => {
      const response = await t.request({
        method: 'GET',
        url: `/api/admin/dashboard?period=day&from=2024-03-01&to=2024-03-31`,
        token: await t.adminToken(),
      });
      expect(response.statusCode, response.body).toBe(200);
      const figures = response.json() as Dashboard;
      return { sales: figures.sales, products: figures.products.filter((row) => row.productId === productId) };
    };
    const before = await dashboard();
    expect(before.products).toEqual([expect.objectContaining({ units: 7, revenue: 70 })]);

    // As the hourly job runs it.
    await createTaskList({ db: t.db, config: t.config, log: t.app.log }).fold_rollup_shards!({}, {} as never);
    expect(await rowsOf(productId)).toEqual([
      { day: past, shard: 16, units: 7, revenue: '70.00' },
      ...shards.map((shard) => ({ day: open.day, shard, units: 1, revenue: '10.00' })),
    ]);
    expect(await rowsOf(productId, 'sales_monthly')).toEqual([
      { day: '2024-03-01', shard: 16, units: 7, revenue: '70.00' },
      ...shards.map((shard) => ({ day: open.month, shard, units: 1, revenue: '10.00' })),
    ]);
    expect(await dashboard()).toEqual(before);

    // A late change to the closed day (a refund, say) adds a shard row again: the next fold adds it to the folded row.
    await addSale(t.db, productId, past, 3);
    expect(await foldRollupShards(t.db)).toBeGreaterThanOrEqual(2);
    expect((await rowsOf(productId)).filter((row) => row.day === past)).toEqual([{ day: past, shard: 16, units: 10, revenue: '100.00' }]);
  });

  it('skips a row a writer holds instead of waiting for it, and folds it at the next run', async () => {
    const productId = await newProductId();
    const past = '2024-04-09';
    const [writer, other] = await twoConnectionsOnDifferentShards();
    const folder = await t.db.connect();
    await usingClients([writer, other, folder], async () => {
      await addSale(other, productId, past, 1);
      await addSale(writer, productId, past, 2);
      await writer.query('BEGIN');
      await addSale(writer, productId, past, 5); // a late change to the closed day: holds its shard row until it commits
      // The fold would wait for the writer on its row: it may not wait at all.
      await withoutWaiting(folder, `SELECT fold_rollup_shards('sales_daily')`);
      expect(await rowsOf(productId)).toEqual([
        { day: past, shard: await shardOf(writer), units: 2, revenue: '20.00' },
        { day: past, shard: 16, units: 1, revenue: '10.00' },
      ]);
      await writer.query('COMMIT');
    });
    await foldRollupShards(t.db);
    expect(await rowsOf(productId)).toEqual([{ day: past, shard: 16, units: 8, revenue: '80.00' }]);
  });

  it('folds nothing in a second fold of a table while the first holds it, and refuses a table that is no rollup', async () => {
    const productId = await newProductId();
    // The second sale on another shard's row than the first's, which the first fold deletes and holds until it commits.
    const [firstWriter, secondWriter] = await twoConnectionsOnDifferentShards();
    const [first, second] = [await t.db.connect(), await t.db.connect()];
    await usingClients([firstWriter, secondWriter, first, second], async () => {
      await addSale(firstWriter, productId, '2024-05-02', 1);
      await first.query('BEGIN');
      await first.query(`SELECT fold_rollup_shards('sales_monthly')`); // its folded row stays uncommitted until it commits
      await addSale(secondWriter, productId, '2024-05-20', 2); // a row the second could fold
      // Folding it would add to the first's folded row, and wait for it: the second may not even try.
      const folded = await withoutWaiting<{ folded: number }>(second, `SELECT fold_rollup_shards('sales_monthly') AS folded`);
      expect(folded.rows[0]!.folded).toBe(0);
      await first.query('COMMIT');
    });
    await foldRollupShards(t.db);
    expect(await rowsOf(productId, 'sales_monthly')).toEqual([{ day: '2024-05-01', shard: 16, units: 3, revenue: '30.00' }]);
    await expect(t.db.query(`SELECT fold_rollup_shards('orders')`)).rejects.toThrow('orders is not a rollup');
  });
});
