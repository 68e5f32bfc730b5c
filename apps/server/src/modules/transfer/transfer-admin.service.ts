import type { Order, OrderTransferRequest } from '@store/contracts/order';
import type { Config } from '../../config.js';
import { withTransaction, type Db } from '../../db/client.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { recordAudit } from '../audit/index.js';
import { listOrdersOfPerson } from '../order/index.js';
import { transferOrders } from './transfer.service.js';

/**
 * The administrator's direct transfer (POST /order/transfer): moves the licences to the person with the new
 * owner's email (created if needed) with the shared transfer core (devices removed, keys re-issued, both owners
 * mailed), audited, in one transaction; answers the moved licences as the new owner now has them.
 */
export async function transferOrdersAsAdmin(options: {
  db: Db;
  secretBox: SecretBox;
  config: Config;
  actor: string;
  request: OrderTransferRequest;
}): Promise<Order[]> {
  const { db, actor, request } = options;
  const orderIds = [request.id].flat();
  return withTransaction(db, async (client) => {
    const transferred = await transferOrders({
      client,
      orderIds,
      newOwnerEmail: request.newOwnerEmail,
      newOwnerName: request.newOwnerName,
      secretBox: options.secretBox,
      config: options.config,
    });
    for (const licence of transferred) {
      await recordAudit(client, {
        actor,
        action: 'transfer',
        entity: 'order',
        entityId: licence.orderId,
        before: { personId: licence.fromPersonId },
        after: { personId: licence.toPersonId, email: request.newOwnerEmail },
      });
    }
    const orders = await listOrdersOfPerson({ db: client, personId: transferred[0]!.toPersonId });
    return orders.filter((order) => orderIds.includes(order.id));
  });
}
