import type { Queryable } from '../../db/client.js';

export type ResendableLicence = {
  id: number;
  serial: string;
  serial_new: string;
  serial_2048: string;
  product_name: string;
  use_rsa_2048: boolean;
};

/** The person's active licences of the product (by name, any case). */
export async function findActiveLicencesOfPerson(db: Queryable, personId: number, productName: string): Promise<ResendableLicence[]> {
  const { rows } = await db.query<ResendableLicence>(
    `SELECT o.id, o.serial, o.serial_new, o.serial_2048, pr.name AS product_name, pr.use_rsa_2048
       FROM orders o JOIN product pr ON pr.id = o.product_id
      WHERE o.person_id = $1 AND lower(pr.name) = lower($2) AND o.state = 'active'
      ORDER BY o.id`,
    [personId, productName],
  );
  return rows;
}
