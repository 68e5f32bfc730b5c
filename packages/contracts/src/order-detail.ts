import { z } from 'zod';
import { licencePurchase } from './customer-order.js';
import { orderListRow, orderStates } from './order-list.js';
import { webhookEventRow } from './webhook.js';

/**
 * A change of a licence's owner as the back office shows it (decision 060): its own entry beside the purchase, with
 * the fee (null: the administrator's direct transfer, or a fee not recorded), from whom to whom, and when.
 */
export const transferEntry = z.object({
  id: z.number().int(),
  date: z.string(),
  orderId: z.number().int(),
  productName: z.string(),
  fromPersonId: z.number().int().nullable(),
  fromEmail: z.string(),
  toPersonId: z.number().int().nullable(),
  toEmail: z.string(),
  fee: z.number().nullable(),
  currency: z.string().nullable(),
  refunded: z.number().nullable(),
  /** The fee's own FastSpring order (a paid transfer), else null. */
  providerOrderId: z.string().nullable(),
  providerReference: z.string().nullable(),
});
export type TransferEntry = z.infer<typeof transferEntry>;

/**
 * GET /admin/orders/{id}: one licence's order for staff (decision 060): the licence, the FastSpring purchase it came
 * from (buyer, items with product names, amounts, tax, currency, reference, invoice, refunds; null when it came from
 * none), every licence that purchase issued with its state, the transfers of those licences, and the webhook events
 * of the purchase and of the transfers' fees (without their payloads: the webhooks screen shows those).
 */
export const orderDetail = z.object({
  licence: orderListRow.extend({ refunded: z.number().nullable() }),
  purchase: licencePurchase,
  licences: z.array(
    z.object({
      id: z.number().int(),
      productName: z.string(),
      state: z.enum(orderStates),
      personId: z.number().int(),
      personEmail: z.string(),
    }),
  ),
  transfers: z.array(transferEntry),
  webhookEvents: z.array(
    webhookEventRow.pick({ id: true, type: true, providerOrderId: true, receivedAt: true, result: true, error: true }),
  ),
});
export type OrderDetail = z.infer<typeof orderDetail>;
