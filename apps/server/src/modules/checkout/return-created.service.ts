import { LICENSE_TRANSFER_PRODUCT } from '@store/contracts/constants';
import { normalizeProductPath } from '@store/contracts/product-path';
import type { PoolClient } from 'pg';
import { splitAmount, sumAmounts } from '../../lib/money.js';
import { refundMail } from '../../mail/customer-templates.js';
import { enqueueMail } from '../../mail/outbox.js';
import { findPayerOfPurchase, lockPurchase } from './provider-order.repository.js';
import {
  addRevokedOrders,
  isReturnCarriedOut,
  listRefundsToCarryOver,
  recordProviderRefund,
  settleOwedAmountLines,
  type RecordedRefund,
  type ReturnRecord,
} from './provider-refund.repository.js';
import { bundlePathOf } from './bundle-items.js';
import type { ReturnCreatedData, WebhookEvent } from './webhook-payload.js';
import {
  countLicencesByPath,
  hasOrdersOfPurchase,
  isOrderCompletedProcessed,
  isOrderCompletedWaiting,
  listBundleItemsOfPurchase,
  listLicenceProducts,
} from './webhook.repository.js';
import { addRefundedAmounts, listActiveLicencesOfItem, markOrdersOfPurchaseRefunded } from './licence-money.repository.js';

/** What became of a return: a note for the log, and why it needs a person (accepted, not retried). */
export type ReturnOutcome = { note: string | null; attention?: string };
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

/**
 * Amount refunds (decision 029): each line's `subtotal` spread over the licences of its item a return has not given
 * back (active ones, and those ended by erasure or revoked: decision 080), to the minor unit with the remainder on the
 * first, added to what was refunded of them; a bundle's product (its `driver` names the bundle, decision 054) over its
 * licences of that bundle only. Run after the returned units are revoked, so it goes to the licences the customer
 * keeps. Answers the indexes of the lines that found no licence (their item waits for a mapping): the return keeps
 * them owed, and they are refunded when licences of the item are issued (`refundLicencesOfRecordedReturns`).
 */
export async function refundAmountsOfPurchase(
  client: PoolClient,
  providerOrderId: string,
  refund: { lines: readonly ReturnedItem[]; refundedAt: Date },
): Promise<number[]> {
  const { lines, refundedAt } = refund;
  const owed: number[] = [];
  for (const [index, line] of lines.entries()) {
    const path = normalizeProductPath(line.product);
    if (!isPartialLine(line) || typeof line.subtotal !== 'number' || path === LICENSE_TRANSFER_PRODUCT) continue;
    const bundlePath = bundlePathOf(line);
    const licences = await listActiveLicencesOfItem(client, providerOrderId, bundlePath === undefined ? path : `${bundlePath}/${path}`);
    if (licences.length === 0) {
      owed.push(index);
      continue;
    }
    const shares = splitAmount(line.subtotal, licences.length, licences[0]!.currency ?? '');
    await addRefundedAmounts(client, { orderIds: licences.map((licence) => licence.id), shares, refundedAt });
  }
  return owed;
}

/**
 * What a return gives back of a paid transfer's fee (decision 029): the whole fee for a return without lines or of the
 * `licensetransfer` unit, else its amount lines. Undefined when it gives nothing back (an order that paid no transfer
 * finds no fee to refund anyway).
 */
export function transferFeeRefundOf(data: ReturnCreatedData): { isWhole: boolean; amount: string } | undefined {
  const lines = data.items ?? [];
  const feeLines = lines.filter((line) => normalizeProductPath(line.product) === LICENSE_TRANSFER_PRODUCT);
  const isWhole = lines.length === 0 || feeLines.some((line) => !isPartialLine(line));
  const amount = sumAmounts(
    feeLines.filter(isPartialLine).flatMap((line) => (typeof line.subtotal === 'number' ? [line.subtotal] : [])),
    data.currency ?? '',
  );
  return isWhole || Number(amount) !== 0 ? { isWhole, amount } : undefined;
}

/**
 * Tells the payer of a purchase what a return refunded and which licences ended with it (decision 053). Once per
 * return: it runs only when the return was first recorded. A purchase recorded without its payer mails nobody.
 */
export async function mailRefundToPayer(
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

/** Where a return stands before anything is revoked: done or unusable already (its outcome), or to carry out. */
type ReturnStart =
  { kind: 'settled'; outcome: ReturnOutcome } | { kind: 'toCarryOut'; providerOrderId: string; returnId: string; hasOrders: boolean };

/**
 * A return's first steps: its purchase named and locked (against its own order), a return already carried out
 * found (a resend, same return id, any event id: only the kept record makes it done), and a return of a purchase
 * the server never saw sent to "needs attention".
 */
export async function startReturn(client: PoolClient, event: WebhookEvent, data: ReturnCreatedData): Promise<ReturnStart> {
  const providerOrderId = data.original.id ?? data.original.order;
  const settled = (note: string, attention?: string): ReturnStart => ({ kind: 'settled', outcome: { note, attention } });
  if (!providerOrderId) return settled('the return names no original order', 'the return names no original order');
  const returnId = data.return ?? event.id;
  await lockPurchase(client, providerOrderId);
  if (await isReturnCarriedOut(client, returnId)) return { kind: 'settled', outcome: { note: 'return already processed' } };
  // The purchase's licences stay its licences below: refunding changes their state, not which there are.
  const hasOrders = await hasOrdersOfPurchase(client, providerOrderId);
  if (!hasOrders && !(await isOrderCompletedProcessed(client, providerOrderId))) {
    const reason = `return of the purchase ${providerOrderId}, which the server never saw: replay it once the order is in`;
    return settled(reason, reason);
  }
  return { kind: 'toCarryOut', providerOrderId, returnId, hasOrders };
}

/**
 * Marks refunded, at the return's time, the active licences the return's full lines return (all of them for a return
 * without items; none for a return of amounts only, `isPartial`). Answers their ids and the units returned, for the
 * note.
 */
export async function refundReturnedLicences(
  client: PoolClient,
  providerOrderId: string,
  refund: { data: ReturnCreatedData; refundedAt: Date },
) {
  const lines = refund.data.items ?? [];
  const returned = lines.length > 0 ? await returnedUnitsOf(client, providerOrderId, lines) : undefined;
  const isPartial = returned !== undefined && returned.length === 0;
  const orderIds = isPartial
    ? []
    : await markOrdersOfPurchaseRefunded(client, providerOrderId, { returned, refundedAt: refund.refundedAt });
  return { orderIds, returned, isPartial };
}

/** Keeps the return with what it revoked and the amount lines it owes (once per return id): true when this was its first record. */
export const recordReturn = (client: PoolClient, record: ReturnRecord) => recordProviderRefund(client, record);

/** What became of a carried-out return, for the event's note: what it revoked, and what it could not revoke or refund yet. */
export async function describeReturn(
  client: PoolClient,
  done: {
    providerOrderId: string;
    data: ReturnCreatedData;
    hasOrders: boolean;
    isPartial: boolean;
    orderIds: number[];
    returned?: ReturnedUnits[];
    owedAmountLines: readonly number[];
  },
): Promise<ReturnOutcome> {
  const { providerOrderId, orderIds, returned } = done;
  const lines = done.data.items ?? [];
  const owedAmounts = [...new Set(done.owedAmountLines.map((index) => normalizeProductPath(lines[index]!.product)))];
  const owedAmountNote =
    owedAmounts.length > 0 ? `${owedAmounts.join(', ')} had no licence to refund: its amount is refunded when one is issued` : '';
  if (done.isPartial) return { note: ['partial refund: the licences are kept', owedAmountNote].filter(Boolean).join('; ') };
  const partialNote = lines.some(isPartialLine)
    ? ['partial refund lines kept their licences', owedAmountNote].filter(Boolean).join('; ')
    : '';
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
  const outcome = done.hasOrders
    ? ['no active licence of the returned items left to revoke', partialNote]
    : ['the purchase made no licences', owedAmountNote];
  return { note: [...outcome, await waitingNote()].filter(Boolean).join('; ') };
}

/**
 * Carries the purchase's recorded returns over to licences issued after them (an item an administrator mapped and
 * replayed later): each return marks refunded the units it returned and could not revoke then, a return without
 * items every licence, and keeps them with the return; then refunds the amount lines it still owes. Both on the
 * return's day, not the replay's (decision 106). Answers, per return, the licences it revoked now (the flow removes
 * their computers and announces them).
 */
export async function refundLicencesOfRecordedReturns(
  client: PoolClient,
  providerOrderId: string,
): Promise<{ returnId: string; isPartial: boolean; orderIds: number[] }[]> {
  const revoked: { returnId: string; isPartial: boolean; orderIds: number[] }[] = [];
  for (const refund of await listRefundsToCarryOver(client, providerOrderId)) {
    const orderIds = await refundOwedUnits(client, providerOrderId, refund);
    if (orderIds.length > 0) revoked.push({ returnId: refund.returnId, isPartial: refund.isPartial, orderIds });
    await refundOwedAmounts(client, providerOrderId, refund);
  }
  return revoked;
}

/** The units a recorded return could not revoke when it came, refunded on licences issued since; answers their ids. */
async function refundOwedUnits(client: PoolClient, providerOrderId: string, refund: RecordedRefund): Promise<number[]> {
  const returned = refund.items.length > 0 ? await returnedUnitsOf(client, providerOrderId, refund.items) : undefined;
  const owed = returned ? await owedUnitsOf(client, returned, refund.revokedOrderIds) : undefined;
  if (owed?.length === 0) return [];
  const orderIds = await markOrdersOfPurchaseRefunded(client, providerOrderId, { returned: owed, refundedAt: refund.returnedAt });
  if (orderIds.length > 0) await addRevokedOrders(client, refund.returnId, orderIds);
  return orderIds;
}

/** The amount lines a recorded return found no licence for when it came, refunded on licences issued since. */
async function refundOwedAmounts(client: PoolClient, providerOrderId: string, refund: RecordedRefund): Promise<void> {
  const owedLines = refund.items.flatMap((line, index) => (line.owed ? [index] : []));
  if (owedLines.length === 0) return;
  const stillOwed = await refundAmountsOfPurchase(client, providerOrderId, {
    lines: owedLines.map((index) => refund.items[index]!),
    refundedAt: refund.returnedAt,
  });
  const refunded = owedLines.filter((_, position) => !stillOwed.includes(position));
  if (refunded.length > 0) await settleOwedAmountLines(client, refund.returnId, refunded);
}
