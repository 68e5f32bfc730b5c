import type { PoolClient } from 'pg';
import type { Config } from '../config.js';
import { siteUrlOf } from '../mail/customer-templates.js';
import { enqueueMailAtCommit } from '../mail/outbox.js';
import { boughtOnEndedMail } from '../mail/templates.js';
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
import { listLicencesBoughtOn } from '../modules/offer/index.js';
import { emitWebhookEvent } from '../modules/outbound-webhook/index.js';
import { refundTransferFee } from '../modules/transfer/index.js';

/** What a return's mails need: the site's address for the payer's, support's address for upgrades left (decision 115). */
type ReturnMailing = Pick<Config, 'PUBLIC_URL' | 'PORT' | 'SUPPORT_EMAIL'>;

/**
 * `return.created` (decision 014) inside the event's transaction, in the order its steps run: the purchase locked
 * and the return checked (done before, or of a purchase never seen); the returned licences refunded and their
 * computers removed; amount refunds spread over the licences kept (decision 029); a paid transfer's fee given back;
 * the return kept with what it revoked; the outbound `order.refunded` event; the payer's mail, once per return; support
 * told of upgrades and crossgrades bought on a refunded licence, which stay active (decision 115).
 * A returned line with a quantity revokes that many licences of its item, a return without items the whole
 * purchase, an amount-only return none. Units it could not revoke yet, and amounts it could not refund yet (their
 * item waits for an administrator's mapping), are revoked and refunded when issued (`refundRecordedReturnsFlow`).
 * Decision 063 for this flow.
 */
export async function returnCreatedFlow(
  client: PoolClient,
  event: WebhookEvent,
  data: ReturnCreatedData,
  config: ReturnMailing,
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
  if (isRecorded) await mailRefundToPayer(client, { providerOrderId, data, revokedOrderIds: orderIds, siteUrl: siteUrlOf(config) });
  const outcome = await describeReturn(client, { providerOrderId, data, hasOrders, ...refunded, owedAmountLines });
  const boughtOn = isRecorded
    ? await tellSupportOfUpgradesLeft(client, { providerOrderId, orderIds, supportEmail: config.SUPPORT_EMAIL })
    : [];
  if (boughtOn.length === 0) return outcome;
  const note = `licence ${boughtOn.join(', ')} bought on a refunded licence stays active: support is told`;
  return { ...outcome, note: outcome.note ? `${outcome.note}; ${note}` : note };
}

/**
 * An upgrade or crossgrade bought on a licence this return refunded stays active: the vendor chose to give the money
 * back, and may have agreed to it (decision 115). Its price assumed that licence, so support is mailed to decide (revoke it in
 * the person editor, or leave it). Answers the licences named.
 */
async function tellSupportOfUpgradesLeft(
  client: PoolClient,
  refund: { providerOrderId: string; orderIds: readonly number[]; supportEmail: string },
): Promise<number[]> {
  const licences = await listLicencesBoughtOn(client, refund.orderIds);
  if (licences.length === 0) return [];
  const { providerOrderId, supportEmail } = refund;
  await enqueueMailAtCommit(client, boughtOnEndedMail({ to: supportEmail, cause: 'return', providerOrderId, revoked: [], left: licences }));
  return licences.map((licence) => licence.id);
}

/** Returns that came before their purchase are carried out now that it is in (webhooks can be delayed). */
export async function settleWaitingReturnsFlow(client: PoolClient, providerOrderId: string, config: ReturnMailing): Promise<void> {
  for (const waiting of await findWaitingReturnsOfOrder(client, providerOrderId)) {
    const parsed = returnCreatedData.safeParse(waiting.data);
    if (!parsed.success) continue;
    const outcome = await returnCreatedFlow(client, waiting, parsed.data, config);
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
