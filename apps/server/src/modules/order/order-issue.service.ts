import type { PoolClient } from 'pg';
import { AppError } from '../../lib/app-error.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { enqueueMail } from '../../mail/outbox.js';
import { emptySerialPoolMail } from '../../mail/templates.js';
import { findProductById } from '../product/product.repository.js';
import { createLicenceKeys } from './licence-keys.js';
import { insertOrder, setOrderKeys, takeSerial, type NewOrder, type OrderRow } from './order.repository.js';

export type IssuedOrder = { order: OrderRow; productName: string; isNew: boolean };

/**
 * Creates one licence inside the caller's transaction: the order row, a serial from the product's pool (an
 * empty pool leaves it empty and alerts the administrator by mail), and its key files for the owner. Answers
 * `isNew: false` with nothing changed when the provider's order item already made a licence.
 */
export async function issueOrder(options: {
  client: PoolClient;
  secretBox: SecretBox;
  supportEmail: string;
  order: NewOrder;
}): Promise<IssuedOrder | undefined> {
  const { client, secretBox, order } = options;
  const product = await findProductById(client, order.productId);
  if (!product) throw new AppError('notFound', 'Product not found');
  const { rows: owners } = await client.query<{ name: string; email: string }>('SELECT name, email FROM person WHERE id = $1', [
    order.personId,
  ]);
  const owner = owners[0];
  if (!owner) throw new AppError('notFound', 'Person not found');

  const inserted = await insertOrder(client, order);
  if (!inserted) return undefined;
  const serial = await takeSerial(client, product.id, inserted.id);
  if (!serial) {
    const { rowCount } = await client.query('SELECT 1 FROM product_serial WHERE product_id = $1 LIMIT 1', [product.id]);
    if (rowCount) await enqueueMail(client, emptySerialPoolMail({ to: options.supportEmail, productName: product.name, orderId: inserted.id }));
  }
  const keys = createLicenceKeys({ product, owner, secretBox });
  const saved = await setOrderKeys(client, inserted.id, { serial, ...keys });
  return { order: saved, productName: product.name, isNew: true };
}
