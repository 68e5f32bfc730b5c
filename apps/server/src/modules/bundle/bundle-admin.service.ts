import type { Bundle, BundleSaveRequest } from '@store/contracts/bundle';
import { withTransaction, type Db, type Queryable } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { bindDependencies } from '../../lib/service-object.js';
import { recordAudit } from '../audit/index.js';
import { findProductById, saveBundleProduct, type ProductCache } from '../product/index.js';
import * as repository from './bundle.repository.js';

type BundleRow = repository.BundleRuleRow & { part_product_ids: number[]; name: string; path: string };

const toBundle = (row: BundleRow): Bundle => ({
  bundleProductId: row.bundle_product_id,
  name: row.name,
  path: row.path,
  partProductIds: row.part_product_ids,
  rule: row.rule,
  prices: row.prices,
  ownedPrices: row.owned_prices,
});

/** What the audit keeps of a bundle: its contents and rule (its name and path are the product's, audited with it). */
const auditView = (row: BundleRow) => ({
  bundleProductId: row.bundle_product_id,
  partProductIds: row.part_product_ids,
  rule: row.rule,
  prices: row.prices,
  ownedPrices: row.owned_prices,
});

/** Every bundle with the name and path of the product it sells as (from the product module), by name. */
async function readBundles(db: Queryable): Promise<BundleRow[]> {
  const bundles: BundleRow[] = [];
  // One after the other: `db` may be a transaction's client, which runs one statement at a time.
  for (const row of await repository.listBundles(db)) {
    const product = await findProductById(db, row.bundle_product_id);
    bundles.push({ ...row, name: product?.name ?? '', path: product?.path ?? '' });
  }
  return bundles.sort((a, b) => a.name.localeCompare(b.name) || a.bundle_product_id - b.bundle_product_id);
}

const findBundle = async (db: Queryable, bundleProductId: number) =>
  (await readBundles(db)).find((row) => row.bundle_product_id === bundleProductId);

/** The administrator's bundles (decision 054), with the name and path each sells under. */
async function listBundles(options: { db: Db }): Promise<Bundle[]> {
  return (await readBundles(options.db)).map(toBundle);
}

/**
 * Sets what a bundle holds and its "complete your bundle" rule, and the name and path of the product it sells as
 * (created for bundle product 0; decision 057), each change audited in the same transaction.
 */
async function saveBundle(options: { db: Db; actor: string; bundle: BundleSaveRequest }): Promise<Bundle> {
  const { bundle, actor } = options;
  const partProductIds = [...new Set(bundle.partProductIds)].sort((a, b) => a - b);
  if (bundle.bundleProductId > 0 && partProductIds.includes(bundle.bundleProductId)) throw badRequest('A bundle cannot hold itself');
  return withTransaction(options.db, async (client) => {
    for (const id of partProductIds) if (!(await findProductById(client, id))) throw badRequest('Product not found');
    const product = await saveBundleProduct(client, {
      actor,
      id: bundle.bundleProductId,
      name: bundle.name,
      path: bundle.path,
      price: shopPriceOf(bundle.prices),
    });
    const before = await findBundle(client, product.id);
    await repository.replaceBundleParts(client, product.id, partProductIds);
    await repository.upsertBundleRule(client, {
      bundle_product_id: product.id,
      rule: bundle.rule,
      prices: bundle.prices,
      owned_prices: bundle.ownedPrices,
    });
    const saved = (await findBundle(client, product.id))!;
    await recordAudit(client, {
      actor,
      action: before ? 'update' : 'create',
      entity: 'bundle',
      entityId: product.id,
      before: before && auditView(before),
      after: auditView(saved),
    });
    return toBundle(saved);
  });
}

/** A new bundle product's shop price: the bundle's in US dollars, else in its first currency. */
const shopPriceOf = (prices: Record<string, string>) => prices.USD ?? Object.values(prices)[0] ?? '0';

/** Makes a product no bundle again, audited. */
async function deleteBundle(options: { db: Db; actor: string; bundleProductId: number }): Promise<void> {
  await withTransaction(options.db, async (client) => {
    const before = await findBundle(client, options.bundleProductId);
    if (!before) throw notFound('Bundle not found');
    await repository.deleteBundle(client, options.bundleProductId);
    await recordAudit(client, {
      actor: options.actor,
      action: 'delete',
      entity: 'bundle',
      entityId: options.bundleProductId,
      before: auditView(before),
    });
  });
}

/**
 * The bundle module's service, built once by `buildApp` with its database and the product cache (decision 067): the
 * administrator's bundles. A save may create or rename the bundle's product (decision 057), so this process's
 * product cache forgets it at once.
 */
export function createBundleService(deps: { db: Db; productCache: ProductCache }) {
  const { db, productCache } = deps;
  return {
    ...bindDependencies({ db }, { listBundles, deleteBundle }),
    saveBundle: async (options: { actor: string; bundle: BundleSaveRequest }): Promise<Bundle> => {
      const saved = await saveBundle({ db, ...options });
      productCache.clear();
      return saved;
    },
  };
}
export type BundleService = ReturnType<typeof createBundleService>;
