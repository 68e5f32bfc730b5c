import type { ActivationBatch, BatchCode } from '@store/contracts/batch';
import { withTransaction, type Db } from '../../db/client.js';
import { csvLine } from '../../lib/csv.js';
import { notFound } from '../../lib/app-error.js';
import { recordAudit } from '../audit/index.js';
import * as repository from './batch.repository.js';

/** Every batch with its product, distributor and counts of codes, redeemed and voided. */
export const listBatches = (db: Db): Promise<ActivationBatch[]> => repository.listBatches(db);

async function requireBatch(db: Db, batchNumber: number): Promise<ActivationBatch> {
  const batch = await repository.findBatch(db, batchNumber);
  if (!batch) throw notFound(`There is no batch ${batchNumber}.`);
  return batch;
}

/** A batch's codes with their redemptions (who, when) or voiding. */
export async function getBatchCodes(options: { db: Db; batchNumber: number }): Promise<BatchCode[]> {
  await requireBatch(options.db, options.batchNumber);
  return repository.listCodesOfBatch(options.db, options.batchNumber);
}

/** The batch as a spreadsheet for the distributor and the books: every code, its status and its redemption. */
export async function getBatchCsv(options: { db: Db; batchNumber: number }): Promise<{ productName: string; csv: string }> {
  const batch = await requireBatch(options.db, options.batchNumber);
  const codes = await repository.listCodesOfBatch(options.db, options.batchNumber);
  const status = (code: BatchCode) => (code.redeemedAt ? 'redeemed' : code.voidedAt ? 'voided' : 'open');
  const lines = codes.map((code) =>
    csvLine([
      code.activationKey,
      batch.batchNumber,
      batch.productName,
      batch.distributorName,
      status(code),
      code.redeemedAt,
      code.personEmail,
      code.voidedAt,
    ]),
  );
  return {
    productName: batch.productName,
    csv: csvLine(['Activation code', 'Batch', 'Product', 'Distributor', 'Status', 'Redeemed', 'Redeemed by', 'Voided']) + lines.join(''),
  };
}

/** Voids the batch's unredeemed codes (they redeem no more; redeemed ones stay licences); answers how many. */
export async function voidBatch(options: { db: Db; actor: string; batchNumber: number }): Promise<{ voided: number }> {
  const batch = await requireBatch(options.db, options.batchNumber);
  return withTransaction(options.db, async (client) => {
    const voided = await repository.voidOpenCodesOfBatch(client, options.batchNumber);
    // No open code left (all redeemed, or voided before): nothing changed, so nothing is audited.
    if (voided === 0) return { voided };
    await recordAudit(client, {
      actor: options.actor,
      action: 'void',
      entity: 'activation-batch',
      entityId: options.batchNumber,
      after: { productName: batch.productName, distributorName: batch.distributorName, voided },
    });
    return { voided };
  });
}
