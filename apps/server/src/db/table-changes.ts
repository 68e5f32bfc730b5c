import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Db } from './client.js';
import { databaseStatusOf } from './database-status.js';

export type ListenerTiming = {
  /** After a failure, the next attempt to listen. */
  reconnectDelayMs: number;
  /**
   * How often the listening connection is asked for a sign of life. A connection that died without an error (a
   * firewall or NAT dropping it while idle, a fail-over without a reset) would otherwise hear nothing, and every
   * cache would serve what it holds until the process restarts.
   */
  heartbeatIntervalMs: number;
  /** How long the sign of life may take before the connection counts as dead. */
  heartbeatTimeoutMs: number;
};
const defaultTiming: ListenerTiming = { reconnectDelayMs: 1_000, heartbeatIntervalMs: 15_000, heartbeatTimeoutMs: 5_000 };

/**
 * Notifications of committed table changes, for the caches every process keeps (pages, products). A statement
 * trigger on each cached table notifies its channel (migrations 007 and 010) after any change, whoever makes it:
 * the admin API of any process, a migration, a manual SQL edit.
 */
export type TableChanges = {
  /** True while notifications are heard. A cache must read the database while it is false: it could miss one. */
  isListening: () => boolean;
  /**
   * Calls `forget` after every notification on `channel` ('changed': what was kept may be out of date), when the
   * listening connection is lost ('unheard': changes may be missed from now on; what was kept was current until
   * then) and when listening starts again ('resumed': changes made meanwhile were missed, so anything kept may be
   * out of date). `payload` is what the notification says changed (migration 015 names pages); empty means
   * anything may have changed.
   */
  subscribe: (channel: ChangeChannel, forget: (reason: ForgetReason, payload: string) => void) => void;
  close: () => Promise<void>;
};

/** Why a cache is told to forget (see `TableChanges.subscribe`). */
export type ForgetReason = 'changed' | 'unheard' | 'resumed';
/** The channels the triggers notify. */
export type ChangeChannel = 'page_changed' | 'product_changed';
const CHANNELS: readonly ChangeChannel[] = ['page_changed', 'product_changed'];

/**
 * LISTENs on every channel on one connection of the pool, held for the life of the process. When that connection
 * fails, every subscriber forgets, and it is opened again a second later.
 */
export async function listenForTableChanges(db: Db, log: FastifyBaseLogger, timing: Partial<ListenerTiming> = {}): Promise<TableChanges> {
  const { reconnectDelayMs, heartbeatIntervalMs, heartbeatTimeoutMs } = { ...defaultTiming, ...timing };
  const subscribers = new Map<ChangeChannel, ((reason: ForgetReason, payload: string) => void)[]>();
  let listener: pg.PoolClient | undefined;
  let isClosed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;

  // A database that cannot be reached is logged once per outage by its status, not at every retry.
  const warn = (error: unknown, message: string) => {
    if (!databaseStatusOf(db)?.noteFailure(error)) log.warn({ err: error }, message);
  };
  const notify = (channel: ChangeChannel, reason: ForgetReason = 'changed', payload = '') => {
    for (const forget of subscribers.get(channel) ?? []) forget(reason, payload);
  };
  const notifyAll = (reason: ForgetReason) => CHANNELS.forEach((channel) => notify(channel, reason));

  const listen = async (): Promise<void> => {
    let client: pg.PoolClient | undefined;
    try {
      client = await db.connect();
      const connection = client;
      connection.on('notification', (message) => {
        if ((CHANNELS as readonly string[]).includes(message.channel))
          notify(message.channel as ChangeChannel, 'changed', message.payload ?? '');
      });
      connection.on('error', (error) => {
        if (!isClosed) warn(error, 'table changes: the listening connection failed; caches read the database');
        drop(connection, error);
      });
      await connection.query(CHANNELS.map((channel) => `LISTEN ${channel}`).join('; '));
      // Failed while LISTEN was answered: drop() has already handled it and scheduled another try.
      if (dropped.has(connection)) return;
      if (isClosed) return retire(connection);
      listener = connection;
      notifyAll('resumed'); // changes made while nobody listened
    } catch (error) {
      warn(error, 'table changes: cannot listen; retrying');
      // A connection that could not LISTEN goes back (destroyed), or the retries would drain the pool.
      if (client) drop(client, error instanceof Error ? error : new Error(String(error)));
      else scheduleReconnect();
    }
  };
  // A failing connection may report more than one error (the server's message, then the closed socket).
  const dropped = new WeakSet<pg.PoolClient>();
  const drop = (client: pg.PoolClient, error: Error) => {
    if (dropped.has(client)) return;
    dropped.add(client);
    if (listener === client) listener = undefined;
    notifyAll('unheard');
    client.removeAllListeners('notification');
    client.release(error);
    scheduleReconnect();
  };
  /** Gives a listening connection back destroyed: it must not serve another query while still listening. */
  const retire = (client: pg.PoolClient) => {
    dropped.add(client);
    client.removeAllListeners('notification');
    client.release(true);
  };
  // The sign of life: a connection that cannot answer SELECT 1 in time is dropped like a failed one.
  const heartbeat = setInterval(() => {
    const client = listener;
    if (!client) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the listening connection did not answer')), heartbeatTimeoutMs);
    });
    Promise.race([client.query('SELECT 1'), timeout])
      .catch((error: unknown) => {
        if (!isClosed) warn(error, 'table changes: the listening connection is silent; caches read the database');
        drop(client, error instanceof Error ? error : new Error(String(error)));
      })
      .finally(() => clearTimeout(timer));
  }, heartbeatIntervalMs);
  heartbeat.unref();
  const scheduleReconnect = () => {
    if (isClosed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void listen();
    }, reconnectDelayMs);
    reconnectTimer.unref();
  };

  await listen();
  return {
    isListening: () => listener !== undefined,
    subscribe: (channel, forget) => {
      subscribers.set(channel, [...(subscribers.get(channel) ?? []), forget]);
    },
    close: async () => {
      isClosed = true;
      clearTimeout(reconnectTimer);
      clearInterval(heartbeat);
      const client = listener;
      listener = undefined;
      notifyAll('unheard');
      if (client && !dropped.has(client)) retire(client);
    },
  };
}

/** Rows kept by a case-insensitive key (a page by URL, a product by name) until their table changes. */
export type RowCache<Row> = {
  /** The row of `key`, read with `read` when it is not kept; undefined when there is none. */
  get: (key: string, read: () => Promise<Row | undefined>) => Promise<Row | undefined>;
  /** Forgets the row of one key. */
  forget: (key: string) => void;
  clear: () => void;
};

/**
 * A RowCache forgotten on every notification of `channel`, and read straight through while changes are not heard.
 * Only rows that exist are kept, so unknown keys cannot fill it; a failed read is not kept, so the next request
 * tries afresh; a full cache starts over rather than growing without bound.
 */
export function createRowCache<Row>(
  changes: TableChanges,
  channel: ChangeChannel,
  options: { maxEntries?: number; isForgettingOnNotification?: boolean } = {},
): RowCache<Row> {
  const { maxEntries = 1_000, isForgettingOnNotification = true } = options;
  const rows = new Map<string, Promise<Row | undefined>>();
  const clear = () => rows.clear();
  // A cache whose owner reads the notification's payload forgets what it names itself.
  if (isForgettingOnNotification) changes.subscribe(channel, clear);
  return {
    get: async (key, read) => {
      if (!changes.isListening()) return read();
      const normalised = key.toLowerCase();
      const cached = rows.get(normalised);
      if (cached) return cached;
      const reading = read();
      rows.set(normalised, reading);
      // Forgotten only if still this read's entry: a clear in between may have made room for a newer one.
      const forget = () => rows.get(normalised) === reading && rows.delete(normalised);
      const row = await reading.catch((error: unknown) => {
        forget();
        throw error;
      });
      if (row === undefined) forget();
      else if (rows.size > maxEntries) clear();
      return row;
    },
    forget: (key) => rows.delete(key.toLowerCase()),
    clear,
  };
}
