import pg from 'pg';

// bigint columns (ids, counts) fit in a JS number for this product's sizes.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => value);

export type Db = pg.Pool;
/** Anything that runs a query: the pool or a client inside a transaction. */
export type Queryable = pg.Pool | pg.PoolClient;

/** Opens a connection pool. */
export function createPool(connectionString: string, max = 10, options: { connectionTimeoutMillis?: number } = {}): Db {
  // TCP keep-alive: a connection a firewall dropped while idle is noticed by the operating system, not only by the
  // next query (the caches' listening connection is idle for long). A connection that cannot be had within 10 s
  // (a server that accepts but does not answer, or every connection busy that long) fails the call, which then
  // answers 503, rather than leaving it waiting for ever.
  const connectionTimeoutMillis = options.connectionTimeoutMillis ?? 10_000;
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000, keepAlive: true, connectionTimeoutMillis });
  // A client losing its connection must not crash the process: an idle one is replaced by the pool, and a
  // checked-out one fails its query (the caller sees that). The 'connect' listener also tells graphile-worker,
  // which shares this pool, that its clients' errors are handled (it warns on the console otherwise).
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** Runs `work` in one transaction, retrying on serialization failures and deadlocks. */
export async function withTransaction<T>(db: Db, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const client = await db.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      const code = (error as { code?: string }).code;
      if ((code === '40001' || code === '40P01') && attempt < 5) continue;
      throw error;
    } finally {
      client.release();
    }
  }
}
