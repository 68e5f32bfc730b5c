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
  state: 'active' | 'refunded' | 'transferred' | 'revoked';
  yearly_device_removals: number | null;
};

/** The person's active licences with their product, by product name. */
export async function listActiveLicences(db: Queryable, personId: number): Promise<ActiveLicenceRow[]> {
  const { rows } = await db.query<ActiveLicenceRow>(
    `SELECT o.id AS order_id, p.name AS product_name, p.use_rsa_2048, o.serial_new, o.serial_2048, o.license_activation_date,
            o.serial, o.creation_date, o.source, o.state, p.yearly_device_removals
       FROM orders o JOIN product p ON p.id = o.product_id
      WHERE o.person_id = $1 AND o.state = 'active'
      ORDER BY p.name, o.id`,
    [personId],
  );
  return rows;
}
