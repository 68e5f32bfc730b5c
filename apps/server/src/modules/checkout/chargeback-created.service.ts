import type { PoolClient } from 'pg';
import { deleteDevicesOfLicences } from '../device/index.js';
import { emitLicencesRevoked } from '../order/index.js';
import { chargebackTimeOf } from './order-completed-data.js';
import { addToChargebackGivenBack, recordChargeback } from './provider-order.repository.js';
import { giveBackChargedBackMoney, markOrdersOfPurchaseRevoked } from './licence-money.repository.js';
import type { ChargebackCreatedData } from './webhook-payload.js';

/**
 * What a chargeback still gives back once its licences have their share (decision 107): whole (everything else the
 * purchase paid, such as a paid transfer's fee) or an amount, at the chargeback's time.
 */
export type ChargebackLeft = { isWhole: boolean; amount: string; chargedAt: Date };

/**
 * A chargeback (`chargeback.created`) revokes the purchase's active licences with its reason and removes their
 * computers, as a refund does (decision 041): no registration, unlock or renewal after, and running keys of the
 * module end at their expiry. It is kept with the purchase, so licences issued for it later are revoked too
 * (decision 100), and the money it took back is given back on the purchase's licences, dated when it was taken
 * (decision 107). A chargeback of a purchase with no active licence goes to the administrator's attention list.
 * The caller holds the purchase's lock (`lockPurchase`) and gives back what is left (`left`) of other money.
 */
export async function revokeChargedBackPurchase(
  client: PoolClient,
  data: ChargebackCreatedData,
  eventCreated: number | undefined,
): Promise<{ note: string | null; attention?: string; left: ChargebackLeft | undefined; orderIds: number[] }> {
  const reason = `Chargeback${data.reasonDescription ? `: ${data.reasonDescription}` : ''}`;
  await recordChargeback(client, {
    providerOrderId: data.order,
    reason,
    amount: data.chargebackAmount ?? null,
    currency: data.currency?.trim().toUpperCase() ?? '',
    chargedAt: chargebackTimeOf(data, eventCreated),
  });
  const { orderIds, left } = await revokeLicencesOfChargeback(client, { providerOrderId: data.order, reason });
  if (orderIds.length === 0) {
    const note = `chargeback of order ${data.order}: no active licence of it (licences issued for it later are revoked at once)`;
    return { note, attention: note, left, orderIds };
  }
  return { note: `revoked ${orderIds.length} for a chargeback`, left, orderIds };
}

/**
 * Revokes a charged-back purchase's active licences (or only `orderIds`, those just issued after its chargeback)
 * with the chargeback's reason, removes their computers, emits `licence.revoked` and gives back on them the money the
 * chargeback took (`giveBackChargedBackMoney`). Answers the licences revoked and what the chargeback still gives back.
 */
export async function revokeLicencesOfChargeback(
  client: PoolClient,
  chargeback: { providerOrderId: string; reason: string; orderIds?: readonly number[] },
): Promise<{ orderIds: number[]; left: ChargebackLeft | undefined }> {
  const { providerOrderId, reason } = chargeback;
  const orderIds = await markOrdersOfPurchaseRevoked(client, providerOrderId, reason, chargeback.orderIds);
  await deleteDevicesOfLicences(client, orderIds);
  await emitLicencesRevoked(client, { orderIds, reason, computersRemoved: true, by: 'chargeback', providerOrderId });
  const given = await giveBackChargedBackMoney(client, providerOrderId, chargeback.orderIds);
  const left = given && { isWhole: given.budgetLeft === null, amount: given.budgetLeft ?? '0', chargedAt: given.chargedAt };
  return { orderIds, left };
}

/** Adds what a flow gave back for a chargeback beyond its licences (a paid transfer's fee) to what it gave back. */
export const recordChargebackGivenBack = (client: PoolClient, providerOrderId: string, amount: string) =>
  addToChargebackGivenBack(client, providerOrderId, amount);
