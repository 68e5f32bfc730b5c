import type { Bundle, BundleSaveRequest } from '@store/contracts/bundle';
import { withTransaction, type Db } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { recordAudit } from '../audit/index.js';
import { findProductById } from '../product/index.js';
import * as repository from './bundle.repository.js';

const toBundle = (row: repository.BundleRuleRow & { part_product_ids: number[] }): Bundle => ({
  bundleProductId: row.bundle_product_id,
  partProductIds: row.part_product_ids,
  rule: row.rule,
  prices: row.prices,
  ownedPrices: row.owned_prices,
});

/** The administrator's bundles (decision 054). */
export async function listBundles(options: { db: Db }): Promise<Bundle[]> {
  return (await repository.listBundles(options.db)).map(toBundle);
}

/** Sets what a bundle holds and its "complete your bundle" rule, audited in the same transaction. */
export async function saveBundle(options: { db: Db; actor: string; bundle: BundleSaveRequest }): Promise<Bundle> {
  const { bundle, actor } = options;
  const partProductIds = [...new Set(bundle.partProductIds)].sort((a, b) => a - b);
  if (partProductIds.includes(bundle.bundleProductId)) throw badRequest('A bundle cannot hold itself');
  return withTransaction(options.db, async (client) => {
    for (const id of [bundle.bundleProductId, ...partProductIds])
      if (!(await findProductById(client, id))) throw badRequest('Product not found');
    const before = (await repository.listBundles(client)).find((row) => row.bundle_product_id === bundle.bundleProductId);
    await repository.replaceBundleParts(client, bundle.bundleProductId, partProductIds);
    await repository.upsertBundleRule(client, {
      bundle_product_id: bundle.bundleProductId,
      rule: bundle.rule,
      prices: bundle.prices,
      owned_prices: bundle.ownedPrices,
    });
    const saved = (await repository.listBundles(client)).find((row) => row.bundle_product_id === bundle.bundleProductId)!;
    await recordAudit(client, {
      actor,
      action: before ? 'update' : 'create',
      entity: 'bundle',
      entityId: bundle.bundleProductId,
      before: before && toBundle(before),
      after: toBundle(saved),
    });
    return toBundle(saved);
  });
}

/** Makes a product no bundle again, audited. */
export async function deleteBundle(options: { db: Db; actor: string; bundleProductId: number }): Promise<void> {
  await withTransaction(options.db, async (client) => {
    const before = (await repository.listBundles(client)).find((row) => row.bundle_product_id === options.bundleProductId);
    if (!before) throw notFound('Bundle not found');
    await repository.deleteBundle(client, options.bundleProductId);
    await recordAudit(client, {
      actor: options.actor,
      action: 'delete',
      entity: 'bundle',
      entityId: options.bundleProductId,
      before: toBundle(before),
    });
  });
}
