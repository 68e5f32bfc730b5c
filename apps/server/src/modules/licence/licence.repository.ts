import type { Queryable } from '../../db/client.js';

export type ActiveLicenceRow = {
  order_id: number;
  product_name: string;
  use_rsa_2048: boolean;
  serial_new: string;
  serial_2048: string;
  license_activation_date: Date;
  serial: string;
  creation_date: Date;
  source: 'purchase' | 'activation' | 'admin' | 'transfer' | 'import';
  state: 'active' | 'refunded' | 'transferred';
};

/** The person's active licences with their product, by product name. */
export async function listActiveLicences(db: Queryable, personId: number): Promise<ActiveLicenceRow[]> {
  const { rows } = await db.query<ActiveLicenceRow>(
    `SELECT o.id AS order_id, p.name AS product_name, p.use_rsa_2048, o.serial_new, o.serial_2048, o.license_activation_date,
            o.serial, o.creation_date, o.source, o.state
       FROM orders o JOIN product p ON p.id = o.product_id
      WHERE o.person_id = $1 AND o.state = 'active'
      ORDER BY p.name, o.id`,
    [personId],
  );
  return rows;
}

/** Deletes a device of one of the person's licences; false when there is no such device of theirs. */
export async function deleteDeviceOfPerson(db: Queryable, deviceId: number, personId: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `DELETE FROM order_device d USING orders o WHERE d.id = $1 AND o.id = d.order_id AND o.person_id = $2`,
    [deviceId, personId],
  );
  return (rowCount ?? 0) > 0;
}

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
