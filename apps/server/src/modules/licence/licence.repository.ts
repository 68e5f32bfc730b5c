import type { Queryable } from '../../db/client.js';
import type { OrderState } from '../order/index.js';

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
  state: OrderState;
  upgraded_to: string | null;
  upgraded_from: string | null;
  yearly_device_removals: number | null;
};

/** The person's active licences with their product, by product name. */
export async function listActiveLicences(db: Queryable, personId: number): Promise<ActiveLicenceRow[]> {
  const { rows } = await db.query<ActiveLicenceRow>(
    `SELECT o.id AS order_id, p.name AS product_name, p.use_rsa_2048, o.serial_new, o.serial_2048, o.license_activation_date,
            o.serial, o.creation_date, o.source, o.state,
            -- Upgrades (decision 036; the offer module's tables, read in this list's statement): the product an
            -- active upgrade of this licence sells, and the product of the licence this one was upgraded from.
            (SELECT tp.name FROM orders u JOIN offer uo ON uo.id = u.offer_id AND uo.kind = 'upgrade' JOIN product tp ON tp.id = u.product_id
              WHERE u.upgraded_from_order_id = o.id AND u.state = 'active' ORDER BY u.id LIMIT 1) AS upgraded_to,
            (SELECT fp.name FROM orders f JOIN product fp ON fp.id = f.product_id JOIN offer fo ON fo.id = o.offer_id AND fo.kind = 'upgrade'
              WHERE f.id = o.upgraded_from_order_id) AS upgraded_from,
            p.yearly_device_removals
       FROM orders o JOIN product p ON p.id = o.product_id
      WHERE o.person_id = $1 AND o.state = 'active'
      ORDER BY p.name, o.id`,
    [personId],
  );
  return rows;
}
