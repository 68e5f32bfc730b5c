import type { Queryable } from '../../db/client.js';
import { createRowCache, type TableChanges } from '../../db/table-changes.js';
import { findProductByName, type ProductRow } from './product.repository.js';

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
  const products = createRowCache<ProductRow>(changes, 'product_changed');
  return { byName: (db, name) => products.get(name, () => findProductByName(db, name)), clear: products.clear };
}
