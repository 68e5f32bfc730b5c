import type { MenuItem, Page } from '@store/contracts/page';
import type { Db } from '../../db/client.js';
import { isDatabaseUnreachable } from '../../db/database-status.js';
import { createRowCache, type ForgetReason, type TableChanges } from '../../db/table-changes.js';
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
   * What `derive` had ready for `key` when changes stopped being heard, until a change is heard of again: served
   * only while the database cannot be reached, when nobody can change a page.
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
 * bypassed, so a process never serves a page it might have missed a change of.
 */
export function createPageCache(db: Db, changes: TableChanges): PageCache {
  let menu: Promise<MenuItem[]> | undefined;
  const pages = createRowCache<Page>(changes, 'page_changed', { isForgettingOnNotification: false });
  const derived = new Map<string, Promise<unknown>>();
  const settled = new Map<string, unknown>();
  let stale = new Map<string, unknown>();
  // The pages and the menu as last read while changes were heard: answered while the database cannot be reached.
  let knownPages = new Map<string, Page | undefined>();
  let knownMenu: MenuItem[] | undefined;
  // Counts the changes heard: a read that a change overtook is not kept.
  let generation = 0;

  const clear = (reason: ForgetReason = 'changed') => {
    if (reason === 'unheard' && settled.size > 0) stale = new Map(settled);
    if (reason === 'changed') {
      generation += 1;
      stale = new Map();
      knownPages = new Map();
      knownMenu = undefined;
    }
    menu = undefined;
    pages.clear();
    derived.clear();
    settled.clear();
  };
  const forget = (change: PageChange | undefined) => {
    if (!change || change.isMenuChanged) return clear('changed');
    generation += 1;
    for (const url of change.urls) {
      pages.forget(url);
      knownPages.delete(url);
      // Kept answers are keyed by the path asked for, which is the page's own URL (web-app.ts keeps no other).
      for (const key of [...derived.keys(), ...stale.keys()]) {
        if (key.toLowerCase() === `answer:${url}`) {
          derived.delete(key);
          settled.delete(key);
          stale.delete(key);
        }
      }
    }
  };
  changes.subscribe('page_changed', (reason, payload) => (reason === 'unheard' ? clear('unheard') : forget(readPageChange(payload))));
  const isListening = changes.isListening;

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

  return {
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
      }
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
    clear: () => clear('changed'),
    forget,
  };
}
