import type { Queryable } from '../../db/client.js';
import type { TableChanges } from '../../db/table-changes.js';
import { findProductByName, type ProductRow } from './product.repository.js';

/** Products kept at most (only products that exist are kept, so unknown names cannot fill it). */
const MAX_ENTRIES = 1_000;

export type ProductCache = {
  /**
   * The product by name or checkout path, compared case-insensitively; undefined when there is none. Read through
   * `db` when it is not kept: a caller holding a connection passes it, so a burst of them cannot exhaust the pool.
   */
  byName: (db: Queryable, name: string) => Promise<ProductRow | undefined>;
  /** Forgets everything; called after this process changed a product (other processes hear the notification). */
  clear: () => void;
};

/**
 * The products the plug-in endpoints look up on every activation, kept in memory and forgotten after every
 * committed change of the product table (`product_changed`, migration 010), like the pages. While changes are
 * not heard the cache is bypassed, so no activation is signed with a key pair the administrator replaced.
 */
export function createProductCache(changes: TableChanges): ProductCache {
  const products = new Map<string, Promise<ProductRow | undefined>>();
  const clear = () => products.clear();
  changes.subscribe('product_changed', clear);

  return {
    byName: async (db, name) => {
      if (!changes.isListening()) return findProductByName(db, name);
      const key = name.toLowerCase();
      const cached = products.get(key);
      if (cached) return cached;
      const reading = findProductByName(db, name);
      products.set(key, reading);
      // A failed read or an unknown name is not kept; a full cache (an endless list of products?) starts over.
      const product = await reading.catch((error: unknown) => {
        if (products.get(key) === reading) products.delete(key);
        throw error;
      });
      if (!product) {
        if (products.get(key) === reading) products.delete(key);
      } else if (products.size > MAX_ENTRIES) {
        clear();
      }
      return product;
    },
    clear,
  };
}
