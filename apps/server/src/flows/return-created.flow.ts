import type { PoolClient } from 'pg';
import {
  describeReturn,
  findWaitingReturnsOfOrder,
  mailRefundToPayer,
  orderTimeOf,
  recordReturn,
  refundAmountsOfPurchase,
  refundLicencesOfRecordedReturns,
  refundReturnedLicences,
  resolveWebhookEvent,
  returnCreatedData,
  startReturn,
  transferFeeRefundOf,
  type ReturnCreatedData,
  type ReturnOutcome,
  type WebhookEvent,
} from '../modules/checkout/index.js';
import { deleteDevicesOfLicences } from '../modules/device/index.js';
import { emitWebhookEvent } from '../modules/outbound-webhook/index.js';
import { refundTransferFee } from '../modules/transfer/index.js';

/**
 * `return.created` (decision 014) inside the event's transaction, in the order its steps run: the purchase locked
 * and the return checked (done before, or of a purchase never seen); the returned licences refunded and their
 * computers removed; amount refunds spread over the licences kept (decision 029); a paid transfer's fee given back;
 * the return kept with what it revoked; the outbound `order.refunded` event; the payer's mail, once per return.
 * A returned line with a quantity revokes that many licences of its item, a return without items the whole
 * purchase, an amount-only return none. Units it could not revoke yet, and amounts it could not refund yet (their
 * item waits for an administrator's mapping), are revoked and refunded when issued (`refundRecordedReturnsFlow`).
 * Decision 063 for this flow.
 */
export async function returnCreatedFlow(
  client: PoolClient,
  event: WebhookEvent,
  data: ReturnCreatedData,
  siteUrl: string,
): Promise<ReturnOutcome> {
  const start = await startReturn(client, event, data);
  if (start.kind === 'settled') return start.outcome;
  const { providerOrderId, returnId, hasOrders } = start;
  // The money counts on the day the return was made, not the day it is processed (decision 106).
  const returnedAt = orderTimeOf(data, event.created);
  const refunded = await refundReturnedLicences(client, providerOrderId, { data, refundedAt: returnedAt });
  await deleteDevicesOfLicences(client, refunded.orderIds);
  const owedAmountLines = await refundAmountsOfPurchase(client, providerOrderId, { lines: data.items ?? [], refundedAt: returnedAt });
  const fee = transferFeeRefundOf(data);
  if (fee) await refundTransferFee(client, providerOrderId, { ...fee, refundedAt: returnedAt });
  const { isPartial, orderIds } = refunded;
  const record = { returnId, providerOrderId, data, returnedAt, isPartial, revokedOrderIds: orderIds, owedAmountLines };
  const isRecorded = await recordReturn(client, record);
  await emitWebhookEvent(client, { type: 'order.refunded', data: { providerOrderId, returnId, isPartial, revokedLicenceIds: orderIds } });
  if (isRecorded) await mailRefundToPayer(client, { providerOrderId, data, revokedOrderIds: orderIds, siteUrl });
  return describeReturn(client, { providerOrderId, data, hasOrders, ...refunded, owedAmountLines });
}

/** Returns that came before their purchase are carried out now that it is in (webhooks can be delayed). */
export async function settleWaitingReturnsFlow(client: PoolClient, providerOrderId: string, siteUrl: string): Promise<void> {
  for (const waiting of await findWaitingReturnsOfOrder(client, providerOrderId)) {
    const parsed = returnCreatedData.safeParse(waiting.data);
    if (!parsed.success) continue;
    const outcome = await returnCreatedFlow(client, waiting, parsed.data, siteUrl);
    if (!outcome.attention) await resolveWebhookEvent(client, waiting.id, { by: 'its order arrived', note: outcome.note });
  }
}

/**
 * The purchase's recorded returns carried over to licences issued after them (units revoked, their computers removed;
 * amounts refunded), each return that revoked licences now announced again as `order.refunded` with those licences
 * (decision 111): a receiver told of their issue is not left with live copies. Answers those revoked.
 */
export async function refundRecordedReturnsFlow(client: PoolClient, providerOrderId: string): Promise<number[]> {
  const returns = await refundLicencesOfRecordedReturns(client, providerOrderId);
  const revoked = returns.flatMap((refund) => refund.orderIds);
  await deleteDevicesOfLicences(client, revoked);
  for (const { returnId, isPartial, orderIds } of returns) {
    await emitWebhookEvent(client, { type: 'order.refunded', data: { providerOrderId, returnId, isPartial, revokedLicenceIds: orderIds } });
  }
  return revoked;
}
