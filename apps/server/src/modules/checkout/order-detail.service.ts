import type { OrderDetail, TransferEntry } from '@store/contracts/order-detail';
import type { ListQuery, Paged } from '@store/contracts/list';
import type { Db, Queryable } from '../../db/client.js';
import { readListRequest } from '../../lib/list-request.js';
import { AppError } from '../../lib/app-error.js';
import { getPurchaseOfLicence } from './customer-orders.service.js';
import * as repository from './order-detail.repository.js';

/**
 * One licence's order for staff (decision 060): the licence, its FastSpring purchase (money, invoice, refunds),
 * every licence that purchase issued, the transfers of those, and the webhook events of the purchase and of the
 * transfers' fees. 404 for no licence.
 */
export async function getOrderDetail(options: { db: Queryable; orderId: number }): Promise<OrderDetail> {
  const found = await repository.findLicenceOfDetail(options.db, options.orderId);
  if (!found) throw new AppError('notFound', 'Order not found');
  const { licence, providerOrderId } = found;
  const purchase = await getPurchaseOfLicence({ db: options.db, orderId: licence.id });
  const licences = providerOrderId
    ? await repository.findLicencesOfPurchase(options.db, providerOrderId)
    : [
        {
          id: licence.id,
          productName: licence.productName,
          state: licence.state,
          personId: licence.personId,
          personEmail: licence.personEmail,
        },
      ];
  const transfers = await repository.findTransfersOfLicences(
    options.db,
    licences.map((each) => each.id),
  );
  const eventOrderIds = [providerOrderId, ...transfers.map((transfer) => transfer.providerOrderId)].filter((id): id is string => !!id);
  const webhookEvents = eventOrderIds.length > 0 ? await repository.findWebhookEventsOfOrders(options.db, eventOrderIds) : [];
  return { licence, purchase, licences, transfers, webhookEvents };
}

/** One page of every transfer, each its own entry with its fee, from whom to whom and when (newest first unless asked). */
export function listTransfers(options: { db: Db; query: ListQuery }): Promise<Paged<TransferEntry>> {
  const query = { ...options.query, sort: options.query.sort ?? 'id', desc: options.query.desc ?? 'true', page: options.query.page ?? 0 };
  return repository.listTransfers(options.db, readListRequest(query, repository.transferList)!);
}
