import type { Queryable } from '../../db/client.js';
import { emitWebhookEvent } from '../outbound-webhook/index.js';
import * as repository from './order.repository.js';

// The licence (order) queries other domains use; they never write the orders table themselves.

/** The licence of this id. */
export const findOrderById = (db: Queryable, id: number) => repository.findOrderById(db, id);

/** Hands the licence the next free serial of its product's pool (`hasPool`: the product has a pool at all). */
export const takeSerial = (db: Queryable, productId: number, orderId: number) => repository.takeSerial(db, productId, orderId);

/** Retires the licence's serial: it is never handed out again. */
export const retireSerialOfOrder = (db: Queryable, orderId: number) => repository.retireSerialOfOrder(db, orderId);

/** Stores the licence's key files (and serial). */
export const setOrderKeys = (db: Queryable, orderId: number, keys: { serial?: string; serialNew: string; serial2048: string }) =>
  repository.setOrderKeys(db, orderId, keys);

/** Every licence of the person with its product and money (the customer's export). */
export const listLicenceRecordsOfPerson = (db: Queryable, personId: number) => repository.listLicenceRecordsOfPerson(db, personId);

/** Ends the licences of a person whose data is erased: key files emptied, active ones `erased` (decision 040). */
export const endLicencesOfErasedPerson = (db: Queryable, personId: number) => repository.endLicencesOfErasedPerson(db, personId);

/**
 * Emits `licence.revoked` for each licence revoked in the caller's transaction (decision 062): by the
 * administrator, a script's key or a chargeback (`by`), with the reason and whether its computers were removed.
 * Also for each licence an erasure or the administrator's delete ends (reasons `erased` and `deleted`, decision 110),
 * so a receiver keeps no live copy; an erasure's event names the person by id only (`isOwnerErased`).
 */
export async function emitLicencesRevoked(
  client: Queryable,
  revocation: {
    orderIds: readonly number[];
    reason: string;
    computersRemoved: boolean;
    by: string;
    providerOrderId?: string;
    isOwnerErased?: boolean;
  },
): Promise<void> {
  if (revocation.orderIds.length === 0) return;
  const { orderIds, providerOrderId, isOwnerErased = false, ...why } = revocation;
  for (const licence of await repository.listLicencesWithOwners(client, orderIds)) {
    await emitWebhookEvent(client, {
      type: 'licence.revoked',
      data: {
        licenceId: licence.id,
        productId: licence.product_id,
        productName: licence.product_name,
        personId: licence.person_id,
        email: isOwnerErased ? '' : licence.email,
        ...why,
        ...(providerOrderId === undefined ? {} : { providerOrderId }),
      },
    });
  }
}
