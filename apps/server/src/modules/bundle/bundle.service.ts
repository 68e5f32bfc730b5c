import type { CustomerBundle } from '@store/contracts/bundle';
import type { Queryable } from '../../db/client.js';
import { findProductById, type ProductRow } from '../product/index.js';
import { completeBundlePrice } from './bundle-price.js';
import * as repository from './bundle.repository.js';

/** The products of these ids that exist, in that order: one query after the other, as a transaction's client needs. */
async function findProducts(db: Queryable, ids: readonly number[]) {
  const products = [];
  for (const id of ids) {
    const product = await findProductById(db, id);
    if (product) products.push(product);
  }
  return products;
}

/** What an order's items name: the products of their paths (and of the bundles' contents) and each bundle's part paths. */
export type CatalogueOfPaths = { products: Map<string, ProductRow>; partPaths: Map<string, string[]> };

/** The products and bundles these FastSpring paths name, with the products the bundles hold; one query. */
export async function findCatalogueOfPaths(db: Queryable, paths: readonly string[]): Promise<CatalogueOfPaths> {
  const catalogue: CatalogueOfPaths = { products: new Map(), partPaths: new Map() };
  for (const { part_paths: partPaths, ...product } of await repository.listProductsOfPathsWithParts(db, [...new Set(paths)])) {
    catalogue.products.set(product.path, product);
    if (partPaths && partPaths.length > 0) catalogue.partPaths.set(product.path, partPaths);
  }
  return catalogue;
}

/** What every bundle holds: its FastSpring path → the paths of its products (the checkout sandbox's catalogue). */
export const listBundleContents = (db: Queryable): Promise<Map<string, string[]>> => repository.listBundlePartPaths(db);

/**
 * A person's price of a bundle by its "complete your bundle" rule (decision 054): the bundle's path, the products of it
 * they own (active licences), and what they pay for the rest in `currency`. Undefined when the product is no bundle
 * with a rule, the person owns all of it, or it is not sold in that currency.
 */
export async function priceBundleForPerson(
  db: Queryable,
  options: { bundleProductId: number; personId: number; currency: string },
): Promise<{ bundlePath: string; price: string; ownedProductIds: number[]; ownedPaths: string[] } | undefined> {
  const bundle = await findProductById(db, options.bundleProductId);
  const rule = bundle && (await repository.findBundleRule(db, bundle.id));
  const partIds = bundle ? ((await repository.listPartsOfBundles(db, [bundle.id])).get(bundle.id) ?? []) : [];
  if (!bundle || !rule || partIds.length === 0) return undefined;
  const parts = await findProducts(db, partIds);
  const ownedProductIds = await repository.listOwnedProducts(db, options.personId, partIds);
  if (ownedProductIds.length === parts.length) return undefined;
  const price = completeBundlePrice({
    rule: { rule: rule.rule, prices: rule.prices, ownedPrices: rule.owned_prices },
    currency: options.currency,
    parts: parts.map((part) => ({ productId: part.id, price: Number(part.price) })),
    ownedProductIds: new Set(ownedProductIds),
  });
  if (price === undefined) return undefined;
  const ownedPaths = parts.filter((part) => ownedProductIds.includes(part.id)).map((part) => part.path);
  return { bundlePath: bundle.path, price, ownedProductIds, ownedPaths };
}

/**
 * The bundles a person owns some of (of one bundle product when given), each with what it holds, what they own and
 * their price per currency by its rule (decision 056); an owner of all of it gets it as complete, with no price.
 */
export async function listBundlesOwnedInPart(
  db: Queryable,
  options: { personId: number; bundleProductId?: number },
): Promise<CustomerBundle[]> {
  const rows = (await repository.listBundles(db)).filter(
    (row) => options.bundleProductId === undefined || row.bundle_product_id === options.bundleProductId,
  );
  const bundles: CustomerBundle[] = [];
  for (const row of rows) {
    const bundle = await findProductById(db, row.bundle_product_id);
    const parts = await findProducts(db, row.part_product_ids);
    const owned = new Set(await repository.listOwnedProducts(db, options.personId, row.part_product_ids));
    if (!bundle || owned.size === 0) continue;
    const isComplete = parts.every((part) => owned.has(part.id));
    const rule = { rule: row.rule, prices: row.prices, ownedPrices: row.owned_prices };
    const prices = isComplete
      ? {}
      : Object.fromEntries(
          Object.keys(row.prices).flatMap((currency) => {
            const priced = parts.map((part) => ({ productId: part.id, price: Number(part.price) }));
            const price = completeBundlePrice({ rule, currency, parts: priced, ownedProductIds: owned });
            return price === undefined ? [] : [[currency, price]];
          }),
        );
    bundles.push({
      bundleProductId: bundle.id,
      bundleName: bundle.name,
      bundlePath: bundle.path,
      normalPrices: row.prices,
      prices,
      isComplete,
      products: parts.map((part) => ({ productId: part.id, name: part.name, isOwned: owned.has(part.id) })),
    });
  }
  return bundles;
}
