import { normalizeProductPath } from '@store/contracts/product-path';
import type { Queryable } from '../../db/client.js';
import { splitAmount } from '../../lib/money.js';
import { findCatalogueOfPaths, type CatalogueOfPaths } from '../bundle/index.js';
import type { OrderCompletedData } from './webhook-payload.js';

/** A licence of the order: its product path, its provider item and what was paid for it (null: not stated). */
export type LicenceItem = { path: string; providerItem: string; amount: string | null };
type Item = OrderCompletedData['items'][number];

/** The bundle an item was sold as part of (FastSpring: `driver: {type: "bundle", path}`), or undefined. */
export const bundlePathOf = (item: { driver?: { type?: string | null; path?: string | null } | null }): string | undefined =>
  item.driver?.type === 'bundle' && item.driver.path ? normalizeProductPath(item.driver.path) : undefined;

/**
 * One licence per unit: `spacey#0`, `spacey#1`, … numbered per product path (as FastSpring sent it, in lower case)
 * across the order's items. The licence keeps that path, so a return of the item finds it even after the product's
 * path changed. Each carries its share of its item's `subtotal` (after discounts, before tax) in the order's
 * `currency`, split to the minor unit with the remainder on the first licences (decision 029); an item without a
 * subtotal, or an order without a currency, records none.
 */
export function licenceItemsOf(items: readonly Item[], currency: string | null = null): LicenceItem[] {
  const counters = new Map<string, number>();
  return items.flatMap((item) => {
    const path = normalizeProductPath(item.product);
    const quantity = item.quantity ?? 1;
    const amounts = currency !== null && typeof item.subtotal === 'number' ? splitAmount(item.subtotal, quantity, currency) : [];
    return Array.from({ length: quantity }, (_, unit) => {
      const index = counters.get(path) ?? 0;
      counters.set(path, index + 1);
      return { path, providerItem: `${path}#${index}`, amount: amounts[unit] ?? null };
    });
  });
}

/**
 * What the order's items name in the catalogue: the products of their paths and of their bundles' `driver.path`,
 * each bundle's contents, and the products those hold. One query; the steps below read it instead of the database.
 */
export function readOrderCatalogue(db: Queryable, items: readonly Item[]): Promise<CatalogueOfPaths> {
  const paths = items.flatMap((item) => {
    const bundlePath = bundlePathOf(item);
    return bundlePath === undefined ? [normalizeProductPath(item.product)] : [normalizeProductPath(item.product), bundlePath];
  });
  return findCatalogueOfPaths(db, paths);
}

/**
 * The order's licences with its bundles opened (decision 054). FastSpring lists a bundle's products as items of their
 * own whose `driver` names the bundle; whether the bundle's own item comes too is not documented, so both shapes are
 * read alike: a bundle (an item whose product holds others, or the `driver.path` of parts) issues one licence per
 * product it holds per unit, never one of itself, and never one twice (the parts that came, or else the bundle's
 * contents in the catalogue). Its licences are `{bundle}/{product}#{n}`, so a return of the bundle finds them, and
 * they share what the bundle's items were paid in all (bundle item and parts) to the minor unit.
 */
export function orderLicenceItemsOf(
  catalogue: CatalogueOfPaths,
  items: readonly Item[],
  currency: string | null,
  /** A bundle's products the buyer owned (a "complete your bundle" quote, decision 054): no licence of them. */
  owned?: { bundlePath: string; paths: readonly string[] },
): LicenceItem[] {
  const { plain, bundles } = openBundles(catalogue, items);
  const bundled: LicenceItem[] = [];
  for (const [bundlePath, { item, parts }] of bundles) {
    const quantity = item?.quantity ?? Math.max(1, ...parts.map((part) => part.quantity ?? 1));
    const partUnits =
      parts.length > 0
        ? parts.map((part) => ({ path: normalizeProductPath(part.product), quantity: part.quantity ?? 1 }))
        : (catalogue.partPaths.get(bundlePath) ?? []).map((path) => ({ path, quantity }));
    const counters = new Map<string, number>();
    const isOwned = (path: string) => owned?.bundlePath === bundlePath && owned.paths.includes(path);
    const units = partUnits
      .filter((part) => !isOwned(part.path))
      .flatMap((part) =>
        Array.from({ length: part.quantity }, () => {
          const index = counters.get(part.path) ?? 0;
          counters.set(part.path, index + 1);
          return { path: part.path, index };
        }),
      );
    const paid = [item, ...parts].flatMap((line) => (typeof line?.subtotal === 'number' ? [line.subtotal] : []));
    const total = paid.reduce((sum, amount) => sum + amount, 0);
    const amounts = currency !== null && paid.length > 0 ? splitAmount(total, units.length, currency) : [];
    units.forEach((unit, position) =>
      bundled.push({ path: unit.path, providerItem: `${bundlePath}/${unit.path}#${unit.index}`, amount: amounts[position] ?? null }),
    );
  }
  return [...licenceItemsOf(plain, currency), ...bundled];
}

type BundleGroup = { item?: Item; parts: Item[] };

/** The order's items apart from its bundles, and its bundles (by path) with their own item and their products' items. */
function openBundles(catalogue: CatalogueOfPaths, items: readonly Item[]): { plain: Item[]; bundles: Map<string, BundleGroup> } {
  const bundles = new Map<string, BundleGroup>();
  const plain: Item[] = [];
  for (const item of items) {
    const bundlePath = bundlePathOf(item);
    if (bundlePath !== undefined) {
      bundles.set(bundlePath, { ...bundles.get(bundlePath), parts: [...(bundles.get(bundlePath)?.parts ?? []), item] });
      continue;
    }
    const path = normalizeProductPath(item.product);
    // Unknown paths stay plain items: the caller reports them.
    const isBundle = bundles.has(path) || catalogue.partPaths.has(path);
    if (isBundle) bundles.set(path, { parts: bundles.get(path)?.parts ?? [], item });
    else plain.push(item);
  }
  return { plain, bundles };
}

/**
 * The order's lines as a quote's check reads them: each item apart from bundles, and each bundle once with its
 * quantity and what its items were paid in all (undefined when none says).
 */
export function orderLinesOf(
  catalogue: CatalogueOfPaths,
  items: readonly Item[],
): { path: string; quantity: number; paid: number | undefined }[] {
  const { plain, bundles } = openBundles(catalogue, items);
  const paidOf = (lines: readonly (Item | undefined)[]) => {
    const amounts = lines.flatMap((line) => (typeof line?.subtotal === 'number' ? [line.subtotal] : []));
    return amounts.length > 0 ? amounts.reduce((sum, amount) => sum + amount, 0) : undefined;
  };
  return [
    ...plain.map((item) => ({ path: normalizeProductPath(item.product), quantity: item.quantity ?? 1, paid: paidOf([item]) })),
    ...[...bundles].map(([path, { item, parts }]) => ({
      path,
      quantity: item?.quantity ?? Math.max(1, ...parts.map((part) => part.quantity ?? 1)),
      paid: paidOf([item, ...parts]),
    })),
  ];
}
