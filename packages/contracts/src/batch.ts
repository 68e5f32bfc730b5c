import { z } from 'zod';

/** A distributor's batch of activation codes (GET /order/unassigned/batches). */
export const activationBatch = z.object({
  batchNumber: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  distributorName: z.string(),
  creationDate: z.string(),
  codes: z.number().int(),
  redeemed: z.number().int(),
  voided: z.number().int(),
});
export type ActivationBatch = z.infer<typeof activationBatch>;
export const activationBatchList = z.array(activationBatch);

/** A code of a batch and its redemption: who, and when. */
export const batchCode = z.object({
  id: z.number().int(),
  activationKey: z.string(),
  redeemedAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  orderId: z.number().int().nullable(),
  personId: z.number().int().nullable(),
  personEmail: z.string().nullable(),
  personName: z.string().nullable(),
});
export type BatchCode = z.infer<typeof batchCode>;
export const batchCodeList = z.array(batchCode);

export const voidBatchResponse = z.object({ voided: z.number().int() });
