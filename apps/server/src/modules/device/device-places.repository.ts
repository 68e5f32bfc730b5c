import type { Queryable } from '../../db/client.js';
import type { LicenceDeviceState } from './device.repository.js';
import { deviceStateColumns, insertInLowestFreeSlot } from './device-slot-sql.js';

// A computer's place on a licence, as the general path of a registration takes and checks it (device-registration.ts):
// the licences' device states read again after a lost race, the lowest free slot taken, and a second place of the
// same computer among its owner's licences removed (decision 108). The finders are in device.repository.ts.

/**
 * After a computer took a new place (`placeId`): when it now holds places on two of its owner's active licences of
 * the product, the newer one goes (decision 108). Two registrations at once, each with another of the owner's keys,
 * each read before the other's place existed; whichever commits last sees both here, so one place stays. Answers
 * whether `placeId` is gone (removed now, or by the other registration's check).
 */
export async function removeDoublePlace(db: Queryable, placeId: number, deviceId: string): Promise<boolean> {
  const { rows } = await db.query<{ is_gone: boolean }>({
    name: 'device-remove-double-place',
    text: `WITH mine AS (
             SELECT o.person_id, o.product_id FROM order_device d JOIN orders o ON o.id = d.order_id WHERE d.id = $1),
           places AS (
             SELECT d.id FROM mine JOIN orders o ON o.person_id = mine.person_id AND o.product_id = mine.product_id AND o.state = 'active'
               JOIN order_device d ON d.order_id = o.id AND lower(d.device_id_hash) = lower($2)),
           removed AS (
             DELETE FROM order_device WHERE id = (SELECT max(id) FROM places) AND (SELECT count(*) FROM places) > 1 RETURNING id)
           SELECT NOT EXISTS (SELECT 1 FROM mine) OR EXISTS (SELECT 1 FROM removed WHERE id = $1) AS is_gone`,
    values: [placeId, deviceId],
  });
  return rows[0]?.is_gone === true;
}

/**
 * For each licence: whether it is still active and still the same owner's, its device count, and the stored key
 * of this device (JUCE compares IDs ignoring case).
 */
export async function readDeviceStates(
  db: Queryable,
  licences: readonly { order_id: number; person_id: number }[],
  deviceId: string,
): Promise<LicenceDeviceState[]> {
  const { rows } = await db.query<LicenceDeviceState>({
    name: 'device-states',
    text: `SELECT o.id AS order_id, (o.state = 'active' AND o.person_id = c.person_id) AS is_active, ${deviceStateColumns('o.id', '$3')}
       FROM unnest($1::bigint[], $2::bigint[]) AS c (order_id, person_id) JOIN orders o ON o.id = c.order_id
      ORDER BY o.id`,
    values: [licences.map((licence) => licence.order_id), licences.map((licence) => licence.person_id), deviceId],
  });
  return rows;
}

/** insertDeviceInFreeSlot's columns: the computer, its key file and, for a key of clients/juce, its end and removal secret. */
const slotOfModuleKey = {
  device_id_hash: '$2',
  device_name: '$3',
  device_id_hash_encrypted: '$4',
  key_expires_at: '$7',
  removal_secret: '$8',
};

/**
 * Puts the device in the active licence's lowest free slot (1..maxDevices; insertInLowestFreeSlot). Undefined when
 * no slot was free or a concurrent registration took it.
 */
export async function insertDeviceInFreeSlot(
  db: Queryable,
  device: {
    orderId: number;
    ownerId: number;
    deviceId: string;
    deviceName: string;
    keyFile: string;
    maxDevices: number;
    /** A key of a plug-in built on clients/juce: its end (null: permanent) and its removal secret. */
    moduleKey?: { expiresAt: Date | null; removalSecret: string };
  },
): Promise<{ id: number } | undefined> {
  const { rows } = await db.query<{ id: number }>({
    name: 'device-insert-in-free-slot',
    // The share lock waits for a transfer or refund of the licence in progress, then sees its outcome: a key file
    // signed for the previous owner never lands on a moved or refunded licence.
    text: `WITH licence AS (SELECT id FROM orders WHERE id = $1 AND state = 'active' AND person_id = $6 FOR SHARE)
     ${insertInLowestFreeSlot('$5', slotOfModuleKey)}
     RETURNING id`,
    values: [
      device.orderId,
      device.deviceId,
      device.deviceName,
      device.keyFile,
      device.maxDevices,
      device.ownerId,
      device.moduleKey?.expiresAt ?? null,
      device.moduleKey?.removalSecret ?? null,
    ],
  });
  return rows[0];
}
