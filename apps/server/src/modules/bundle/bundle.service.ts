import type { Queryable } from '../../db/client.js';
import { findProductById, findProductByPath } from '../product/product.service.js';
import * as repository from './bundle.repository.js';

/** The FastSpring paths of the products the bundle sold under `path` holds; undefined when that product is no bundle. */
export async function findBundlePartPaths(db: Queryable, path: string): Promise<string[] | undefined> {
  const bundle = await findProductByPath(db, path);
  if (!bundle) return undefined;
  const partIds = (await repository.listPartsOfBundles(db, [bundle.id])).get(bundle.id) ?? [];
  if (partIds.length === 0) return undefined;
  const parts = await Promise.all(partIds.map((id) => findProductById(db, id)));
  return parts.flatMap((part) => (part ? [part.path] : []));
}
