import type { MenuItem, Page } from '@store/contracts/page';
import type { Db } from '../../db/client.js';
import { isDatabaseUnreachable } from '../../db/database-status.js';
import { createRowCache, type TableChanges } from '../../db/table-changes.js';
import { readPageChange, type PageChange } from './page-change.js';
import { findPageByUrl, listMenuItems } from './page.repository.js';

/** Derived values (rendered pages) kept at most; the pages themselves are a RowCache with its own limit. */
const MAX_ENTRIES = 1_000;

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
  /**
   * What `derive` had ready for `key` when changes stopped being heard, kept across reconnections until it is
   * computed again once listening resumed, or a change of its page is heard: served only while the database cannot
   * be reached, when nobody can change a page.
   */
  peekStale: <T>(key: string) => T | undefined;
  /** Forgets everything. */
  clear: () => void;
  /**
   * Forgets what a change of pages touched: those URLs' pages and kept answers, or everything when the menu
   * changed (every page carries it). Called after this process changed a page, with the change its statement
   * answered; other processes hear the trigger's notification, which says the same (migration 070's page_change).
   */
  forget: (change: PageChange) => void;
};

/**
 * The public pages and the menu, read by every visitor's request, kept in memory and forgotten after every
 * committed change of the page table (`page_changed`, migration 007). While changes are not heard the cache is
 * bypassed, so a process never serves a page it might have missed a change of. What it had ready when they stopped
 * being heard is kept for outages, across any number of reconnections, and read again whenever listening resumes
 * (decision 032).
 */
export function createPageCache(db: Db, changes: TableChanges): PageCache {
  let menu: Promise<MenuItem[]> | undefined;
  const pages = createRowCache<Page>(changes, 'page_changed', { isForgettingOnNotification: false });
  const derived = new Map<string, Promise<unknown>>();
  const settled = new Map<string, unknown>();
  // How each kept value was computed, to compute it again when listening resumes.
  const recipes = new Map<string, () => Promise<unknown>>();
  let stale = new Map<string, unknown>();
  // The pages and the menu as last read while changes were heard: answered while the database cannot be reached.
  let knownPages = new Map<string, Page | undefined>();
  let knownMenu: MenuItem[] | undefined;
  // Counts the changes heard: a read that a change overtook is not kept.
  let generation = 0;
  // Counts the times listening stopped or resumed: a refresh stops when its period of listening has ended.
  let listeningPeriod = 0;

  const forgetLive = () => {
    menu = undefined;
    pages.clear();
    derived.clear();
    settled.clear();
  };
  const clear = () => {
    generation += 1;
    stale = new Map();
    recipes.clear();
    knownPages = new Map();
    knownMenu = undefined;
    forgetLive();
  };
  /** Listening stopped: what was ready is the outage copy from now on, joining what earlier outages kept. */
  const keepForOutages = () => {
    listeningPeriod += 1;
    for (const [key, value] of settled) {
      if (value !== undefined) stale.set(key, value);
      else {
        stale.delete(key); // its page is gone
        recipes.delete(key);
      }
    }
    forgetLive();
  };
  /** Listening resumed: changes made meanwhile were missed, so the live caches start over and the rest is read again. */
  const resume = () => {
    generation += 1;
    listeningPeriod += 1;
    forgetLive();
    void refresh(listeningPeriod);
  };
  const forget = (change: PageChange | undefined) => {
    if (!change || change.isMenuChanged) return clear();
    generation += 1;
    for (const url of change.urls) {
      pages.forget(url);
      knownPages.delete(url);
      // Kept answers are keyed by the path asked for, which is the page's own URL (web-app.ts keeps no other).
      for (const key of [...derived.keys(), ...stale.keys(), ...recipes.keys()]) {
        if (key.toLowerCase() === `answer:${url}`) {
          derived.delete(key);
          settled.delete(key);
          stale.delete(key);
          recipes.delete(key);
        }
      }
    }
  };
  changes.subscribe('page_changed', (reason, payload) => {
    if (reason === 'unheard') return keepForOutages();
    if (reason === 'resumed') return resume();
    forget(readPageChange(payload));
  });
  const isListening = changes.isListening;

  /**
   * Reads again, one at a time in the background, the menu, the pages and the kept values that outages keep, so
   * that the next outage finds them as they are now, and drops those whose page is gone. Until a value is read
   * again its outage copy stays (an outage right after a reconnection still finds it). Stops when its period of
   * listening ends; the next resumption starts over.
   */
  const refresh = async (period: number) => {
    const isCurrent = () => period === listeningPeriod && isListening();
    await cache.menu().catch(() => undefined);
    for (const url of [...knownPages.keys()]) {
      if (!isCurrent()) return;
      const startedIn = generation;
      const page = await cache.pageByUrl(url).catch(() => null);
      if (page === undefined && isCurrent() && generation === startedIn) knownPages.delete(url);
    }
    for (const key of [...stale.keys()]) {
      if (!isCurrent()) return;
      const recipe = recipes.get(key);
      if (!recipe) stale.delete(key); // forgotten when a full cache started over: it cannot be read again
      if (!recipe || settled.has(key)) continue;
      await cache.derive(key, recipe).catch(() => undefined);
      if (!isCurrent() || !settled.has(key)) continue;
      stale.delete(key); // the current value is in `settled`, which the next outage keeps
      if (settled.get(key) === undefined) recipes.delete(key);
    }
  };

  /** A cached read, dropped again when it fails so the next request tries afresh. */
  const remember = <T>(read: () => Promise<T>, store: (value: Promise<T> | undefined) => void): Promise<T> => {
    const value = read();
    store(value);
    value.catch(() => store(undefined));
    return value;
  };

  /** `read`, or while the database cannot be reached what it answered last while changes were heard. */
  const orKnown = async <T>(read: () => Promise<T>, known: () => { has: boolean; value?: T }, keep: (value: T) => void): Promise<T> => {
    const wasListening = isListening();
    const startedIn = generation;
    try {
      const value = await read();
      if (wasListening && isListening() && generation === startedIn) keep(value);
      return value;
    } catch (error) {
      const last = known();
      if (last.has && isDatabaseUnreachable(error)) return last.value as T;
      throw error;
    }
  };

  const cache: PageCache = {
    menu: () =>
      orKnown(
        () =>
          isListening()
            ? (menu ??
              remember(
                () => listMenuItems(db),
                (value) => {
                  menu = value;
                },
              ))
            : listMenuItems(db),
        () => ({ has: knownMenu !== undefined, value: knownMenu }),
        (value) => (knownMenu = value),
      ),
    pageByUrl: (url) =>
      orKnown(
        () => pages.get(url, () => findPageByUrl(db, url)),
        () => ({ has: knownPages.has(url.toLowerCase()), value: knownPages.get(url.toLowerCase()) }),
        (page) => {
          if (page === undefined) return;
          if (knownPages.size >= MAX_ENTRIES) knownPages.clear();
          knownPages.set(url.toLowerCase(), page);
        },
      ),
    derive: <T>(key: string, compute: () => Promise<T>): Promise<T> => {
      if (!isListening()) return compute();
      const cached = derived.get(key) as Promise<T> | undefined;
      if (cached) return cached;
      if (derived.size >= MAX_ENTRIES) {
        derived.clear();
        settled.clear();
        recipes.clear();
      }
      recipes.set(key, compute);
      const value = remember(compute, (computing) => (computing ? derived.set(key, computing) : derived.delete(key)));
      // Kept for peek unless the cache was cleared while it was computed.
      value.then(
        (ready) => derived.get(key) === value && settled.set(key, ready),
        () => undefined,
      );
      return value;
    },
    peek: <T>(key: string): T | undefined => (isListening() ? (settled.get(key) as T | undefined) : undefined),
    peekStale: <T>(key: string): T | undefined => stale.get(key) as T | undefined,
    clear,
    forget,
  };
  return cache;
}
