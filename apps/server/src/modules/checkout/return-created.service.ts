import { LICENSE_TRANSFER_PRODUCT } from '@store/contracts/constants';
import { normalizeProductPath } from '@store/contracts/product-path';
import type { PoolClient } from 'pg';
import { splitAmount, sumAmounts } from '../../lib/money.js';
import { deleteDevicesOfLicences } from '../device/index.js';
import { emitWebhookEvent } from '../outbound-webhook/index.js';
import { refundTransferFee } from '../transfer/index.js';
import { refundMail } from '../../mail/customer-templates.js';
import { enqueueMail } from '../../mail/outbox.js';
import {
  addRevokedOrders,
  findPayerOfPurchase,
  findWaitingReturnsOfOrder,
  isReturnCarriedOut,
  listUnitRefundsOfPurchase,
  lockPurchase,
  recordProviderRefund,
  resolveWebhookEvent,
} from './provider-order.repository.js';
import { bundlePathOf } from './bundle-items.js';
import { returnCreatedData, type ReturnCreatedData, type WebhookEvent } from './webhook-payload.js';
import {
  addRefundedAmounts,
  countLicencesByPath,
  hasOrdersOfPurchase,
  isOrderCompletedProcessed,
  isOrderCompletedWaiting,
  listActiveLicencesOfItem,
  listBundleItemsOfPurchase,
  listLicenceProducts,
  markOrdersOfPurchaseRefunded,
} from './webhook.repository.js';

/** What became of a return: a note for the log, and why it needs a person (accepted, not retried). */
type ReturnOutcome = { note: string | null; attention?: string };
type ReturnedItem = {
  product: string;
  quantity?: number | null;
  refundType?: string | null;
  subtotal?: number | null;
  driver?: { type?: string | null; path?: string | null } | null;
};
type ReturnedUnits = { path: string; quantity: number };

/** A returned line that refunds an amount only (FastSpring: quantity 0, refundType "Partial Refund"). */
const isPartialLine = (item: ReturnedItem) => item.quantity === 0 || /partial/i.test(item.refundType ?? '');

/**
 * The units a return's full lines return, per licence item as issued (in lower case): a product's path, or for a
 * bundle (decision 054) each `{bundle}/{product}` it issued, once per returned unit of the bundle; a returned part of
 * a bundle (its `driver` names the bundle) is its own `{bundle}/{product}`.
 */
async function returnedUnitsOf(client: PoolClient, providerOrderId: string, items: readonly ReturnedItem[]): Promise<ReturnedUnits[]> {
  const bundleItems = await listBundleItemsOfPurchase(client, providerOrderId);
  const quantities = new Map<string, number>();
  for (const item of items.filter((line) => !isPartialLine(line))) {
    const path = normalizeProductPath(item.product);
    const bundlePath = bundlePathOf(item);
    const licenceItems = bundlePath !== undefined ? [`${bundlePath}/${path}`] : (bundleItems.get(path) ?? [path]);
    for (const licenceItem of licenceItems) quantities.set(licenceItem, (quantities.get(licenceItem) ?? 0) + (item.quantity ?? 1));
  }
  return [...quantities].map(([path, quantity]) => ({ path, quantity }));
}

/** The returned units that `revokedOrderIds` does not cover yet (no active licence of them when the return came). */
async function owedUnitsOf(client: PoolClient, returned: readonly ReturnedUnits[], revokedOrderIds: readonly number[]) {
  const revoked = await countLicencesByPath(client, revokedOrderIds);
  return returned
    .map((line) => ({ path: line.path, quantity: line.quantity - (revoked.get(line.path) ?? 0) }))
    .filter((line) => line.quantity > 0);
}

/** Revokes active licences of a purchase (all, or `returned`'s units): state refunded, devices deleted. Answers their ids. */
async function refundOrdersOfPurchase(client: PoolClient, providerOrderId: string, returned?: readonly ReturnedUnits[]): Promise<number[]> {
  const orderIds = await markOrdersOfPurchaseRefunded(client, providerOrderId, returned);
  await deleteDevicesOfLicences(client, orderIds);
  return orderIds;
}

/**
 * Amount refunds (decision 029): each line's `subtotal` spread over the active licences of its item, to the minor unit
 * with the remainder on the first, added to what was refunded of them. Run after the returned units are revoked, so it
 * goes to the licences the customer keeps.
 */
async function refundAmountsOfPurchase(client: PoolClient, providerOrderId: string, lines: readonly ReturnedItem[]): Promise<void> {
  for (const line of lines.filter(isPartialLine)) {
    const path = normalizeProductPath(line.product);
    if (typeof line.subtotal !== 'number' || path === LICENSE_TRANSFER_PRODUCT) continue;
    const licences = await listActiveLicencesOfItem(client, providerOrderId, path);
    if (licences.length === 0) continue;
    const shares = splitAmount(line.subtotal, licences.length, licences[0]!.currency ?? '');
    await addRefundedAmounts(
      client,
      licences.map((licence) => licence.id),
      shares,
    );
  }
}

/**
 * A paid transfer's fee given back (decision 029): the whole fee for a return without lines or of the
 * `licensetransfer` unit, else its amount lines. Nothing for an order that paid no transfer.
 */
async function refundTransferFeeOfPurchase(client: PoolClient, providerOrderId: string, data: ReturnCreatedData): Promise<void> {
  const lines = data.items ?? [];
  const feeLines = lines.filter((line) => normalizeProductPath(line.product) === LICENSE_TRANSFER_PRODUCT);
  const isWhole = lines.length === 0 || feeLines.some((line) => !isPartialLine(line));
  const amount = sumAmounts(
    feeLines.filter(isPartialLine).flatMap((line) => (typeof line.subtotal === 'number' ? [line.subtotal] : [])),
    data.currency ?? '',
  );
  if (isWhole || Number(amount) !== 0) await refundTransferFee(client, providerOrderId, { isWhole, amount });
}

/**
 * Tells the payer of a purchase what a return refunded and which licences ended with it (decision 053). Once per
 * return: it runs only when the return was first recorded. A purchase recorded without its payer mails nobody.
 */
async function mailRefundToPayer(
  client: PoolClient,
  refund: { providerOrderId: string; data: ReturnCreatedData; revokedOrderIds: readonly number[]; siteUrl: string },
): Promise<void> {
  const payer = await findPayerOfPurchase(client, refund.providerOrderId);
  if (!payer?.buyer_email) return;
  const orderReference = payer.reference ?? refund.data.original.reference ?? refund.providerOrderId;
  const amount = typeof refund.data.totalReturn === 'number' ? refund.data.totalReturn : null;
  const mail = refundMail({
    to: payer.buyer_email,
    customerName: '',
    orderReference,
    amount,
    currency: refund.data.currency ?? payer.currency ?? '',
    endedLicences: await listLicenceProducts(client, refund.revokedOrderIds),
    siteUrl: refund.siteUrl,
  });
  await enqueueMail(client, mail);
}

/**
 * `return.created` (decision 014): a returned line with a quantity revokes that many licences of its product (the
 * last issued first: state refunded, devices deleted), matched by the path recorded on each licence (`{path}#{n}`),
 * not by the product's path today (decision 026); a return without items revokes the whole purchase. A partial
 * (amount) refund keeps the licences; its amount is recorded on them, and a paid transfer's refund on the transfer
 * (decision 029). Every return is kept with what it revoked, and only that
 * record makes it done: a resend (same return id, any event id) changes nothing, and a copy waiting in "needs
 * attention" never stands for it. Units it could not revoke yet (their item waits for an administrator's mapping)
 * are revoked when issued (applyRecordedRefunds). A return of a purchase the server never saw needs attention.
 */
export async function revokePurchase(
  client: PoolClient,
  event: WebhookEvent,
  data: ReturnCreatedData,
  siteUrl: string,
): Promise<ReturnOutcome> {
  const providerOrderId = data.original.id ?? data.original.order;
  if (!providerOrderId) return { note: 'the return names no original order', attention: 'the return names no original order' };
  const returnId = data.return ?? event.id;
  await lockPurchase(client, providerOrderId);
  if (await isReturnCarriedOut(client, returnId)) return { note: 'return already processed' };
  // The purchase's licences stay its licences below: refunding changes their state, not which there are.
  const hasOrders = await hasOrdersOfPurchase(client, providerOrderId);
  if (!hasOrders && !(await isOrderCompletedProcessed(client, providerOrderId))) {
    const reason = `return of the purchase ${providerOrderId}, which the server never saw: replay it once the order is in`;
    return { note: reason, attention: reason };
  }
  const lines = data.items ?? [];
  const returned = lines.length > 0 ? await returnedUnitsOf(client, providerOrderId, lines) : undefined;
  const isPartial = returned !== undefined && returned.length === 0;
  const orderIds = isPartial ? [] : await refundOrdersOfPurchase(client, providerOrderId, returned);
  await refundAmountsOfPurchase(client, providerOrderId, lines);
  await refundTransferFeeOfPurchase(client, providerOrderId, data);
  const isRecorded = await recordProviderRefund(client, { returnId, providerOrderId, data, isPartial, revokedOrderIds: orderIds });
  await emitWebhookEvent(client, { type: 'order.refunded', data: { providerOrderId, returnId, isPartial, revokedLicenceIds: orderIds } });
  if (isRecorded) await mailRefundToPayer(client, { providerOrderId, data, revokedOrderIds: orderIds, siteUrl });
  if (isPartial) return { note: 'partial refund: the licences are kept' };

  const partialNote = lines.some(isPartialLine) ? 'partial refund lines kept their licences' : '';
  const waitingNote = async () =>
    (await isOrderCompletedWaiting(client, providerOrderId)) ? 'its order needs attention: licences issued later are revoked then' : '';
  if (orderIds.length > 0) {
    const owed = returned ? await owedUnitsOf(client, returned, orderIds) : [];
    const owedNote =
      owed.length > 0
        ? `${owed.map((line) => `${line.path} ×${line.quantity}`).join(', ')} had no active licence: revoked if issued later`
        : '';
    const details = [partialNote, owedNote || (await waitingNote())].filter(Boolean);
    return { note: details.length > 0 ? [`revoked ${orderIds.length}`, ...details].join('; ') : null };
  }
  const outcome = hasOrders ? ['no active licence of the returned items left to revoke', partialNote] : ['the purchase made no licences'];
  return { note: [...outcome, await waitingNote()].filter(Boolean).join('; ') };
}

/**
 * Carries the purchase's recorded returns over to licences issued after them (an item an administrator mapped and
 * replayed later): each return revokes the units it returned and could not revoke then, a return without items
 * every licence. Answers the licences revoked.
 */
export async function applyRecordedRefunds(client: PoolClient, providerOrderId: string): Promise<number[]> {
  const revoked: number[] = [];
  for (const refund of await listUnitRefundsOfPurchase(client, providerOrderId)) {
    const returned = refund.items.length > 0 ? await returnedUnitsOf(client, providerOrderId, refund.items) : undefined;
    const owed = returned ? await owedUnitsOf(client, returned, refund.revokedOrderIds) : undefined;
    if (owed?.length === 0) continue;
    const orderIds = await refundOrdersOfPurchase(client, providerOrderId, owed);
    if (orderIds.length === 0) continue;
    await addRevokedOrders(client, refund.returnId, orderIds);
    revoked.push(...orderIds);
  }
  return revoked;
}

/** Returns that came before their purchase are carried out now that it is in (webhooks can be delayed). */
export async function settleWaitingReturns(client: PoolClient, providerOrderId: string, siteUrl: string): Promise<void> {
  for (const waiting of await findWaitingReturnsOfOrder(client, providerOrderId)) {
    const parsed = returnCreatedData.safeParse(waiting.data);
    if (!parsed.success) continue;
    const outcome = await revokePurchase(client, waiting, parsed.data, siteUrl);
    if (!outcome.attention) await resolveWebhookEvent(client, waiting.id, { by: 'its order arrived', note: outcome.note });
  }
}
