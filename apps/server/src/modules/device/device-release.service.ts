import type pg from 'pg';
import { withTransaction, type Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { deleteDeviceById } from './device-changes.repository.js';
import * as repository from './device-release.repository.js';
import { isRemovalCodeOf, normaliseRemovalCode } from './removal-code.js';

/**
 * A customer removes one of their computers without it (dead or lost): the place is freed unless the licence has
 * already freed the product's yearly number of places that way (decision 041), so rotating computers cannot
 * multiply working copies while their keys are still valid. The licence's row lock makes the count exact.
 */
export async function releaseOwnDevice(options: { db: Db; personId: number; deviceId: number }): Promise<void> {
  await withTransaction(options.db, async (client) => {
    const device = await repository.lockLicenceOfOwnDevice(client, options.deviceId, options.personId);
    if (!device) throw notFound('Device not found');
    // The device was read before the lock was granted: a concurrent removal of the same computer (a double click,
    // a retried request) may have deleted it meanwhile. The delete's own snapshot decides, so one place is freed
    // and counted once (a refusal over the limit below rolls the delete back).
    if (!(await deleteDeviceById(client, options.deviceId))) throw notFound('Device not found');
    if (device.yearly_limit !== null) {
      const used = (await repository.countCustomerReleasesThisYear(client, [device.order_id])).get(device.order_id) ?? 0;
      if (used >= device.yearly_limit) {
        throw conflict(
          `This licence has already freed ${used} of its ${device.yearly_limit} places for this year. Remove the computer with the plug-in's removal code instead, or contact support.`,
        );
      }
    }
    await repository.insertRelease(client, { orderId: device.order_id, deviceIdHash: device.device_id_hash, way: 'customer' });
  });
}

/**
 * Frees the place of the computer whose plug-in showed this removal code (it deleted its key there), once: a code
 * used before is refused. Entered by the licence's owner (`personId`) or by staff (no person). Answers the
 * computer's name. Not counted against the yearly limit.
 */
export async function releaseDeviceWithCode(options: {
  db: Db;
  orderId: number;
  personId?: number;
  removalCode: string;
  /** Staff's release: its audit record, written in the release's transaction. */
  audit?: (client: pg.PoolClient, released: { deviceName: string; deviceIdHash: string }) => Promise<void>;
}): Promise<{ deviceName: string; deviceIdHash: string }> {
  const code = normaliseRemovalCode(options.removalCode);
  if (code === '') throw badRequest('A removal code has 12 characters, like 1A2B-3C4D-5E6F.');
  return withTransaction(options.db, async (client) => {
    if (!(await repository.lockLicence(client, options.orderId, options.personId))) throw notFound('Licence not found');
    const usedAt = await repository.findReleaseByCode(client, options.orderId, code);
    if (usedAt) throw conflict(`This removal code was already used on ${usedAt.toISOString().slice(0, 10)}.`);
    const devices = await repository.listDevicesWithRemovalSecret(client, options.orderId);
    const device = devices.find((candidate) => isRemovalCodeOf(code, candidate.removal_secret, candidate.device_id_hash));
    if (!device) throw badRequest('This removal code belongs to no computer of this licence.');
    await deleteDeviceById(client, device.id);
    const isFirstUse = await repository.insertRelease(client, {
      orderId: options.orderId,
      deviceIdHash: device.device_id_hash,
      way: 'code',
      code,
    });
    if (!isFirstUse) throw conflict('This removal code was already used.');
    const released = { deviceName: device.device_name, deviceIdHash: device.device_id_hash };
    await options.audit?.(client, released);
    return released;
  });
}

/** Places of each licence freed without a code in the last 365 days (the customer area shows it). */
export const countReleasesThisYear = (db: Db, orderIds: readonly number[]) => repository.countCustomerReleasesThisYear(db, orderIds);
