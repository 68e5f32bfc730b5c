import { z } from 'zod';
import { emailField } from './fields.js';
import { device } from './licence.js';
import { orderStates } from './order-list.js';

/** An order is one licence (§3). */
export const order = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  personId: z.number().int(),
  serial: z.string(),
  creationDate: z.string(),
  serialNew: z.string(),
  serial2048: z.string(),
  productName: z.string().optional(),
  orderDevices: z.array(device).optional(),
  state: z.enum(orderStates).optional(),
});
export type Order = z.infer<typeof order>;
export const orderList = z.array(order);

/** POST /order/: new order (id 0, empty serial, placeholder date). */
export const orderCreateRequest = z.object({
  id: z.number().int().optional(),
  productId: z.number().int().positive('Product is required'),
  personId: z.number().int().positive('Person is required'),
  serial: z.string().optional(),
  creationDate: z.string().optional(),
});
export type OrderCreateRequest = z.infer<typeof orderCreateRequest>;

/** POST /order/transfer */
export const orderTransferRequest = z.object({
  id: z.union([z.number().int(), z.array(z.number().int()).min(1)]),
  newOwnerEmail: emailField,
  newOwnerName: z.string().trim().max(200).default(''),
});
export type OrderTransferRequest = z.infer<typeof orderTransferRequest>;

/** POST /order/resend/ */
export const resendKeyRequest = z.object({ email: emailField, productName: z.string().trim().min(1).max(100) });
export type ResendKeyRequest = z.infer<typeof resendKeyRequest>;
/**
 * The answer of POST /order/resend/: `{ok: true}` for anyone, whether or not a mail went out; the administrator's
 * call also says how many licences were mailed (0: the address has no active licence of the product).
 */
export const resendKeyResponse = z.object({ ok: z.literal(true), mailed: z.number().int().nonnegative().optional() });
export type ResendKeyResponse = z.infer<typeof resendKeyResponse>;
/**
 * POST /admin/resend, the staff's Resend Serial (staff only: a missing or ended session is 401 before anything is
 * mailed): how many licences were mailed; an address without an active licence of the product is a 404.
 */
export const staffResendResponse = z.object({ ok: z.literal(true), mailed: z.number().int().positive() });
export type StaffResendResponse = z.infer<typeof staffResendResponse>;

/** An activation code not yet redeemed (§3). */
export const unassignedOrder = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  activationKey: z.string(),
  creationDate: z.string(),
  distributorName: z.string(),
  batchNumber: z.number().int(),
  productName: z.string().optional(),
});
export type UnassignedOrder = z.infer<typeof unassignedOrder>;
export const unassignedOrderList = z.array(unassignedOrder);

/** POST /order/unassigned/create/ */
export const unassignedCreateRequest = z.object({
  ProductName: z.string().trim().min(1, 'Required'),
  DistributorName: z.string().trim().min(1, 'Required').max(200),
  NumberOfOrders: z.coerce.number().int().min(1, 'Required').max(10000),
});
export type UnassignedCreateRequest = z.infer<typeof unassignedCreateRequest>;
export const unassignedCreateResponse = z.object({ batchNumber: z.number().int(), count: z.number().int() });

export const orderDeviceList = z.array(device);

/** POST /order/refreshkeys/: the body is the person; its id is what counts (its saved name and email are used). */
export const refreshKeysRequest = z.object({ id: z.number().int().positive('Person is required') });
export type RefreshKeysRequest = z.infer<typeof refreshKeysRequest>;

/** Columns of GET /order/unsassigned that `sort` and `filter` accept. */
export const unassignedListColumns = ['id', 'activationKey', 'creationDate', 'distributorName', 'batchNumber', 'productName'] as const;

/** POST /order/{id}/revoke: the administrator revokes a licence outright (decision 041). */
export const revokeOrderRequest = z.object({
  reason: z.string().trim().min(1, 'Please give a reason.').max(500),
  /** true: its computers are removed now; false: they keep their keys until those expire. */
  removeDevices: z.boolean(),
});
export type RevokeOrderRequest = z.infer<typeof revokeOrderRequest>;

/** POST /order/{id}/releasedevice: support enters a removal code a customer read from the plug-in. */
export const adminReleaseDeviceRequest = z.object({ removalCode: z.string().trim().min(1, 'Please enter the removal code.').max(40) });

/**
 * POST /order/{id}/replacekeys (administrator) and POST /userinfo/orders/{id}/replacekeys (owner): a leaked key
 * replaced. The licence gets a new serial and key files; the old ones no longer register a computer. Computers
 * already registered keep working unless the administrator removes them at once.
 */
export const replaceKeysRequest = z.object({ removeDevices: z.boolean().default(false) });
export type ReplaceKeysRequest = z.input<typeof replaceKeysRequest>;
