import type { Queryable } from '../../db/client.js';
import type { DeviceRow } from './device-rows.repository.js';

// The changes to registered computers other than their registration (device.repository.ts): a customer's own,
// the administrator's, and those of other domains' flows (a refund, a transfer, re-issued keys), each in the
// caller's transaction.
/** Renames a device of one of the person's licences; false when there is no such device of theirs. */
export async function renameDeviceOfPerson(db: Queryable, deviceId: number, personId: number, deviceName: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE order_device d SET device_name = $3 FROM orders o WHERE d.id = $1 AND o.id = d.order_id AND o.person_id = $2`,
    [deviceId, personId, deviceName],
  );
  return (rowCount ?? 0) > 0;
}

/** The name of a device of one of the person's licences, or undefined. */
export async function findDeviceNameOfPerson(db: Queryable, deviceId: number, personId: number): Promise<string | undefined> {
  const { rows } = await db.query<{ device_name: string }>(
    `SELECT d.device_name FROM order_device d JOIN orders o ON o.id = d.order_id WHERE d.id = $1 AND o.person_id = $2`,
    [deviceId, personId],
  );
  return rows[0]?.device_name;
}

/** Replaces a device's key file (its licence's keys were re-issued). */
export async function setDeviceKeyFile(db: Queryable, deviceId: number, keyFile: string): Promise<void> {
  await db.query('UPDATE order_device SET device_id_hash_encrypted = $2 WHERE id = $1', [deviceId, keyFile]);
}

/** Deletes a device, whoever's licence it is on, and answers it as it was; undefined when there is none. */
export async function deleteDeviceById(db: Queryable, id: number): Promise<DeviceRow | undefined> {
  const { rows } = await db.query<DeviceRow>('DELETE FROM order_device WHERE id = $1 RETURNING *', [id]);
  return rows[0];
}

/** Deletes every device of the licences (refunded or moved to another owner). */
export async function deleteDevicesOfLicences(db: Queryable, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await db.query('DELETE FROM order_device WHERE order_id = ANY($1::bigint[])', [orderIds]);
}
