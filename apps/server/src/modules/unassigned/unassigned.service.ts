import type { ListQuery, Paged } from '@store/contracts/list';
import type { UnassignedCreateRequest, UnassignedOrder } from '@store/contracts/order';
import { withTransaction, type Db, type Queryable } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import type { PlainList } from '../../lib/list-request.js';
import { recordAudit } from '../audit/index.js';
import { findProductByName, isBundleProduct } from '../product/index.js';
import * as repository from './unassigned.repository.js';
import { bindDependencies } from '../../lib/service-object.js';
import { getBatchCodes, getBatchCsv, listBatches, voidBatch } from './batch.service.js';

/** Creates a numbered batch of activation codes for a product and a distributor. */
async function createBatch(options: {
  db: Db;
  actor: string;
  request: UnassignedCreateRequest;
}): Promise<{ batchNumber: number; count: number }> {
  const { db, actor, request } = options;
  const product = await findProductByName(db, request.ProductName);
  if (!product) throw badRequest(`ProductName: There is no product named ${request.ProductName}.`);
  // A code is redeemed for one licence of its product; a bundle has none of its own (decision 104).
  if (await isBundleProduct(db, product.id)) {
    throw badRequest(`ProductName: ${product.name} is a bundle: make a batch for each of its products.`);
  }
  return withTransaction(db, async (client) => {
    const batch = await repository.insertBatch(client, {
      productId: product.id,
      distributorName: request.DistributorName,
      count: request.NumberOfOrders,
    });
    await recordAudit(client, {
      actor,
      action: 'create',
      entity: 'activation-batch',
      entityId: batch.batchNumber,
      after: { productId: product.id, productName: product.name, distributorName: request.DistributorName, count: batch.count },
    });
    return batch;
  });
}

/** The name of the product a batch is for; its download is saved as `{product}.txt`. */
async function getProductNameOfBatch(options: { db: Db; batchNumber: number }): Promise<string> {
  const name = await repository.findProductNameOfBatch(options.db, options.batchNumber);
  if (name === undefined) throw notFound(`There is no batch ${options.batchNumber}.`);
  return name;
}

/** The batch's keys as the distributor's file: one key a line. */
async function getBatchFile(options: { db: Db; batchNumber: number }): Promise<string> {
  const keys = await repository.listKeysOfBatch(options.db, options.batchNumber);
  if (keys.length === 0) throw notFound(`There is no batch ${options.batchNumber}.`);
  return `${keys.join('\n')}\n`;
}

/** Deletes an activation code that was not redeemed; a redeemed one is a licence now and stays. */
async function deleteCode(options: { db: Db; actor: string; id: number }): Promise<void> {
  await withTransaction(options.db, async (client) => {
    const result = await repository.deleteOpenCode(client, options.id);
    if (result === undefined) throw notFound('Activation code not found');
    if (result === 'redeemed') throw conflict('This activation code was redeemed and cannot be deleted.');
    await recordAudit(client, {
      actor: options.actor,
      action: 'delete',
      entity: 'activation-code',
      entityId: options.id,
      before: result,
    });
  });
}

/** The codes not redeemed yet (GET /order/unsassigned): the spec's plain array, or a page when paging is asked for. */
const listOpenCodes = (db: Db, query: ListQuery): Promise<PlainList<UnassignedOrder> | Paged<UnassignedOrder>> =>
  repository.listOpenCodes(db, query);

/** The activation codes redeemed for these licences (the customer's export, docs/PRIVACY.md). */
export const listCodesRedeemedFor = (db: Queryable, orderIds: readonly number[]) => repository.listCodesRedeemedFor(db, orderIds);

/**
 * The unassigned module's service, built once by `buildApp` with its database (decision 067): activation codes and
 * the distributors' batches.
 */
export function createUnassignedService(deps: { db: Db }) {
  const { db } = deps;
  return {
    ...bindDependencies(deps, { createBatch, getProductNameOfBatch, getBatchFile, deleteCode, getBatchCodes, getBatchCsv, voidBatch }),
    listOpenCodes: (query: ListQuery) => listOpenCodes(db, query),
    listBatches: () => listBatches(db),
  };
}
export type UnassignedService = ReturnType<typeof createUnassignedService>;
