import type { Device } from '@store/contracts/licence';
import type { Order, OrderCreateRequest } from '@store/contracts/order';
import { withTransaction, type Db, type Queryable } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { recordAudit } from '../audit/index.js';
import {
  deleteDeviceById,
  deleteDevicesOfLicences,
  listDevicesOfOrders,
  releaseDeviceWithCode,
  setDeviceKeyFile,
  toDevice,
} from '../device/index.js';
import { findPersonById, isPersonErased } from '../person/index.js';
import { findProductById, isBundleProduct, type ProductRow } from '../product/index.js';
import { signOnThisThread } from '../../licensing/signing-pool.js';
import { createDeviceKeyFile, createLicenceKeys } from './licence-keys.js';
import * as repository from './order-admin.repository.js';
import { issueOrder } from './order-issue.service.js';
import { emitLicencesRevoked } from './order.service.js';
import { findOrderById, revokeOrder as revokeOrderRow, setOrderKeys, toOrder, type OrderRow } from './order.repository.js';

/**
 * Every licence of the person (all states; `state` tells them apart), with its product's name. Person 0, the
 * new person the editor starts from, has none; another id without a person is a 404 (decision 022).
 */
export async function listOrdersOfPerson(options: { db: Queryable; personId: number }): Promise<Order[]> {
  const rows = await repository.listOrdersOfPerson(options.db, options.personId);
  if (rows.length === 0 && options.personId !== 0 && !(await findPersonById(options.db, options.personId))) {
    throw notFound('Person not found');
  }
  return rows.map(toOrder);
}

/**
 * The computers registered on the licence; a licence that does not exist is a 404. A computer's key file
 * (`deviceIdHashEncrypted`) holds the secret behind its removal code (decision 041), so it is answered only when
 * `withKeyFiles` (the administrator's "Download offline Key"); otherwise it is empty (support, decision 088).
 */
export async function listDevicesOfOrder(options: { db: Db; orderId: number; withKeyFiles?: boolean }): Promise<Device[]> {
  const rows = await listDevicesOfOrders(options.db, [options.orderId]);
  if (rows.length === 0 && !(await findOrderById(options.db, options.orderId))) throw notFound('Licence not found');
  const devices = rows.map(toDevice);
  return options.withKeyFiles ? devices : devices.map((device) => ({ ...device, deviceIdHashEncrypted: '' }));
}

/** A new licence made by the administrator: a serial from the product's pool and fresh key files for the owner. */
export async function createAdminOrder(options: {
  db: Db;
  secretBox: SecretBox;
  supportEmail: string;
  actor: string;
  request: OrderCreateRequest;
}): Promise<Order> {
  const { db, secretBox, actor, request } = options;
  return withTransaction(db, async (client) => {
    if (await isPersonErased(client, request.personId)) {
      throw conflict("This person's personal data was erased: they cannot get a new licence.");
    }
    // A bundle issues licences of its products, never of itself (decisions 054 and 104).
    if (await isBundleProduct(client, request.productId)) throw badRequest('This product is a bundle: give its products one by one.');
    const issued = await issueOrder({
      client,
      secretBox,
      supportEmail: options.supportEmail,
      order: { productId: request.productId, personId: request.personId, source: 'admin' },
    });
    // Without a provider order id there is nothing to deduplicate, so an order is always made.
    const order = issued!.order;
    await recordAudit(client, { actor, action: 'create', entity: 'order', entityId: order.id, after: auditView(order) });
    return toOrder({ ...order, product_name: issued!.product.name });
  });
}

/**
 * Deletes a licence with its devices; its serial is retired, never handed out again. A receiver of the outbound
 * webhooks is told first (`licence.revoked`, reason `deleted`, decision 110): nothing names the licence afterwards.
 */
export async function deleteOrder(options: { db: Db; actor: string; id: number }): Promise<void> {
  await withTransaction(options.db, async (client) => {
    await emitLicencesRevoked(client, { orderIds: [options.id], reason: 'deleted', computersRemoved: true, by: options.actor });
    const deleted = await repository.deleteOrder(client, options.id);
    if (!deleted) throw notFound('Order not found');
    await recordAudit(client, {
      actor: options.actor,
      action: 'delete',
      entity: 'order',
      entityId: options.id,
      before: auditView(deleted),
    });
  });
}

/** Deletes a computer from a licence, freeing its slot. */
export async function deleteDevice(options: { db: Db; actor: string; id: number }): Promise<void> {
  await withTransaction(options.db, async (client) => {
    const deleted = await deleteDeviceById(client, options.id);
    if (!deleted) throw notFound('Device not found');
    await recordAudit(client, {
      actor: options.actor,
      action: 'delete',
      entity: 'order-device',
      entityId: options.id,
      before: { orderId: deleted.order_id, deviceName: deleted.device_name, deviceIdHash: deleted.device_id_hash },
    });
  });
}

/**
 * "Refresh Serial Keys": re-issues the key files of the person's active licences, and of their computers, with
 * the person's saved name and email (after the administrator corrected them). Serials stay as they are.
 */
export async function refreshKeysOfPerson(options: { db: Db; secretBox: SecretBox; actor: string; personId: number }): Promise<Order[]> {
  const { db, secretBox, actor, personId } = options;
  return withTransaction(db, async (client) => {
    const owner = await findPersonById(client, personId, { lock: 'share' });
    if (!owner) throw notFound('Person not found');
    const orders = await repository.lockActiveOrdersOfPerson(client, personId);
    // A person without active licences has no keys to re-issue: nothing is saved, so nothing is audited.
    if (orders.length === 0) return [];
    const refreshed = await reissueKeys(client, { orders, owner, secretBox });
    await recordAudit(client, {
      actor,
      action: 'refresh-keys',
      entity: 'person',
      entityId: personId,
      after: { name: owner.name, email: owner.email, orderIds: orders.map((order) => order.id) },
    });
    return refreshed;
  });
}

/**
 * Signs new key files for locked licences (and their computers' machine-bound files) for `owner`, inside the
 * caller's transaction.
 */
export async function reissueKeys(
  client: Queryable,
  options: { orders: repository.OrderWithProductRow[]; owner: { name: string; email: string }; secretBox: SecretBox },
): Promise<Order[]> {
  const { orders, owner, secretBox } = options;
  const products = new Map<number, ProductRow>();
  const productOf = async (id: number) => {
    const product = products.get(id) ?? (await findProductById(client, id));
    if (!product) throw notFound('Product not found');
    products.set(id, product);
    return product;
  };
  const devices = await listDevicesOfOrders(
    client,
    orders.map((order) => order.id),
  );
  const refreshed: Order[] = [];
  for (const order of orders) {
    const product = await productOf(order.product_id);
    const saved = await setOrderKeys(client, order.id, createLicenceKeys({ product, owner, secretBox }));
    for (const device of devices.filter((candidate) => candidate.order_id === order.id)) {
      // Rare, inside a transaction: signed here rather than queued behind registrations.
      const keyFile = await createDeviceKeyFile({ product, owner, secretBox, deviceId: device.device_id_hash, signer: signOnThisThread });
      await setDeviceKeyFile(client, device.id, keyFile);
    }
    refreshed.push(toOrder({ ...saved, product_name: order.product_name }));
  }
  return refreshed;
}

/** What the audit keeps of a licence: who, what and the serial, not the key files. */
const auditView = (order: OrderRow) => ({
  productId: order.product_id,
  personId: order.person_id,
  serial: order.serial,
  source: order.source,
  state: order.state,
});

/**
 * Revokes a licence outright (decision 041): no new registrations, unlocks or renewals; its computers are removed
 * now or keep their keys until those expire, as the administrator (or a script's key, decision 062) chooses.
 * Audited with the reason; emits `licence.revoked`.
 */
export async function revokeOrder(options: { db: Db; actor: string; id: number; reason: string; removeDevices: boolean }): Promise<Order> {
  return withTransaction(options.db, async (client) => {
    const revoked = await revokeOrderRow(client, options.id, options.reason);
    if (!revoked) {
      const order = await findOrderById(client, options.id);
      if (!order) throw notFound('Licence not found');
      throw conflict(`Only an active licence can be revoked; this one is ${order.state}.`);
    }
    if (options.removeDevices) await deleteDevicesOfLicences(client, [revoked.id]);
    await emitLicencesRevoked(client, {
      orderIds: [revoked.id],
      reason: options.reason,
      computersRemoved: options.removeDevices,
      by: options.actor,
    });
    await recordAudit(client, {
      actor: options.actor,
      action: 'revoke',
      entity: 'order',
      entityId: revoked.id,
      before: { state: 'active' },
      after: { state: 'revoked', reason: options.reason, removeDevices: options.removeDevices },
    });
    return toOrder(revoked);
  });
}

/** Support enters a removal code a customer read from the plug-in: it frees that computer's place, once. */
export async function releaseDeviceByCode(options: {
  db: Db;
  actor: string;
  orderId: number;
  removalCode: string;
}): Promise<{ deviceName: string }> {
  const released = await releaseDeviceWithCode({
    db: options.db,
    orderId: options.orderId,
    removalCode: options.removalCode,
    audit: (client, device) =>
      recordAudit(client, { actor: options.actor, action: 'release-device', entity: 'order', entityId: options.orderId, before: device }),
  });
  return { deviceName: released.deviceName };
}
