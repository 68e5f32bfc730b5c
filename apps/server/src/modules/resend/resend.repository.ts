import type { Queryable } from '../../db/client.js';

export type ResendableLicence = {
  id: number;
  serial: string;
  serial_new: string;
  serial_2048: string;
  product_name: string;
  use_rsa_2048: boolean;
  owner_email: string;
  owner_name: string;
};

/** The active licences of the product (by name, any case) owned by the person with this address. */
export async function findActiveLicencesOfOwner(db: Queryable, email: string, productName: string): Promise<ResendableLicence[]> {
  const { rows } = await db.query<ResendableLicence>(
    `SELECT o.id, o.serial, o.serial_new, o.serial_2048, pr.name AS product_name, pr.use_rsa_2048,
            pe.email AS owner_email, pe.name AS owner_name
       FROM orders o JOIN person pe ON pe.id = o.person_id JOIN product pr ON pr.id = o.product_id
      WHERE lower(pe.email) = lower($1) AND pe.email <> '' AND lower(pr.name) = lower($2) AND o.state = 'active'
      ORDER BY o.id`,
    [email, productName],
  );
  return rows;
}
