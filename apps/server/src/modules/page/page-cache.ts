import type { MenuItem, Page } from '@store/contracts/page';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Db } from '../../db/client.js';
import { findPageByUrl, listMenuItems } from './page.repository.js';

/** The channel migration 007's trigger notifies after every change of the page table. */
const CHANNEL = 'page_changed';
/** Pages kept at most (only pages that exist are kept, so unknown URLs cannot fill it), and derived values. */
const MAX_ENTRIES = 1_000;
const RECONNECT_DELAY_MS = 1_000;

export type PageCache = {
  menu: () => Promise<MenuItem[]>;
  /** The page at a normalised URL, compared case-insensitively; undefined when there is none. */
  pageByUrl: (url: string) => Promise<Page | undefined>;
  /**
   * A value computed from the pages (a rendered, compressed page), kept as long as they are. Callers keep only
   * what belongs to pages that exist: a full cache starts over.
   */
  derive: <T>(key: string, compute: () => Promise<T>) => Promise<T>;
  /** The value `derive` computed for `key` once it is ready, without waiting; undefined otherwise. */
  peek: <T>(key: string) => T | undefined;
  /** Forgets everything; called after this process changed a page (other processes hear the notification). */
  clear: () => void;
  close: () => Promise<void>;
};

/**
 * The public pages and the menu, read by every visitor's request, kept in memory. Every process LISTENs on
 * `page_changed`, which a statement-level trigger on the page table notifies after any committed change (the
 * admin API, a migration, a manual SQL edit), and forgets the cache when it arrives. While the listening
 * connection is down the cache is bypassed, so a process never serves a page it might have missed a change of.
 */
export async function createPageCache(db: Db, log: FastifyBaseLogger): Promise<PageCache> {
  let menu: Promise<MenuItem[]> | undefined;
  const pages = new Map<string, Promise<Page | undefined>>();
  const derived = new Map<string, Promise<unknown>>();
  const settled = new Map<string, unknown>();
  let listener: pg.PoolClient | undefined;
  let isClosed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;

  const clear = () => {
    menu = undefined;
    pages.clear();
    derived.clear();
    settled.clear();
  };

  const listen = async (): Promise<void> => {
    let client: pg.PoolClient | undefined;
    try {
      client = await db.connect();
      const connection = client;
      connection.on('notification', clear);
      connection.on('error', (error) => {
        if (!isClosed) log.warn({ err: error }, 'page cache: the listening connection failed; reading pages from the database');
        drop(connection, error);
      });
      await connection.query(`LISTEN ${CHANNEL}`);
      if (isClosed) return connection.release();
      clear(); // changes made while nobody listened
      listener = connection;
    } catch (error) {
      log.warn({ err: error }, 'page cache: cannot listen for page changes; retrying');
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
    clear();
    client.release(error);
    scheduleReconnect();
  };
  const scheduleReconnect = () => {
    if (isClosed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void listen();
    }, RECONNECT_DELAY_MS);
    reconnectTimer.unref();
  };

  /** A cached read, dropped again when it fails so the next request tries afresh. */
  const remember = <T>(read: () => Promise<T>, store: (value: Promise<T> | undefined) => void): Promise<T> => {
    const value = read();
    store(value);
    value.catch(() => store(undefined));
    return value;
  };

  await listen();
  return {
    menu: () => {
      if (!listener) return listMenuItems(db);
      return menu ?? remember(() => listMenuItems(db), (value) => (menu = value));
    },
    pageByUrl: async (url) => {
      if (!listener) return findPageByUrl(db, url);
      const key = url.toLowerCase();
      const cached = pages.get(key);
      if (cached) return cached;
      const page = await remember(
        () => findPageByUrl(db, url),
        (value) => (value ? pages.set(key, value) : pages.delete(key)),
      );
      // Only pages that exist stay; a full cache starts over rather than growing without bound.
      if (!page) pages.delete(key);
      else if (pages.size > MAX_ENTRIES) clear();
      return page;
    },
    derive: <T>(key: string, compute: () => Promise<T>): Promise<T> => {
      if (!listener) return compute();
      const cached = derived.get(key) as Promise<T> | undefined;
      if (cached) return cached;
      if (derived.size >= MAX_ENTRIES) {
        derived.clear();
        settled.clear();
      }
      const value = remember(compute, (computing) => (computing ? derived.set(key, computing) : derived.delete(key)));
      // Kept for peek unless the cache was cleared while it was computed.
      value.then((ready) => derived.get(key) === value && settled.set(key, ready), () => undefined);
      return value;
    },
    peek: <T>(key: string): T | undefined => (listener ? (settled.get(key) as T | undefined) : undefined),
    clear,
    close: async () => {
      isClosed = true;
      clearTimeout(reconnectTimer);
      const client = listener;
      listener = undefined;
      clear();
      if (client && !dropped.has(client)) {
        dropped.add(client);
        await client.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
        client.release();
      }
    },
  };
}
