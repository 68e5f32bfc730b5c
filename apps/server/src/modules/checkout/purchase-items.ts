import { normalizeProductPath } from '@store/contracts/product-path';
import { bundlePathOf } from './bundle-items.js';
import type { PurchaseItemRow } from './customer-orders.repository.js';

/** A purchase's line as the customer reads it: a bundle's products' lines folded into the bundle's (decision 056). */
export type PurchaseLine = Omit<PurchaseItemRow, 'driver'> & { isBundle: boolean };

const MONEY = ['subtotal', 'discount', 'tax', 'total'] as const;
const addAmounts = (a: number | null, b: number | null) =>
  a === null && b === null ? null : Math.round(((a ?? 0) + (b ?? 0)) * 100) / 100;

/**
 * The purchase's lines with each bundle once (decision 056): FastSpring sends a bundle's products as items whose `driver`
 * names the bundle, with or without the bundle's own item (decision 054). They are folded into the bundle's line (made
 * from them when the bundle's item did not come), their amounts added to it. `bundlePaths` are the bundles the purchase
 * made licences of, so a bundle sent as its own item only is a bundle too.
 */
export function purchaseLinesOf(items: readonly PurchaseItemRow[], bundlePaths: ReadonlySet<string>): PurchaseLine[] {
  const lines: PurchaseLine[] = [];
  const lineOfPath = (path: string) => lines.find((line) => normalizeProductPath(line.product) === path);
  for (const { driver, ...item } of items) {
    const bundlePath = bundlePathOf({ driver });
    if (bundlePath === undefined) {
      const existing = lineOfPath(normalizeProductPath(item.product));
      // The bundle's own item after its products: it names the line, with its quantity, and adds its amounts.
      if (existing?.isBundle) Object.assign(existing, { product: item.product, quantity: item.quantity }, sumOf(existing, item));
      else lines.push({ ...item, isBundle: bundlePaths.has(normalizeProductPath(item.product)) });
      continue;
    }
    const bundle = lineOfPath(bundlePath);
    if (!bundle) lines.push({ ...item, product: bundlePath, isBundle: true });
    else Object.assign(bundle, { isBundle: true }, sumOf(bundle, item));
  }
  return lines;
}

const sumOf = (line: PurchaseLine, item: Omit<PurchaseItemRow, 'driver'>) =>
  Object.fromEntries(MONEY.map((field) => [field, addAmounts(line[field], item[field])]));

/** The bundle a licence was issued as part of, by its item (`{bundle}/{product}#n`, decision 054); null for none. */
export const bundlePathOfLicenceItem = (providerItem: string | null): string | null =>
  providerItem?.includes('/') ? providerItem.split('/')[0]! : null;
