import type { PoolClient } from 'pg';
import { deleteDevicesOfLicences } from '../device/index.js';
import { emitLicencesRevoked } from '../order/index.js';
import { markOrdersOfPurchaseRevoked } from './webhook.repository.js';
import type { ChargebackCreatedData } from './webhook-payload.js';

/**
 * A chargeback (`chargeback.created`) revokes the purchase's active licences with its reason and removes their
 * computers, as a refund does (decision 041): no registration, unlock or renewal after, and running keys of the
 * module end at their expiry. A chargeback of a purchase never seen goes to the administrator's attention list.
 */
export async function revokeChargedBackPurchase(
  client: PoolClient,
  data: ChargebackCreatedData,
): Promise<{ note: string | null; attention?: string }> {
  const reason = `Chargeback${data.reasonDescription ? `: ${data.reasonDescription}` : ''}`;
  const orderIds = await markOrdersOfPurchaseRevoked(client, data.order, reason);
  await deleteDevicesOfLicences(client, orderIds);
  await emitLicencesRevoked(client, { orderIds, reason, computersRemoved: true, by: 'chargeback', providerOrderId: data.order });
  if (orderIds.length === 0) {
    const note = `chargeback of order ${data.order}: no active licence of it`;
    return { note, attention: note };
  }
  return { note: `revoked ${orderIds.length} for a chargeback` };
}
