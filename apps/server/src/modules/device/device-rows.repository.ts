import { OFFLINE_DEVICE_MARKER } from '@store/contracts/constants';
import type { Queryable } from '../../db/client.js';

// The registered computers as the screens read them, a module key's renewal, and a known computer's registration
// noted (split from device.repository.ts).

/** A registered computer as the customer area and the administrator see it. */
export type DeviceRow = {
  id: number;
  order_id: number;
  slot: number;
  device_id_hash: string;
  device_name: string;
  device_id_hash_encrypted: string;
  creation_date: Date;
  last_activated_at: Date;
  key_expires_at: Date | null;
  renewed_at: Date | null;
};

/**
 * The computers of the licences, by licence and then by slot (the order of the four-computer rule: a computer
 * keeps its place, and one registered in a freed slot shows there). Every screen that lists devices reads them here.
 */
export async function listDevicesOfOrders(db: Queryable, orderIds: readonly number[]): Promise<DeviceRow[]> {
  if (orderIds.length === 0) return [];
  const { rows } = await db.query<DeviceRow>(
    `SELECT id, order_id, slot, device_id_hash, device_name, device_id_hash_encrypted, creation_date, last_activated_at,
            key_expires_at, renewed_at
       FROM order_device WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, slot, id`,
    [orderIds],
  );
  return rows;
}

/** A computer on a licence with its removal secret (null: its key has none), as a renewal or re-unlock needs it. */
export async function findDeviceOfLicence(
  db: Queryable,
  orderId: number,
  deviceId: string,
): Promise<{ id: number; removal_secret: string | null } | undefined> {
  const { rows } = await db.query<{ id: number; removal_secret: string | null }>(
    'SELECT id, removal_secret FROM order_device WHERE order_id = $1 AND lower(device_id_hash) = lower($2)',
    [orderId, deviceId],
  );
  return rows[0];
}

/**
 * Stores a computer's new key of a plug-in built on clients/juce: renewed now, until `expiresAt` (null: permanent).
 * Only while the licence is active and still `ownerId`'s, and the computer still holds its place with the removal
 * secret read before the key was signed (null: none yet): false when nothing was written, and then the key must
 * not be answered. The share lock waits for a refund, revocation, transfer or removal in progress and then sees its
 * outcome (as insertDeviceInFreeSlot does).
 */
export async function setModuleDeviceKey(
  db: Queryable,
  device: { id: number; orderId: number; ownerId: number; removalSecret: string | null },
  key: { keyFile: string; expiresAt: Date | null; removalSecret: string },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `WITH licence AS (SELECT id FROM orders WHERE id = $5 AND state = 'active' AND person_id = $6 FOR SHARE)
     UPDATE order_device d SET device_id_hash_encrypted = $2, key_expires_at = $3, removal_secret = $4, renewed_at = now(),
            last_activated_at = now()
       FROM licence
      WHERE d.id = $1 AND d.order_id = licence.id AND d.removal_secret IS NOT DISTINCT FROM $7::text`,
    [device.id, key.keyFile, key.expiresAt, key.removalSecret, device.orderId, device.ownerId, device.removalSecret],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * Notes that a computer registered again, as touchDevice does, only while its licence is active and still the
 * owner's and the computer still holds its place: false otherwise. The share lock waits for a transfer, refund or
 * removal in progress and then sees its outcome, so a key signed for the computer meanwhile is answered only when
 * this answers true.
 */
export async function touchDeviceOfActiveLicence(
  db: Queryable,
  device: { orderId: number; ownerId: number; deviceId: string },
): Promise<boolean> {
  const { rowCount } = await db.query({
    name: 'device-touch-of-active-licence',
    text: `WITH licence AS (SELECT id FROM orders WHERE id = $1 AND state = 'active' AND person_id = $3 FOR SHARE)
      UPDATE order_device d SET last_activated_at = now()
        FROM licence WHERE d.order_id = licence.id AND lower(d.device_id_hash) = lower($2)`,
    values: [device.orderId, device.deviceId, device.ownerId],
  });
  return (rowCount ?? 0) > 0;
}

/** A place's name after a registration as `offlineName` (null: not as offline): that name, unless it has one already. */
const nameAfter = (offlineName: string) =>
  `CASE WHEN ${offlineName}::text IS NULL OR strpos(device_name, '${OFFLINE_DEVICE_MARKER}') > 0 THEN device_name ELSE ${offlineName} END`;

/**
 * Gives a computer's place a permanent key signed now, noting that it registered again: a key the product's current
 * releases open (decision 101), or, for a computer registered as offline (`offlineName`, decision 102), one in place
 * of the module's expiring key, with that name. Only while its licence is active and still the owner's and the
 * computer holds its place (with a permanent key, unless registered as offline): false otherwise (the share lock as
 * in touchDeviceOfActiveLicence).
 */
export async function replaceDeviceKey(
  db: Queryable,
  device: { orderId: number; ownerId: number; deviceId: string },
  keyFile: string,
  offlineName: string | null,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `WITH licence AS (SELECT id FROM orders WHERE id = $1 AND state = 'active' AND person_id = $3 FOR SHARE)
     UPDATE order_device d SET device_id_hash_encrypted = $4, key_expires_at = NULL, device_name = ${nameAfter('$5')},
            last_activated_at = now()
       FROM licence WHERE d.order_id = licence.id AND lower(d.device_id_hash) = lower($2)
        AND (d.key_expires_at IS NULL OR $5::text IS NOT NULL)`,
    [device.orderId, device.deviceId, device.ownerId, keyFile, offlineName],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * Notes that a computer registered again: the customer area shows when each computer last activated. Registered
 * as offline (`offlineName`, the customer area's offline dialog), its place takes that name (decision 102).
 */
export async function touchDevice(db: Queryable, orderId: number, deviceId: string, offlineName: string | null = null): Promise<void> {
  await db.query({
    name: 'device-touch',
    text: `UPDATE order_device SET last_activated_at = now(), device_name = ${nameAfter('$3')}
            WHERE order_id = $1 AND lower(device_id_hash) = lower($2)`,
    values: [orderId, deviceId, offlineName],
  });
}
