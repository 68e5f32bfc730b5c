import pg from 'pg';
import { isDatabaseUnreachable } from './database-status.js';

// bigint columns (ids, counts) fit in a JS number for this product's sizes.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => value);

export type Db = pg.Pool;
/** Anything that runs a query: the pool or a client inside a transaction. */
export type Queryable = pg.Pool | pg.PoolClient;

/** SQLSTATE connection_failure: what a lost connection's error carries here (pg gives it no code). */
export const CONNECTION_FAILURE = '08006';

/** The errors a pool of createPool or its clients gave: the database's, whatever their code says. */
const databaseErrors = new WeakSet<object>();

/** pg-pool's refusal of a call made after the pool was ended. */
const ENDED_POOL_MESSAGE = 'Cannot use a pool after calling end on the pool';
/** The calls one of the product's pools refused because it had been ended. */
const endedPoolCalls = new WeakSet<object>();

/**
 * Gives a lost connection's error (pg gives it no code) the code CONNECTION_FAILURE and marks it as the database's
 * (and, refused by an ended pool, as such); answers the error.
 */
function withConnectionCode<E>(error: E): E {
  if (error instanceof Error && !('code' in error) && isDatabaseUnreachable(error)) Object.assign(error, { code: CONNECTION_FAILURE });
  if (typeof error === 'object' && error !== null) databaseErrors.add(error);
  if (error instanceof Error && error.message === ENDED_POOL_MESSAGE) endedPoolCalls.add(error);
  return error;
}

/**
 * Whether `reason` is a call that one of the product's pools refused because it had been ended: after a stop, a
 * library's unawaited retry (graphile-worker's record of a job that failed during a partition, and that another
 * pool has taken since, decision 118).
 */
export const isCallAfterPoolEnded = (reason: unknown): boolean =>
  typeof reason === 'object' && reason !== null && endedPoolCalls.has(reason);

/**
 * Whether `reason` is a failure to reach this product's database, given by one of its pools: a restart or an outage,
 * which loses nothing (the queue retries, decision 092). Another service's refused connection (the SMTP server's
 * ECONNREFUSED) carries the same code but is not the database's.
 */
export const isDatabaseOutage = (reason: unknown): boolean =>
  typeof reason === 'object' && reason !== null && databaseErrors.has(reason) && isDatabaseUnreachable(reason);

/** `method` with its error coded by withConnectionCode, whether it answers a promise or calls back (its last argument). */
function codingErrors(method: (...args: unknown[]) => unknown): (...args: unknown[]) => unknown {
  return (...args) => {
    const last = args.at(-1);
    if (typeof last === 'function') {
      return method(...args.slice(0, -1), (error: unknown, ...results: unknown[]) =>
        (last as (...callbackArgs: unknown[]) => unknown)(error ? withConnectionCode(error) : error, ...results),
      );
    }
    const result = method(...args);
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      throw withConnectionCode(error);
    });
  };
}

/**
 * A pg client whose errors for a lost or refused connection ("Connection terminated unexpectedly": a PostgreSQL
 * restart, a reset socket) carry the SQLSTATE code `08006`, as the server's own connection errors do. The job queue
 * retries by an error's code (job-runner.ts), and pg gives these errors none.
 */
class CodedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // pg's own methods, looked up at each call (a test's spy on pg.Client.prototype sees every query).
    const base = pg.Client.prototype as unknown as Record<'connect' | 'query', (...args: unknown[]) => unknown>;
    this.connect = codingErrors((...args) => base.connect.apply(this, args)) as pg.Client['connect'];
    this.query = codingErrors((...args) => base.query.apply(this, args)) as pg.Client['query'];
  }
}

/** Opens a connection pool. */
export function createPool(connectionString: string, max = 10, options: { connectionTimeoutMillis?: number } = {}): Db {
  // TCP keep-alive: a connection a firewall dropped while idle is noticed by the operating system, not only by the
  // next query (the caches' listening connection is idle for long). A connection that cannot be had within 10 s
  // (a server that accepts but does not answer, or every connection busy that long) fails the call, which then
  // answers 503, rather than leaving it waiting for ever.
  const connectionTimeoutMillis = options.connectionTimeoutMillis ?? 10_000;
  const pool = new pg.Pool({
    connectionString,
    max,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    connectionTimeoutMillis,
    Client: CodedClient,
  });
  // A client losing its connection must not crash the process: an idle one is replaced by the pool, and a
  // checked-out one fails its query (the caller sees that). The 'connect' listener also tells graphile-worker,
  // which shares this pool, that its clients' errors are handled (it warns on the console otherwise).
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  // The pool's own failures ("timeout exceeded when trying to connect": every connection attempt for 10 s failed or
  // waited) are coded too; its query() goes through its connect().
  pool.connect = codingErrors(pool.connect.bind(pool) as (...args: unknown[]) => unknown) as Db['connect'];
  return pool;
}

/**
 * What the transaction a client runs in (withTransaction) does just before it commits: the work runs first, then
 * these in the order they were added, inside the transaction (one failing rolls it back).
 */
type Transaction = { beforeCommit: (() => Promise<void>)[]; values: Map<string, unknown> };
const transactions = new WeakMap<Queryable, Transaction>();

/**
 * The value `key` of the transaction `db` runs in, made by `create` (with the work it leaves for just before the
 * commit) the first time it is asked for; undefined when `db` is not a client inside withTransaction, so a
 * caller acts at once. Lets a transaction gather what its statements would each do into one (the mail jobs).
 */
export function transactionValue<T>(
  db: Queryable,
  key: string,
  create: () => { value: T; beforeCommit: () => Promise<void> },
): T | undefined {
  const transaction = transactions.get(db);
  if (!transaction) return undefined;
  if (!transaction.values.has(key)) {
    const created = create();
    transaction.values.set(key, created.value);
    transaction.beforeCommit.push(created.beforeCommit);
  }
  return transaction.values.get(key) as T;
}

/** Whether `db` is the client of a transaction that withTransaction runs (and that has not ended). */
export const isInTransaction = (db: Queryable): boolean => transactions.has(db);

/** Runs `work` in one transaction, retrying on serialization failures and deadlocks. */
export async function withTransaction<T>(db: Db, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const client = await db.connect();
    const transaction: Transaction = { beforeCommit: [], values: new Map() };
    try {
      await client.query('BEGIN');
      transactions.set(client, transaction);
      const result = await work(client);
      for (const task of transaction.beforeCommit) await task();
      transactions.delete(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      transactions.delete(client);
      await client.query('ROLLBACK').catch(() => undefined);
      const code = (error as { code?: string }).code;
      if ((code === '40001' || code === '40P01') && attempt < 5) continue;
      throw error;
    } finally {
      client.release();
    }
  }
}
