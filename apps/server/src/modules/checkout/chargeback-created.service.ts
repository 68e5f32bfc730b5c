import type { PoolClient } from 'pg';
import { deleteDevicesOfLicences } from '../device/index.js';
import { emitLicencesRevoked } from '../order/index.js';
import { recordChargeback } from './provider-order.repository.js';
import { markOrdersOfPurchaseRevoked } from './webhook.repository.js';
import type { ChargebackCreatedData } from './webhook-payload.js';

/**
 * A chargeback (`chargeback.created`) revokes the purchase's active licences with its reason and removes their
 * computers, as a refund does (decision 041): no registration, unlock or renewal after, and running keys of the
 * module end at their expiry. It is kept with the purchase, so licences issued for it later are revoked too
 * (decision 100). A chargeback of a purchase with no active licence goes to the administrator's attention list.
 * The caller holds the purchase's lock (`lockPurchase`).
 */
export async function revokeChargedBackPurchase(
  client: PoolClient,
  data: ChargebackCreatedData,
): Promise<{ note: string | null; attention?: string }> {
  const reason = `Chargeback${data.reasonDescription ? `: ${data.reasonDescription}` : ''}`;
  await recordChargeback(client, data.order, reason);
  const orderIds = await revokeLicencesOfChargeback(client, { providerOrderId: data.order, reason });
  if (orderIds.length === 0) {
    const note = `chargeback of order ${data.order}: no active licence of it (licences issued for it later are revoked at once)`;
    return { note, attention: note };
  }
  return { note: `revoked ${orderIds.length} for a chargeback` };
}

/**
 * Revokes a charged-back purchase's active licences (or only `orderIds`, those just issued after its chargeback)
 * with the chargeback's reason, removes their computers and emits `licence.revoked`. Answers the licences revoked.
 */
export async function revokeLicencesOfChargeback(
  client: PoolClient,
  chargeback: { providerOrderId: string; reason: string; orderIds?: readonly number[] },
): Promise<number[]> {
  const { providerOrderId, reason } = chargeback;
  const orderIds = await markOrdersOfPurchaseRevoked(client, providerOrderId, reason, chargeback.orderIds);
  await deleteDevicesOfLicences(client, orderIds);
  await emitLicencesRevoked(client, { orderIds, reason, computersRemoved: true, by: 'chargeback', providerOrderId });
  return orderIds;
}
